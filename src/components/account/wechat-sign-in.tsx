/**
 * "WeChat sign-in" on the login page. Shown only where WeChat can vouch for the person:
 * - weapp build: Taro.login → server → token, then on to the redirect target;
 * - H5 inside WeChat (in-app browser or a mini-program web-view): WeChat's consent page, which comes
 *   back with ?code= and the app's boot hook finishes the sign-in (src/shared/auth/wechat-login.ts).
 * Elsewhere (ordinary browsers, WeCom) it renders nothing. A first WeChat sign-in creates the account, so
 * the User Agreement and Privacy Policy box must be ticked first.
 */
import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { weChatEnv } from '../../shared/env'
import { userAgent } from '../../shared/platform/browser'
import { go } from '../../shared/router/navigate'
import { safeRedirect, startH5WechatSignIn, weappWechatSignIn } from '../../shared/auth/wechat-login'
import AgreeTerms from './agree-terms'
import './wechat-sign-in.scss'
import { toast } from '../../shared/stores/toast-store'

export interface WechatSignInProps {
  /** the login page's `redirect` query value (decoded) */
  redirect?: string
}

export default function WechatSignIn({ redirect }: WechatSignInProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [agree, setAgree] = useState(false)
  const env = weChatEnv(userAgent())
  if (env === 'none') return null

  const target = safeRedirect(redirect) ?? '/'
  const signIn = async () => {
    if (busy) return
    if (!agree) {
      toast(t('validate.agreeRequired'), { duration: 2000 })
      return
    }
    setBusy(true)
    try {
      if (env === 'weapp') {
        const user = await weappWechatSignIn(true)
        if (user) {
          // a sign-in that cancelled a pending account deletion: the session store says so instead
          if (!user.deletionCancelled) toast(t('login.success'), { icon: 'success', duration: 1000 })
          await go(target, { replace: true })
        }
      } else {
        await startH5WechatSignIn(target, true)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className='hj-wechat-signin'>
      <View className='hj-wechat-signin__or'>
        <Text>{t('wechat.or')}</Text>
      </View>
      <AgreeTerms checked={agree} onChange={setAgree} testId='wechat-agree' />
      <View className={`hj-btn hj-btn--wechat${busy ? ' is-busy' : ''}`} data-testid='wechat-sign-in' onClick={signIn}>
        {t('wechat.signIn')}
      </View>
    </View>
  )
}
