/**
 * Client for WeChat's server APIs (the real endpoints; the base URL is configurable so tests use a
 * local fake): sign-in (modules/wechat) and subscribe messages (modules/notification). App secrets are
 * sent only from here, server to WeChat.
 *
 * WeChat answers HTTP 200 with `{ errcode, errmsg }` on failure; every failure (including network
 * errors, timeouts and non-JSON answers) becomes a WeChatApiError so the service maps it in one place.
 */
import type { WeChatConfig } from '../config'

export const WECHAT_TIMEOUT_MS = 8000

/** errcodes the service treats specially (WeChat's documented values) */
export const WX_ERR = {
  /** network failure, timeout, HTTP error or an answer that is not WeChat's JSON */
  unreachable: -2,
  systemBusy: -1,
  invalidCode: 40029,
  codeUsed: 40163,
  rateLimit: 45011,
} as const

export class WeChatApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
    readonly api: string,
  ) {
    super(`WeChat ${api} failed: ${errcode} ${errmsg}`)
    this.name = 'WeChatApiError'
  }
}

export interface Code2Session {
  openid: string
  unionid: string | null
  /** used only to decrypt data the client sends; never stored, never returned */
  sessionKey: string
}

export interface OAuthToken {
  accessToken: string
  openid: string
  unionid: string | null
}

export interface SnsUserInfo {
  openid: string
  nickname: string
  headimgurl: string
  unionid: string | null
}

type Params = Record<string, string>

export class WeChatClient {
  constructor(
    private readonly config: WeChatConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** GET with the query, or POST `json` as the body; WeChat's `{ errcode }` failures become WeChatApiError */
  async call(api: string, params: Params, json?: unknown): Promise<Record<string, unknown>> {
    const url = `${this.config.apiBase}${api}?${new URLSearchParams(params).toString()}`
    let body: unknown
    try {
      const res = await this.fetchImpl(
        url,
        json === undefined
          ? { method: 'GET', signal: AbortSignal.timeout(WECHAT_TIMEOUT_MS) }
          : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json), signal: AbortSignal.timeout(WECHAT_TIMEOUT_MS) },
      )
      if (!res.ok) throw new WeChatApiError(WX_ERR.unreachable, `HTTP ${res.status}`, api)
      // WeChat sometimes labels JSON as text/plain: parse the text ourselves
      body = JSON.parse(await res.text())
    } catch (err) {
      if (err instanceof WeChatApiError) throw err
      throw new WeChatApiError(WX_ERR.unreachable, (err as Error)?.name || 'network error', api)
    }
    if (!body || typeof body !== 'object') throw new WeChatApiError(WX_ERR.unreachable, 'malformed answer', api)
    const b = body as Record<string, unknown>
    const errcode = Number(b.errcode ?? 0)
    if (errcode !== 0) throw new WeChatApiError(errcode, String(b.errmsg ?? ''), api)
    return b
  }

  private static text(v: unknown): string {
    return typeof v === 'string' ? v : ''
  }

  /** Mini-program: the code from wx.login → openid (+ unionid when bound to an open-platform account). */
  async code2Session(code: string): Promise<Code2Session> {
    const app = this.config.mini
    if (!app) throw new WeChatApiError(WX_ERR.unreachable, 'mini-program app id/secret not configured', 'jscode2session')
    const b = await this.call('/sns/jscode2session', {
      appid: app.appId,
      secret: app.appSecret,
      js_code: code,
      grant_type: 'authorization_code',
    })
    const openid = WeChatClient.text(b.openid)
    if (!openid) throw new WeChatApiError(WX_ERR.unreachable, 'no openid in answer', 'jscode2session')
    return { openid, unionid: WeChatClient.text(b.unionid) || null, sessionKey: WeChatClient.text(b.session_key) }
  }

  /** Official account web OAuth: the code WeChat appended to our URL → an access token for this user. */
  async oauthAccessToken(code: string): Promise<OAuthToken> {
    const app = this.config.mp
    if (!app) throw new WeChatApiError(WX_ERR.unreachable, 'official-account app id/secret not configured', 'oauth2/access_token')
    const b = await this.call('/sns/oauth2/access_token', {
      appid: app.appId,
      secret: app.appSecret,
      code,
      grant_type: 'authorization_code',
    })
    const accessToken = WeChatClient.text(b.access_token)
    const openid = WeChatClient.text(b.openid)
    if (!accessToken || !openid) throw new WeChatApiError(WX_ERR.unreachable, 'no token in answer', 'oauth2/access_token')
    return { accessToken, openid, unionid: WeChatClient.text(b.unionid) || null }
  }

  /** snsapi_userinfo scope: nickname, head image and unionid of the user who granted the token. */
  async userInfo(accessToken: string, openid: string): Promise<SnsUserInfo> {
    const b = await this.call('/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' })
    return {
      openid: WeChatClient.text(b.openid) || openid,
      nickname: WeChatClient.text(b.nickname),
      headimgurl: WeChatClient.text(b.headimgurl),
      unionid: WeChatClient.text(b.unionid) || null,
    }
  }

  /** The page WeChat shows to ask the user for consent; it comes back to redirectUri with ?code=&state=. */
  authorizeUrl(redirectUri: string, state: string): string | null {
    const app = this.config.mp
    if (!app) return null
    const q = new URLSearchParams({
      appid: app.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state,
    })
    return `${this.config.oauthBase}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`
  }
}
