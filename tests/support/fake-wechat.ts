/**
 * A local stand-in for api.weixin.qq.com (node:http on an ephemeral port), speaking the three endpoints
 * our server calls with WeChat's real answer shapes — HTTP 200 and `{ errcode, errmsg }` on failure:
 *   GET /sns/jscode2session?appid&secret&js_code&grant_type=authorization_code
 *   GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
 *   GET /sns/userinfo?access_token&openid&lang=zh_CN
 * the mini-program's server API for subscribe messages:
 *   GET  /cgi-bin/token?grant_type=client_credential&appid&secret → { access_token, expires_in }
 *   POST /cgi-bin/message/subscribe/send?access_token (JSON { touser, template_id, page, data, lang })
 * (a token is valid until `expireTokens()`, then 42001; `refused` openids answer 43101, unknown ones in
 * `invalidOpenIds` 40003; every accepted message is kept in `messages`; `tokenCalls` counts refreshes),
 * plus the consent page GET /connect/oauth2/authorize (open.weixin.qq.com), which sends the browser back
 * to redirect_uri with ?code=&state= for the identity in `autoConsent`, and head images under /mmhead/.
 *
 * Tests register codes: `fake.addCode('C1', { openid: 'o1', unionid: 'u1', nickname, headimgurl })`.
 * A code works once (then 40163, as in WeChat); unknown codes give 40029; `fake.rateLimited = true` makes
 * every call answer 45011. Wrong appid/secret give 40013/40125. Every request is recorded in `calls`.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeIdentity {
  openid: string
  unionid?: string
  nickname?: string
  headimgurl?: string
}

export const FAKE_APPS = {
  mini: { appId: 'wx-mini-test-app', appSecret: 'mini-secret-never-sent-to-clients' },
  mp: { appId: 'wx-mp-test-app', appSecret: 'mp-secret-never-sent-to-clients' },
}

export const WX_ERRORS = {
  invalidCode: { errcode: 40029, errmsg: 'invalid code' },
  codeUsed: { errcode: 40163, errmsg: 'code been used' },
  rateLimit: { errcode: 45011, errmsg: 'api minute-quota reach limit' },
  invalidAppId: { errcode: 40013, errmsg: 'invalid appid' },
  invalidSecret: { errcode: 40125, errmsg: 'invalid appsecret' },
  invalidToken: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' },
  invalidOpenId: { errcode: 40003, errmsg: 'invalid openid' },
  tokenExpired: { errcode: 42001, errmsg: 'access_token expired' },
  refused: { errcode: 43101, errmsg: 'user refuse to accept the msg' },
  badGrant: { errcode: 40002, errmsg: 'invalid grant_type' },
}

export class FakeWeChat {
  private server!: http.Server
  port = 0
  rateLimited = false
  /** recorded requests (path + query), newest last */
  readonly calls: Array<{ path: string; query: Record<string, string> }> = []
  private readonly codes = new Map<string, { app: 'mini' | 'mp'; who: FakeIdentity; used: boolean }>()
  private readonly tokens = new Map<string, FakeIdentity>()
  private seq = 0
  /** the identity the consent page grants a code for (browser tests) */
  autoConsent: FakeIdentity | null = null
  /** subscribe messages: server access tokens issued and still valid, messages accepted, refusals */
  private readonly serverTokens = new Set<string>()
  tokenCalls = 0
  /** answer the token call after this many ms (concurrent sends then overlap one refresh) */
  tokenDelayMs = 0
  readonly messages: Array<{ touser: string; template_id: string; page: string; data: Record<string, { value: string }>; lang: string }> = []
  readonly refused = new Set<string>()
  readonly invalidOpenIds = new Set<string>()

  /** every server access token issued so far stops working (WeChat answers 42001) */
  expireTokens() {
    this.serverTokens.clear()
  }

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`
  }

  /** a one-time code for the mini-program (jscode2session) or the official account (oauth2) */
  addCode(code: string, who: FakeIdentity, app: 'mini' | 'mp' = 'mp') {
    this.codes.set(code, { app, who, used: false })
    return code
  }

  async start() {
    this.server = http.createServer((req, res) => this.handle(req, res))
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.address() as AddressInfo).port
    return this
  }

  close() {
    return new Promise<void>((r) => this.server.close(() => r()))
  }

  private send(res: http.ServerResponse, body: unknown) {
    // WeChat answers JSON labelled text/plain on these endpoints
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end(JSON.stringify(body))
  }

  private takeCode(code: string, app: 'mini' | 'mp') {
    const entry = this.codes.get(code)
    if (!entry || entry.app !== app) return WX_ERRORS.invalidCode
    if (entry.used) return WX_ERRORS.codeUsed
    entry.used = true
    return entry.who
  }

  private checkApp(q: Record<string, string>, app: 'mini' | 'mp') {
    const expected = FAKE_APPS[app]
    if (q.appid !== expected.appId) return WX_ERRORS.invalidAppId
    if (q.secret !== expected.appSecret) return WX_ERRORS.invalidSecret
    if (q.grant_type !== 'authorization_code') return WX_ERRORS.badGrant
    return null
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.baseUrl)
    const query = Object.fromEntries(url.searchParams.entries())
    this.calls.push({ path: url.pathname, query })
    if (url.pathname.startsWith('/cgi-bin/')) {
      this.handleServerApi(url.pathname, query, req, res)
      return
    }

    if (url.pathname === '/connect/oauth2/authorize') {
      const target = new URL(query.redirect_uri)
      const code = `consent-${++this.seq}`
      if (this.autoConsent) this.addCode(code, this.autoConsent, 'mp')
      target.searchParams.set('code', code)
      target.searchParams.set('state', query.state ?? '')
      res.writeHead(302, { location: target.toString() })
      res.end()
      return
    }
    if (url.pathname.startsWith('/mmhead/')) {
      // stands in for thirdwx.qlogo.cn head images (browser tests have no internet)
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'access-control-allow-origin': '*' })
      res.end('<svg xmlns="http://www.w3.org/2000/svg" width="132" height="132"><rect width="132" height="132" fill="#07c160"/><text x="66" y="84" font-size="56" text-anchor="middle" fill="#fff">微</text></svg>')
      return
    }
    if (this.rateLimited) return this.send(res, WX_ERRORS.rateLimit)

    if (url.pathname === '/sns/jscode2session') {
      const bad = this.checkApp(query, 'mini')
      if (bad) return this.send(res, bad)
      const who = this.takeCode(query.js_code ?? '', 'mini')
      if ('errcode' in who) return this.send(res, who)
      return this.send(res, {
        openid: who.openid,
        session_key: `sk-${who.openid}`,
        ...(who.unionid ? { unionid: who.unionid } : {}),
      })
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const bad = this.checkApp(query, 'mp')
      if (bad) return this.send(res, bad)
      const who = this.takeCode(query.code ?? '', 'mp')
      if ('errcode' in who) return this.send(res, who)
      const token = `at-${++this.seq}-${who.openid}`
      this.tokens.set(token, who)
      return this.send(res, {
        access_token: token,
        expires_in: 7200,
        refresh_token: `rt-${token}`,
        openid: who.openid,
        scope: 'snsapi_userinfo',
        ...(who.unionid ? { unionid: who.unionid } : {}),
      })
    }
    if (url.pathname === '/sns/userinfo') {
      const who = this.tokens.get(query.access_token ?? '')
      if (!who) return this.send(res, WX_ERRORS.invalidToken)
      if (query.openid !== who.openid) return this.send(res, WX_ERRORS.invalidOpenId)
      return this.send(res, {
        openid: who.openid,
        nickname: who.nickname ?? '',
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: who.headimgurl ?? '',
        privilege: [],
        ...(who.unionid ? { unionid: who.unionid } : {}),
      })
    }
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('not found')
  }

  private handleServerApi(pathname: string, query: Record<string, string>, req: http.IncomingMessage, res: http.ServerResponse) {
    if (this.rateLimited) return this.send(res, WX_ERRORS.rateLimit)
    if (pathname === '/cgi-bin/token') {
      if (query.grant_type !== 'client_credential') return this.send(res, WX_ERRORS.badGrant)
      if (query.appid !== FAKE_APPS.mini.appId) return this.send(res, WX_ERRORS.invalidAppId)
      if (query.secret !== FAKE_APPS.mini.appSecret) return this.send(res, WX_ERRORS.invalidSecret)
      this.tokenCalls++
      const token = `srv-${++this.seq}`
      this.serverTokens.add(token)
      setTimeout(() => this.send(res, { access_token: token, expires_in: 7200 }), this.tokenDelayMs)
      return
    }
    if (pathname === '/cgi-bin/message/subscribe/send' && req.method === 'POST') {
      let raw = ''
      req.on('data', (c) => (raw += c))
      req.on('end', () => {
        if (!this.serverTokens.has(query.access_token ?? '')) return this.send(res, WX_ERRORS.tokenExpired)
        let body: any
        try {
          body = JSON.parse(raw)
        } catch {
          return this.send(res, { errcode: 47001, errmsg: 'data format error' })
        }
        if (this.invalidOpenIds.has(body.touser)) return this.send(res, WX_ERRORS.invalidOpenId)
        if (this.refused.has(body.touser)) return this.send(res, WX_ERRORS.refused)
        this.messages.push({ touser: body.touser, template_id: body.template_id, page: body.page, data: body.data, lang: body.lang })
        this.send(res, { errcode: 0, errmsg: 'ok', msgid: this.messages.length })
      })
      return
    }
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('not found')
  }

  /** env for a server using this fake with the test apps */
  env(): Record<string, string> {
    return {
      WECHAT_API_BASE: this.baseUrl,
      WECHAT_OAUTH_BASE: this.baseUrl,
      WECHAT_APP_ID: FAKE_APPS.mini.appId,
      WECHAT_APP_SECRET: FAKE_APPS.mini.appSecret,
      WECHAT_MP_APP_ID: FAKE_APPS.mp.appId,
      WECHAT_MP_APP_SECRET: FAKE_APPS.mp.appSecret,
    }
  }
}
