/**
 * /unsubscribe — the landing page of subscription mail links (signed `token` in the query):
 * - `?action=confirm&token=…` (confirmation mail): confirms the double opt-in and shows the categories;
 * - `?token=…` (every news mail): shows the subscription, then "Unsubscribe" calls
 *   …/confirm/cancel/subscribe and shows the result. Mail clients can also unsubscribe in one click
 *   (RFC 8058 header) without this page.
 */
import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import Layout from '../../components/layout'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import { go } from '../../shared/router/navigate'
import { pickLang } from '../../shared/i18n'
import { confirmSubscription, confirmUnsubscribe, subscriptionCategories, unsubscribeView } from '../../shared/api/subscription'
import type { SubscriptionView } from '@contracts/subscription'
import type { OptionItem } from '@contracts/api'
import '../../components/subscribe/subscribe.scss'
// this part of the texts travels with the pages that use it (mini-program: not in the main package)
import '../../shared/i18n/sections/unsubscribe'

type State = 'loading' | 'invalid' | 'confirmed' | 'manage' | 'working' | 'done'

function param(v: unknown): string {
  try {
    return decodeURIComponent(String(v ?? ''))
  } catch {
    return String(v ?? '')
  }
}

export default function Page() {
  const { t } = useTranslation()
  const lang = useLang()
  const mobile = useIsMobile()
  const router = useRouter()
  const token = param(router?.params?.token)
  const action = param(router?.params?.action)
  const [state, setState] = useState<State>('loading')
  const [view, setView] = useState<SubscriptionView | null>(null)
  const [names, setNames] = useState<OptionItem[]>([])

  useEffect(() => {
    let alive = true
    subscriptionCategories()
      .then((env) => alive && env.code === 200 && setNames(env.result))
      .catch(() => undefined)
    if (!token) {
      setState('invalid')
      return
    }
    const call = action === 'confirm' ? confirmSubscription(token) : unsubscribeView(token)
    call
      .then((env) => {
        if (!alive) return
        if (env.code !== 200) return setState('invalid')
        setView(env.result)
        setState(action === 'confirm' ? 'confirmed' : env.result.status === 'unsubscribed' ? 'done' : 'manage')
      })
      .catch(() => alive && setState('invalid'))
    return () => {
      alive = false
    }
  }, [token, action])

  const unsubscribe = async () => {
    if (state === 'working') return
    setState('working')
    try {
      // the confirm link and the unsubscribe link carry different tokens: from the confirmation page
      // the user goes through the unsubscribe link of the mail instead
      const env = await confirmUnsubscribe(token)
      if (env.code !== 200) return setState('invalid')
      setView(env.result)
      setState('done')
    } catch {
      setState('manage')
    }
  }

  const label = (code: string) => {
    const o = names.find((n) => n.code === code)
    return o ? pickLang(o, 'name', lang) : code
  }
  const chips = (
    <View className='hj-unsub__chips' data-testid='unsubscribe-categories'>
      {view && view.professionalCodeList.length ? (
        view.professionalCodeList.map((c) => (
          <Text key={c} className='hj-unsub__chip'>
            {label(c)}
          </Text>
        ))
      ) : (
        <Text className='hj-unsub__text'>{t('unsubscribe.none')}</Text>
      )}
    </View>
  )
  const home = (
    <View className='hj-unsub__btn' data-testid='unsubscribe-home' onClick={() => go('/')}>
      <Text>{t('unsubscribe.home')}</Text>
    </View>
  )

  return (
    <Layout path='/unsubscribe' titleKey='page.unsubscribe'>
      <View className={`hj-unsub${mobile ? ' is-mobile' : ''}`} data-testid='unsubscribe-page' data-state={state}>
        {state === 'loading' && <Text className='hj-unsub__text'>{t('unsubscribe.loading')}</Text>}
        {state === 'invalid' && (
          <>
            <Text className='hj-unsub__title'>{t('unsubscribe.title')}</Text>
            <Text className='hj-unsub__text' data-testid='unsubscribe-invalid'>
              {t('unsubscribe.invalid')}
            </Text>
            <View className='hj-unsub__actions'>{home}</View>
          </>
        )}
        {state === 'confirmed' && view && (
          <>
            <Text className='hj-unsub__title' data-testid='unsubscribe-confirmed'>
              {t('unsubscribe.confirmedTitle')}
            </Text>
            <Text className='hj-unsub__text'>{t('unsubscribe.confirmedText', { email: view.email })}</Text>
            {chips}
            <View className='hj-unsub__actions'>{home}</View>
          </>
        )}
        {(state === 'manage' || state === 'working') && view && (
          <>
            <Text className='hj-unsub__title'>{t('unsubscribe.manageTitle')}</Text>
            <Text className='hj-unsub__text'>{t('unsubscribe.manageText', { email: view.email })}</Text>
            {chips}
            <View className='hj-unsub__actions'>
              <View className='hj-unsub__btn hj-unsub__btn--primary' data-testid='unsubscribe-confirm' onClick={unsubscribe}>
                <Text>{state === 'working' ? t('unsubscribe.working') : t('unsubscribe.confirm')}</Text>
              </View>
              {home}
            </View>
          </>
        )}
        {state === 'done' && view && (
          <>
            <Text className='hj-unsub__title' data-testid='unsubscribe-done'>
              {t('unsubscribe.doneTitle')}
            </Text>
            <Text className='hj-unsub__text'>{t('unsubscribe.doneText', { email: view.email })}</Text>
            <View className='hj-unsub__actions'>{home}</View>
          </>
        )}
      </View>
    </Layout>
  )
}
