/**
 * The subscription dialog (spec sections 2, 4, 5, 9): taro-ui's AtModal, 600 px wide on desktop (full
 * width on a phone), z-index 2000, NOT closed by a click on the backdrop (only the close / cancel buttons
 * and, on H5, Escape, which is the cancel button's keyboard twin). Variants:
 * - logged in: categories only (the account e-mail is used);
 * - opened from the footer: the footer's already-validated e-mail is shown;
 * - opened from the floating widget: the e-mail is asked here ('Please fill in your usual email' /
 *   'Incorrect email format').
 * Success and failure end in a toast (spec section 8 "Client messages").
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import AtModal from 'taro-ui/lib/components/modal'
import { useDialogFocus } from '../ui/dialog-focus'
import { pressable } from '../ui/pressable'
import { useLang } from '../../shared/hooks/use-lang'
import { pickLang } from '../../shared/i18n'
import Field from '../ui/field'
import { useAuth } from '../../shared/stores/auth-store'
import { subscribeEmailError } from '../../shared/validation'
import { subscribe, subscriptionCategories } from '../../shared/api/subscription'
import type { OptionItem } from '@contracts/api'
import '../ui/at/modal.scss'
import './subscribe.scss'
import { toast } from '../../shared/stores/toast-store'

export interface SubscribeDialogProps {
  /** 'footer': e-mail given by the footer box; 'widget': asked in the dialog */
  source: 'footer' | 'widget'
  email?: string
  onClose(done: boolean): void
}

export default function SubscribeDialog({ source, email: givenEmail = '', onClose }: SubscribeDialogProps) {
  const { t } = useTranslation()
  const lang = useLang()
  const user = useAuth((s) => s.user)
  const token = useAuth((s) => s.token)
  const loggedIn = !!token
  const askEmail = !loggedIn && source === 'widget'
  const [email, setEmail] = useState(givenEmail)
  const [emailError, setEmailError] = useState('')
  const [options, setOptions] = useState<OptionItem[] | null>(null)
  const [picked, setPicked] = useState<string[]>([])
  const [pickError, setPickError] = useState('')
  const [busy, setBusy] = useState(false)
  const trap = useDialogFocus(() => onClose(false))

  useEffect(() => {
    let alive = true
    subscriptionCategories()
      .then((env) => alive && setOptions(env.code === 200 ? env.result : []))
      .catch(() => alive && setOptions([]))
    return () => {
      alive = false
    }
  }, [])

  const toggle = (code: string) => {
    setPickError('')
    setPicked((p) => (p.includes(code) ? p.filter((c) => c !== code) : [...p, code]))
  }

  const submit = async () => {
    if (busy) return
    const eErr = askEmail ? subscribeEmailError(email) : ''
    const pErr = picked.length ? '' : 'subscribe.categoriesRequired'
    setEmailError(eErr)
    setPickError(pErr)
    if (eErr || pErr) return
    setBusy(true)
    try {
      const env = await subscribe({ ...(loggedIn ? {} : { email: email.trim(), source }), professionalCodeList: picked })
      if (env.code === 200) {
        const msg = env.result.status === 'confirmed' ? t('subscribe.successConfirmed') : t('subscribe.successPending')
        toast(msg, { duration: 3500 })
        onClose(true)
        return
      }
      const reason = (env.result as { reason?: string } | null)?.reason
      const text = reason === 'blacklisted' ? t('subscribe.blacklisted') : t(`request.${env.code}`, { defaultValue: t('subscribe.failure') })
      toast(text, { duration: 3000 })
    } catch {
      toast(t('subscribe.failure'), { duration: 3000 })
    } finally {
      setBusy(false)
    }
  }

  return (
    // AtModal drops data-* attributes: the test id, the variant and the spec's z-index sit on our layer around it.
    // closeOnClickOverlay={false}: the dialog is not closable by the backdrop.
    <View className='hj-sub-layer' data-testid='subscribe-dialog' data-variant={loggedIn ? 'user' : source}>
      <AtModal isOpened closeOnClickOverlay={false} className='hj-sub-modal'>
        <View className='hj-sub' catchMove ref={trap} role='dialog' aria-modal='true' aria-labelledby='hj-sub-title'>
        <View className='hj-sub__head'>
          <Text className='hj-sub__title' id='hj-sub-title'>{t('subscribe.title')}</Text>
          <View className='hj-sub__x' data-testid='subscribe-close' {...pressable()} aria-label={t('subscribe.close')} onClick={() => onClose(false)}>
            <Text aria-hidden='true'>×</Text>
          </View>
        </View>
        <Text className='hj-sub__intro'>{t('subscribe.intro')}</Text>

        {askEmail && (
          <View className='hj-sub__field'>
            <Field
              className='hj-sub__email'
              label={t('subscribe.email')}
              value={email}
              placeholder={t('subscribe.emailPlaceholder')}
              maxlength={140}
              onChange={(v) => {
                setEmail(v)
                setEmailError('')
              }}
              testId='subscribe-email'
            />
            {!!emailError && (
              <Text className='hj-sub__error' data-testid='subscribe-email-error'>
                {t(emailError)}
              </Text>
            )}
          </View>
        )}
        {!askEmail && (
          <Text className='hj-sub__who' data-testid='subscribe-who'>
            {t('subscribe.loggedInAs', { email: loggedIn ? user?.email || '' : email })}
          </Text>
        )}

        <View className='hj-sub__field'>
          <Text className='hj-sub__label'>{t('subscribe.categories')}</Text>
          {options === null ? (
            <Text className='hj-sub__muted'>{t('subscribe.loading')}</Text>
          ) : (
            <View className='hj-sub__chips'>
              {options.map((o) => (
                <View
                  key={o.code}
                  className={`hj-sub__chip${picked.includes(o.code) ? ' is-on' : ''}`}
                  data-testid={`subscribe-cat-${o.code}`}
                  {...pressable('checkbox')}
                  aria-checked={picked.includes(o.code)}
                  onClick={() => toggle(o.code)}
                >
                  <Text>{pickLang(o, 'name', lang)}</Text>
                </View>
              ))}
            </View>
          )}
          {!!pickError && (
            <Text className='hj-sub__error' data-testid='subscribe-cat-error'>
              {t(pickError)}
            </Text>
          )}
        </View>

        <View className='hj-sub__actions'>
          <View className='hj-sub__btn' data-testid='subscribe-cancel' {...pressable()} onClick={() => onClose(false)}>
            <Text>{t('subscribe.cancel')}</Text>
          </View>
          <View className={`hj-sub__btn hj-sub__btn--primary${busy ? ' is-busy' : ''}`} data-testid='subscribe-submit' {...pressable()} aria-disabled={busy} onClick={submit}>
            <Text>{busy ? t('subscribe.submitting') : t('subscribe.submit')}</Text>
          </View>
        </View>
        </View>
      </AtModal>
    </View>
  )
}
