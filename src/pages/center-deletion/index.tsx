/**
 * /center/deletion — delete my account (注销). What is erased and what is kept anonymously, the 7-day
 * cooling-off (signing in again within it cancels), proof that it is the person (their password, a
 * 6-digit code sent to the account's e-mail, or — in the mini-program, for an account linked to WeChat —
 * WeChat's word: Taro.login → a fresh ticket; H5 inside WeChat: after the last confirmation a round trip
 * through WeChat's consent page, back here with `?wxproof=1&code=`, whose code the page exchanges for
 * the ticket and sends at once), offering exactly the proofs the deletion status says the
 * account can give; a last confirmation; then the server revokes every token,
 * the app signs out (the session store's logout, as "Log out" does) and lands on the home page with a
 * message. A refusal shows the server's translated message under the form.
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import Field from '../../components/ui/field'
import Form from '../../components/ui/form'
import CodeButton from '../../components/ui/code-button'
import ConfirmDialog from '../../components/ui/confirm-dialog'
import { Loading } from '../../components/ui/loading'
import { pressable, pressKeys } from '../../components/ui/pressable'
import LoginPrompt from '../../components/center/login-prompt'
import CenterSection from '../../components/center/section'
import { ERASED, KEPT, offeredProofs, proofBody, proofError, refusalKey, type ProofWay } from '../../components/center/deletion'
import { useFreshUser } from '../../shared/hooks/use-fresh-user'
import { useCountdown } from '../../shared/hooks/use-countdown'
import { useAuth } from '../../shared/stores/auth-store'
import { toast } from '../../shared/stores/toast-store'
import { go } from '../../shared/router/navigate'
import {
  deletionStatus,
  requestDeletion,
  sendDeletionCode,
  wechatDeletionAuthorizeUrl,
  wechatDeletionTicket,
  wechatDeletionTicketOfCode,
} from '../../shared/api/privacy'
import { isWeapp, weChatEnv } from '../../shared/env'
import { assignLocation, currentLocation, userAgent } from '../../shared/platform/browser'
import { replaceUrlQuery } from '../../shared/platform/url-query'
import { splitUrl } from '../../shared/router/routes'
import { DELETION_COOLING_OFF_DAYS, DELETION_WECHAT_MARK, type DeletionProof, type DeletionRequestBody } from '@contracts/privacy'
import { isWechatPlaceholderEmail } from '@contracts/wechat'
import type { CurrentUser } from '@contracts/api'
import '../../components/center/center.scss'
import '../../components/center/privacy.scss'
import '../../shared/i18n/sections/deletion'

const days = DELETION_COOLING_OFF_DAYS

function Bullets({ keys, base, tone, testid }: { keys: readonly string[]; base: string; tone: 'gone' | 'kept'; testid: string }) {
  const { t } = useTranslation()
  return (
    <View className='hj-pv-list' data-testid={testid}>
      {keys.map((k) => (
        <View key={k} className={`hj-pv-item hj-pv-item--${tone}`}>
          <Text className='hj-pv-item__mark' aria-hidden>
            {tone === 'gone' ? '×' : '✓'}
          </Text>
          <Text>{t(`${base}.${k}`)}</Text>
        </View>
      ))}
    </View>
  )
}

function DeletionForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const logout = useAuth((s) => s.logout)
  const hasEmail = !!user.email && !isWechatPlaceholderEmail(user.email)
  // the proofs the account can give, from the deletion status (null until it answers: password and code)
  const [proofs, setProofs] = useState<DeletionProof[] | null>(null)
  const inWechatBrowser = !isWeapp() && weChatEnv(userAgent()) === 'wechatBrowser'
  const ways = offeredProofs(proofs, hasEmail, isWeapp() || inWechatBrowser)
  const [chosen, setWay] = useState<ProofWay | null>(null)
  const way: ProofWay | null = chosen && ways.includes(chosen) ? chosen : (ways[0] ?? null)
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState<'code' | 'delete' | null>(null)
  const [left, startCountdown] = useCountdown()

  useEffect(() => {
    let live = true
    deletionStatus()
      .then((env) => {
        if (live && env.code === 200 && Array.isArray(env.result?.proofs)) setProofs(env.result.proofs)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])

  // H5 inside WeChat: back from WeChat's consent page (the person confirmed before leaving): the code
  // leaves the address at once (it works once) and its ticket goes with the request
  useEffect(() => {
    if (isWeapp()) return
    const [path, query] = splitUrl(currentLocation())
    if (query[DELETION_WECHAT_MARK] !== '1') return
    const rest: Record<string, string> = {}
    for (const [k, v] of Object.entries(query)) if (k !== DELETION_WECHAT_MARK && k !== 'code' && k !== 'state') rest[k] = v
    replaceUrlQuery(path, rest)
    const code = query.code || ''
    setWay('wechat')
    if (!code) {
      setError(t('deletion.wechatFailed'))
      return
    }
    setBusy('delete')
    void (async () => {
      try {
        const ticket = await wechatDeletionTicketOfCode(code)
        if (!ticket) setError(t('deletion.wechatFailed'))
        else await send({ wechatTicket: ticket })
      } catch {
        setError(t('common.networkError'))
      } finally {
        setBusy(null)
      }
    })()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [])

  const pick = (w: ProofWay) => {
    if (!ways.includes(w)) return
    setWay(w)
    setError(null)
  }

  const sendCode = async () => {
    if (left > 0 || busy) return
    setBusy('code')
    try {
      const env = await sendDeletionCode()
      if (env.code === 200) {
        toast(t('deletion.codeSent'))
        startCountdown()
        setError(null)
      } else setError(t(refusalKey(env.code), { defaultValue: env.message }))
    } catch {
      setError(t('common.networkError'))
    } finally {
      setBusy(null)
    }
  }

  /** the request; on success the server has revoked every token: forget ours and leave, as "Log out" does */
  const send = async (body: DeletionRequestBody) => {
    const env = await requestDeletion(body)
    setAsking(false)
    if (env.code === 200) {
      logout()
      toast(t('deletion.done', { days }), { duration: 5000 })
      void go('/', { replace: true })
      return
    }
    setError(t(refusalKey(env.code), { defaultValue: env.message }))
  }

  const ask = () => {
    if (!way) return
    const missing = proofError(way, password, code)
    setError(missing ? t(missing) : null)
    if (!missing) setAsking(true)
  }

  const confirm = async () => {
    if (busy || !way) return
    setBusy('delete')
    try {
      if (way === 'wechat' && !isWeapp()) {
        // H5 inside WeChat: to WeChat's consent page; the page sends the request when it comes back
        const url = await wechatDeletionAuthorizeUrl()
        setAsking(false)
        if (url) assignLocation(url)
        else setError(t('deletion.wechatFailed'))
        return
      }
      // WeChat's proof in the mini-program: a fresh ticket from Taro.login, asked for at the moment of the request (5 minutes)
      const ticket = way === 'wechat' ? await wechatDeletionTicket() : ''
      if (way === 'wechat' && !ticket) {
        setAsking(false)
        setError(t('deletion.wechatFailed'))
        return
      }
      await send(proofBody(way, password, code, ticket ?? ''))
    } catch {
      setAsking(false)
      setError(t('common.networkError'))
    } finally {
      setBusy(null)
    }
  }

  return (
    <View className='hj-ct-info' data-testid='deletion-page'>
      <CenterSection title={t('deletion.title')} testid='deletion-intro'>
        <Text className='hj-ct-text'>{t('deletion.intro')}</Text>
        <Text className='hj-ct-text'>
          {t('deletion.account')}: <Text data-testid='deletion-account'>{hasEmail ? user.email : user.nickName}</Text>
        </Text>
      </CenterSection>

      <CenterSection title={t('deletion.erasedTitle')} testid='deletion-erased'>
        <Bullets keys={ERASED} base='deletion.erased' tone='gone' testid='deletion-erased-list' />
      </CenterSection>

      <CenterSection title={t('deletion.keptTitle')} testid='deletion-kept'>
        <Bullets keys={KEPT} base='deletion.kept' tone='kept' testid='deletion-kept-list' />
      </CenterSection>

      <CenterSection title={t('deletion.coolingTitle')} testid='deletion-cooling'>
        <Text className='hj-pv-callout' data-testid='deletion-cooling-text'>
          {t('deletion.cooling', { days })}
        </Text>
      </CenterSection>

      <CenterSection title={t('deletion.proveTitle')} testid='deletion-prove'>
        {ways.length === 0 && (
          <Text className='hj-ct-text' data-testid='deletion-wechat-in-mini'>
            {t('deletion.wechatInMini')}
          </Text>
        )}
        <View className='hj-pv-ways' role='tablist'>
          {ways.map((w) => (
            <View
              key={w}
              className={`hj-pv-way${way === w ? ' is-on' : ''}`}
              {...pressable()}
              {...pressKeys(() => pick(w))}
              aria-selected={way === w}
              data-testid={`deletion-way-${w}`}
              onClick={() => pick(w)}
            >
              {t(w === 'password' ? 'deletion.byPassword' : w === 'code' ? 'deletion.byCode' : 'deletion.byWechat')}
            </View>
          ))}
        </View>
        <Form stack onSubmit={ask}>
          {way === 'password' ? (
            <Field label={t('deletion.password')} value={password} onChange={setPassword} testId='deletion-password' password maxlength={64} />
          ) : way === 'wechat' ? (
            <Text className='hj-ct-text' data-testid='deletion-wechat-hint'>
              {t('deletion.wechatHint')}
            </Text>
          ) : way === 'code' ? (
            <>
              <Text className='hj-ct-text' data-testid='deletion-code-to'>
                {t('deletion.codeTo', { email: user.email })}
              </Text>
              <Field
                label={t('deletion.code')}
                value={code}
                onChange={setCode}
                testId='deletion-code'
                maxlength={6}
                suffix={
                  <CodeButton testId='deletion-send-code' disabled={left > 0 || busy === 'code'} onClick={() => void sendCode()}>
                    {left > 0 ? t('deletion.resend', { s: left }) : t('deletion.sendCode')}
                  </CodeButton>
                }
              />
            </>
          ) : null}
          {!hasEmail && way === 'password' && <Text className='hj-ct-text'>{t('deletion.noEmail')}</Text>}
          <Text className='hj-pv-error' data-testid='deletion-error'>
            {error ?? ''}
          </Text>
          {way && (
            <View className='hj-ct-btn hj-pv-danger' {...pressable()} {...pressKeys(ask)} data-testid='deletion-submit' onClick={ask}>
              {t(way === 'wechat' ? 'deletion.submitWechat' : 'deletion.submit')}
            </View>
          )}
        </Form>
      </CenterSection>

      <Text className='hj-ct-link hj-ct-back' data-testid='deletion-back' onClick={() => go('/center')}>
        ‹ {t('deletion.back')}
      </Text>

      {asking && (
        <ConfirmDialog
          title={t('deletion.confirmTitle')}
          body={t('deletion.confirmBody', { days })}
          ok={t('deletion.confirmOk')}
          cancel={t('common.cancel')}
          danger
          busy={busy === 'delete'}
          testid='deletion-confirm'
          onOk={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      )}
    </View>
  )
}

export default function CenterDeletionPage() {
  const { t } = useTranslation()
  const { token, user } = useFreshUser()
  return (
    <Layout path='/center/deletion' titleKey='page.centerDeletion'>
      {!token ? <LoginPrompt /> : !user ? <Loading className='hj-ct-note' text={t('common.loading')} /> : <DeletionForm key={user.id} user={user} />}
    </Layout>
  )
}
