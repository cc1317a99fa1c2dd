/**
 * WeChat sign-in contracts (spec sections 3, 4 and 7). Paths are relative to /api/v1.
 *
 * Two steps, both flows:
 * 1. prove a WeChat identity on the server — H5 inside WeChat: `GET wx/login?code=` (official-account
 *    OAuth code); mini-program: `POST wx/mini/login { code }` (the `Taro.login` code, jscode2session).
 *    The answer carries `unionId` (WeChat's unionid, or the openid when WeChat gives no unionid) and a
 *    short-lived signed `ticket` bound to that id.
 * 2. `POST cuser/wechat/login { unionId, avatarUrl, nickName, ticket }` → result is the token (the same
 *    token the e-mail login gives). A unionId without a matching ticket is refused, so knowing someone's
 *    unionId is not enough to log in as them.
 */

export const WECHAT_API = {
  /** H5 official-account OAuth: query code → WxLoginResult */
  h5Login: '/system/user/wx/login',
  /** mini-program: body { code } from Taro.login → WxLoginResult (userInfo null) */
  miniLogin: '/system/user/wx/mini/login',
  /** body WechatLoginBody → result: token string */
  login: '/system/user/cuser/wechat/login',
  /** H5 inside WeChat: query redirect (a same-site path) → { url } of WeChat's authorize page */
  authorizeUrl: '/system/user/wx/authorize/url',
} as const

/** WeChat user info (spec section 3): headimgurl, nickname (+ unionId beside it). */
export interface WxUserInfo {
  headimgurl: string
  nickname: string
}

export interface WxLoginResult {
  /** null in the mini-program flow: jscode2session gives no profile (getUserProfile is deprecated) */
  userInfo: WxUserInfo | null
  /** unionid when WeChat gives one, otherwise the openid */
  unionId: string
  /** signed, 5-minute proof that this server saw WeChat vouch for `unionId` */
  ticket: string
}

export interface WechatLoginBody {
  unionId: string
  avatarUrl?: string
  nickName?: string
  ticket: string
  /** the User Agreement and Privacy Policy were agreed to: needed when this sign-in creates the account (else 670, nothing created) */
  agree?: boolean
}

export interface WxAuthorizeUrlResult {
  url: string
}

/** How long a ticket from step 1 stays valid (seconds). */
export const WECHAT_TICKET_TTL_SECONDS = 300

/** `state` the H5 authorize redirect carries, removed from the URL with `code` afterwards. */
export const WECHAT_OAUTH_STATE = 'hjwx'

/**
 * A user created by WeChat sign-in has no e-mail yet: `users.email` holds a unique placeholder in this
 * reserved domain (RFC 2606 `.invalid`, so no mail can ever be delivered) until the user binds a real
 * address in /center/userinfo. Such users have no password and cannot log in by password.
 */
export const WECHAT_PLACEHOLDER_EMAIL_DOMAIN = 'wechat.invalid'

export function isWechatPlaceholderEmail(email: string | null | undefined): boolean {
  return !!email && email.toLowerCase().endsWith(`@${WECHAT_PLACEHOLDER_EMAIL_DOMAIN}`)
}
