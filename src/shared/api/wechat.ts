/**
 * Typed client of the WeChat sign-in endpoints (WECHAT_API in src/shared/contracts/wechat.ts). Each
 * function resolves with the envelope; the request client has already shown the `request.{code}`
 * warning for a code other than 200 (unless `silent`: the caller shows it, e.g. after a loading mask).
 */
import { request, type Envelope } from './request'
import { API, type CurrentUser } from '@contracts/api'
import { WECHAT_API, type WechatLoginBody, type WxAuthorizeUrlResult, type WxLoginResult } from '@contracts/wechat'

/** H5 inside WeChat: the OAuth code from the URL → WeChat user info, unionId and a ticket. */
export function wxH5Login(code: string, silent = false): Promise<Envelope<WxLoginResult>> {
  return request<WxLoginResult>({ url: WECHAT_API.h5Login, method: 'GET', data: { code }, silent })
}

/** Mini-program: the Taro.login code → unionId (openid without one) and a ticket. */
export function wxMiniLogin(code: string): Promise<Envelope<WxLoginResult>> {
  return request<WxLoginResult>({ url: WECHAT_API.miniLogin, method: 'POST', data: { code } })
}

/** Step 2 of both flows: result is the token. Sent with the app's Basic credential like the e-mail login. */
export function wechatLogin(body: WechatLoginBody, silent = false): Promise<Envelope<string>> {
  return request<string>({ url: WECHAT_API.login, method: 'POST', data: body, basicAuth: true, silent })
}

/** H5 inside WeChat: WeChat's consent page, which returns to `redirect` (a same-site path) with ?code=. */
export function wxAuthorizeUrl(redirect: string): Promise<Envelope<WxAuthorizeUrlResult>> {
  return request<WxAuthorizeUrlResult>({ url: WECHAT_API.authorizeUrl, method: 'GET', data: { redirect } })
}

export function fetchCurrentUser(): Promise<Envelope<CurrentUser>> {
  return request<CurrentUser>({ url: API.currentUser, method: 'GET' })
}
