/**
 * The re-consent sheet: after sign-in, when the server says `consentRequired` (the User
 * Agreement or Privacy Policy has a new version since the person last agreed, or they never did), this
 * sheet covers the page before anything else. "Agree" stores the agreement to the versions it loaded;
 * "Disagree" signs the person out (server and device) and goes home. The two texts open on /extend, where
 * the sheet steps aside so they can be read, and it is back on the next page.
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useAuth } from '../../shared/stores/auth-store'
import { agreeConsent, consentStatus, refuseConsent } from '../../shared/api/consent'
import { go } from '../../shared/router/navigate'
import { toast } from '../../shared/stores/toast-store'
import { isH5 } from '../../shared/env'
import { POLICY_TEXT, type PolicyVersions } from '@contracts/consent'
import { openPolicy } from './agree-terms'
import './sheet.scss'

export default function ConsentSheet({ path }: { path?: string }) {
  const { t } = useTranslation()
  const token = useAuth((s) => s.token)
  const user = useAuth((s) => s.user)
  const required = !!token && user?.consentRequired === true
  const [versions, setVersions] = useState<PolicyVersions | null>(null)
  const [busy, setBusy] = useState(false)

  /** the versions in force (the ones the person agrees to), or null when nothing is owed or unknown */
  const load = async (): Promise<PolicyVersions | null> => {
    try {
      const env = await consentStatus()
      if (env.code === 200 && env.result) {
        if (!env.result.required) {
          const me = useAuth.getState().user
          if (me) useAuth.getState().setUser({ ...me, consentRequired: false })
          return null
        }
        setVersions(env.result.current)
        return env.result.current
      }
    } catch {
      /* 401 is handled by the request client; a network failure leaves the sheet up (agree retries) */
    }
    return null
  }
  useEffect(() => {
    if (required) void load()
  }, [required])

  if (!required || path === '/extend') return null

  const agree = async () => {
    if (busy) return
    setBusy(true)
    try {
      const shown = versions ?? (await load())
      if (!shown) return
      const env = await agreeConsent(shown, isH5() ? 'h5' : 'weapp')
      if (env.code === 200) {
        const me = useAuth.getState().user
        if (me) useAuth.getState().setUser({ ...me, consentRequired: false })
        toast(t('consent.agreed'), { icon: 'success', duration: 1000 })
      } else if (env.code === 671) {
        // the texts changed while the sheet was open: load the new versions, the person agrees to those
        await load()
      }
    } catch {
      toast(t('common.networkError'))
    } finally {
      setBusy(false)
    }
  }

  const refuse = async () => {
    if (busy) return
    setBusy(true)
    try {
      await refuseConsent()
    } catch {
      /* signed out on this device anyway */
    }
    useAuth.getState().logout()
    setBusy(false)
    toast(t('consent.signedOut'), { duration: 2500 })
    void go('/', { replace: true })
  }

  return (
    <View className='hj-sheet-layer' data-testid='consent-sheet' catchMove>
      <View className='hj-sheet' role='dialog' aria-modal='true' aria-labelledby='hj-consent-title'>
        <Text className='hj-sheet__title' id='hj-consent-title'>
          {t('consent.title')}
        </Text>
        <Text className='hj-sheet__text'>{t('consent.text')}</Text>
        <View className='hj-sheet__links'>
          <Text className='hj-link' data-testid='consent-agreement' onClick={() => openPolicy(POLICY_TEXT.agreement)}>
            {t('register.agreement')}
          </Text>
          <Text className='hj-link' data-testid='consent-privacy' onClick={() => openPolicy(POLICY_TEXT.privacy)}>
            {t('register.privacy')}
          </Text>
        </View>
        <View className='hj-sheet__actions'>
          <View className='hj-btn hj-btn--ghost hj-sheet__btn' data-testid='consent-refuse' onClick={() => void refuse()}>
            {t('consent.refuse')}
          </View>
          <View className={`hj-btn hj-sheet__btn${busy ? ' is-busy' : ''}`} data-testid='consent-agree' onClick={() => void agree()}>
            {t('consent.agree')}
          </View>
        </View>
      </View>
    </View>
  )
}
