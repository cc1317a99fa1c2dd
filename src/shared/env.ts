/**
 * Environment helpers. Spec section 4: "treated as a WeChat mini-program when the browser agent carries a
 * WeChat marker" — that is the UA test, used by H5 pages opened inside WeChat's web view/browser.
 *
 * Agents seen in the wild (the marker is `MicroMessenger/<version>`):
 * - WeChat's in-app browser: "… Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN"
 * - a mini-program <web-view>: the same plus "miniProgram" (newer clients also "MiniProgramEnv/Windows")
 * - WeChat for Windows/Mac: "… MicroMessenger/… WindowsWechat" / "MacWechat"
 * - WeCom (企业微信) also says MicroMessenger but adds "wxwork": it is not WeChat, and official-account
 *   sign-in does not work there, so it is not treated as WeChat.
 */
const WECHAT_UA = /MicroMessenger\//i
const WECOM_UA = /wxwork\//i
const MINI_PROGRAM_UA = /miniProgram/i

export function isWeChatUA(userAgent: string | undefined | null): boolean {
  return !!userAgent && WECHAT_UA.test(userAgent) && !WECOM_UA.test(userAgent)
}

/** The WeChat mini-program web-view adds "miniProgram" to the agent on top of MicroMessenger. */
export function isMiniProgramWebViewUA(userAgent: string | undefined | null): boolean {
  return isWeChatUA(userAgent) && MINI_PROGRAM_UA.test(userAgent as string)
}

/** Where the app runs, for the WeChat sign-in choices. */
export type WeChatEnv = 'weapp' | 'miniProgramWebView' | 'wechatBrowser' | 'none'

export function weChatEnv(userAgent: string | undefined | null): WeChatEnv {
  if (isWeapp()) return 'weapp'
  if (isMiniProgramWebViewUA(userAgent)) return 'miniProgramWebView'
  if (isWeChatUA(userAgent)) return 'wechatBrowser'
  return 'none'
}

export function taroEnv(): string {
  return process.env.TARO_ENV || 'h5'
}

export const isWeapp = (): boolean => taroEnv() === 'weapp'
export const isH5 = (): boolean => taroEnv() === 'h5'

/** True inside WeChat: the native mini-program, or an H5 page whose agent says WeChat. */
export function isInWeChat(userAgent?: string | null): boolean {
  return isWeapp() || isWeChatUA(userAgent)
}

/** Build id baked in by the Taro config; 'dev' under jest. */
export function appVersion(): string {
  return typeof APP_VERSION !== 'undefined' ? APP_VERSION : 'dev'
}

/** Server origin for weapp (no page origin there); H5 uses relative URLs against the page origin. */
export function apiOrigin(): string {
  if (isH5()) return ''
  return typeof API_BASE !== 'undefined' && API_BASE ? API_BASE : 'http://localhost:8080'
}
