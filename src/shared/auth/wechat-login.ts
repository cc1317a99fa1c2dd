/**
 * WeChat sign-in on the client (spec section 4).
 *
 * - weapp: `Taro.login` → POST wx/mini/login { code } → cuser/wechat/login with the ticket → token →
 *   current user → logged in. Profile: WeChat no longer gives nickname/avatar to mini-programs
 *   (getUserProfile is deprecated), so the server uses defaults and the user edits them in /center/userinfo.
 * - H5 inside WeChat: when the URL has a query `code` (WeChat's OAuth redirect) → GET wx/login → store
 *   nickname and avatar → cuser/wechat/login → store token → load the user → replace the URL with the
 *   original one without `code` (other query params kept), or go to the `redirect` target.
 *
 * No DOM here: the URL comes from platform/browser (H5 twin), so this file also builds for the weapp.
 */
import { useEffect } from 'react'
import Taro from '@tarojs/taro'
import type { CurrentUser, Envelope } from '@contracts/api'
import { WECHAT_OAUTH_STATE, type WxLoginResult } from '@contracts/wechat'
import { DELETION_WECHAT_MARK } from '@contracts/privacy'
import { fetchCurrentUser, wechatLogin, wxAuthorizeUrl, wxH5Login, wxMiniLogin } from '../api/wechat'
import { STORAGE_KEYS, clearAuth, setItem, setToken } from '../storage'
import { useAuth } from '../stores/auth-store'
import { go } from '../router/navigate'
import { splitUrl, toQuery } from '../router/routes'
import { assignLocation, currentLocation } from '../platform/browser'
import { t } from '../i18n'
import { toast } from '../stores/toast-store'

/**
 * A `redirect` query value → a same-site path, or null. Accepts a path+query or the admin guard's JSON
 * `{ path, query }`; never another origin (`//x`, `https://x`) and never the login page itself.
 */
export function safeRedirect(raw: string | undefined | null): string | null {
  if (!raw) return null
  let target = raw.trim()
  if (target.startsWith('{')) {
    try {
      const { path, query } = JSON.parse(target) as { path: string; query?: Record<string, string> }
      const qs = toQuery(query || {})
      target = `${path}${qs ? `?${qs}` : ''}`
    } catch {
      return null
    }
  }
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null
  if (/^\/login(\?|$|\/)/.test(target)) return null
  return target
}

/** The OAuth `code` in a URL ("/x?code=…"), or null. */
export function wechatCodeOf(url: string): string | null {
  const [, query] = splitUrl(url)
  return query.code ? query.code : null
}

/** The URL without WeChat's `code` (and our own `state` marker); every other query param stays. */
export function withoutWechatCode(url: string): string {
  const [path, query] = splitUrl(url)
  const rest: Record<string, string> = {}
  for (const [k, v] of Object.entries(query)) {
    if (k === 'code' || k === 'agree') continue
    if (k === 'state' && v === WECHAT_OAUTH_STATE) continue
    rest[k] = v
  }
  const qs = toQuery(rest)
  return `${path}${qs ? `?${qs}` : ''}`
}

/** Where a successful sign-in lands: the `redirect` target, else the page itself (login page → home). */
export function afterSignInTarget(url: string): string {
  const [, query] = splitUrl(url)
  const redirect = safeRedirect(query.redirect)
  if (redirect) return redirect
  const clean = withoutWechatCode(url)
  return /^\/login(\?|$)/.test(clean) || /^\/pages\/login\//.test(clean) ? '/' : clean
}

/** Step 2 of both flows: ticket → token → current user → logged in everywhere. */
async function finishSignIn(
  step: WxLoginResult,
  profile: { avatarUrl: string; nickName: string },
  /** given: the login call is silent and a refusal is reported here instead of as a toast */
  onRefused?: (env: Envelope<unknown>) => void,
  /** the person ticked the User Agreement and Privacy Policy box (needed when the sign-in creates the account) */
  agree = false,
): Promise<CurrentUser | null> {
  const silent = !!onRefused
  const env = await wechatLogin(
    { unionId: step.unionId, avatarUrl: profile.avatarUrl, nickName: profile.nickName, ticket: step.ticket, ...(agree ? { agree: true } : {}) },
    silent,
  )
  const token = env.code === 200 && typeof env.result === 'string' ? env.result : ''
  if (!token) {
    onRefused?.(env)
    return null
  }
  setToken(token)
  try {
    const me = await fetchCurrentUser()
    if (me.code === 200 && me.result) {
      useAuth.getState().login({ token, userInfo: me.result })
      return me.result
    }
  } catch {
    /* falls through: a token without a user is no login */
  }
  clearAuth()
  useAuth.getState().sync()
  return null
}

/** weapp: the "WeChat sign-in" button. Resolves with the user, or null (a warning was shown). */
export async function weappWechatSignIn(agree = false): Promise<CurrentUser | null> {
  let code = ''
  try {
    const res = await Taro.login()
    code = res?.code || ''
  } catch {
    code = ''
  }
  if (!code) {
    toast(t('wechat.failed'))
    return null
  }
  try {
    const step = await wxMiniLogin(code)
    if (step.code !== 200 || !step.result) return null
    return await finishSignIn(step.result, { avatarUrl: '', nickName: '' }, undefined, agree)
  } catch {
    toast(t('common.networkError'))
    return null
  }
}

/** H5 inside WeChat: the "WeChat sign-in" button sends the visitor to WeChat's consent page. */
export async function startH5WechatSignIn(target: string, agree = false): Promise<boolean> {
  // WeChat comes back to the login page, which no route guard bounces a visitor away from; the ticked
  // agreement rides along as agree=1 (removed from the URL with the code)
  const back = `/login?redirect=${encodeURIComponent(safeRedirect(target) ?? '/')}${agree ? '&agree=1' : ''}`
  try {
    const env = await wxAuthorizeUrl(back)
    if (env.code !== 200 || !env.result?.url) return false
    assignLocation(env.result.url)
    return true
  } catch {
    toast(t('common.networkError'))
    return false
  }
}

/** Runs `fn` once, after the next H5 route change (or after `fallbackMs` if none comes). */
function afterNextRouteChange(fn: () => void, fallbackMs = 1500): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    Taro.eventCenter.off('__afterTaroRouterChange', run)
    fn()
  }
  Taro.eventCenter.on('__afterTaroRouterChange', run)
  setTimeout(run, fallbackMs)
}

export type CodeSignInOutcome = 'none' | 'signed-in' | 'failed'

/**
 * H5: the spec's "query code" flow for the URL `url` (default: the address bar). Always leaves the
 * URL without `code` (a WeChat code works once, so a reload must not replay it).
 */
export async function h5WechatCodeSignIn(url: string = currentLocation()): Promise<CodeSignInOutcome> {
  const code = wechatCodeOf(url)
  if (!code) return 'none'
  // the deletion page's WeChat proof came back with this code: the page uses it, not a sign-in
  if (splitUrl(url)[1][DELETION_WECHAT_MARK] === '1') return 'none'
  const agree = splitUrl(url)[1].agree === '1'
  let user: CurrentUser | null = null
  // The calls are silent and the refusal is shown once we have landed: the loading mask covers the page
  // meanwhile, and the toast then gets its whole time on the page the visitor reads.
  let message: string | null = null
  const refused = (env: Envelope<unknown>) => {
    message = t(`request.${env.code}`, { defaultValue: env.message || t('request.500') })
  }
  void Taro.showLoading({ title: t('wechat.signingIn'), mask: true })
  try {
    const step = await wxH5Login(code, true)
    if (step.code === 200 && step.result) {
      const info = step.result.userInfo
      if (info) setItem(STORAGE_KEYS.wxUserInfo, info)
      user = await finishSignIn(step.result, { avatarUrl: info?.headimgurl ?? '', nickName: info?.nickname ?? '' }, refused, agree)
    } else {
      refused(step)
    }
  } catch {
    message = t('common.networkError')
  } finally {
    void Taro.hideLoading()
  }
  const text = message as string | null
  // show the refusal on the page we land on
  if (text) afterNextRouteChange(() => toast(text, { duration: 2500 }))
  await go(user ? afterSignInTarget(url) : withoutWechatCode(url), { replace: true })
  return user ? 'signed-in' : 'failed'
}

let started = false

/** Test helper: allow the boot hook to run again. */
export function resetWechatCodeSignIn(): void {
  started = false
}

/**
 * Boot hook (src/app.ts): in H5, run the query-code sign-in once per page load. The mini-program has no
 * URL query from WeChat; it signs in from the login page's button.
 */
export function useWechatCodeSignIn(): void {
  useEffect(() => {
    if (process.env.TARO_ENV !== 'h5' || started) return
    started = true
    void h5WechatCodeSignIn()
  }, [])
}
