/**
 * The one request client both apps use (spec section 7; design.md section 4.2). Pages never call
 * Taro.request directly: base URL, JSON, 10 s timeout, Bearer/Basic credentials, Accept-Language, the
 * `request.{code}` warning, the 401 flow, token refresh and the version check all live here.
 */
import Taro from '@tarojs/taro'
import { CLIENT_CREDENTIALS, API, type ClientId, type Envelope } from '@contracts/api'
import { STORAGE_KEYS, clearAuth, getItem, getToken, setItem, setToken } from '../storage'
import { acceptLanguage, t } from '../i18n'
import { apiOrigin, appVersion, isH5 } from '../env'
import { currentLocation, reloadPage } from '../platform/browser'
import { toast } from '../stores/toast-store'

export type { Envelope }

export interface RequestHooks {
  clientId: ClientId
  loginPath: string
  navigate(url: string): void
  showWarning(text: string): void
  showInfo(text: string): void
  /** optional extras (defaults below) */
  showSuccess(text: string): void
  currentPath(): string
  reload(): void
  /**
   * the server answered 671 with `consentRequired` (the policy texts changed while the person was signed
   * in): the consumer app shows its re-consent sheet
   */
  consentRequired(): void
}

export const API_PREFIX = '/api/v1'
export const REQUEST_TIMEOUT_MS = 10000
export const TOKEN_REFRESH_INTERVAL_MS = 30 * 60 * 1000
export const UNAUTHORIZED_GUARD_MS = 1000
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 30
export const VERSION_RELOAD_DELAY_MS = 1000

const toaster = (icon: 'none' | 'success') => (title: string) => {
  toast(title, { icon, duration: 2500 })
}

function defaultHooks(): RequestHooks {
  return {
    clientId: process.env.TARO_ENV === 'weapp' ? 'weapp' : 'h5',
    loginPath: '/login',
    navigate: (url) => void Taro.navigateTo({ url }),
    showWarning: toaster('none'),
    showInfo: toaster('none'),
    showSuccess: toaster('success'),
    currentPath: currentLocation,
    reload: reloadPage,
    consentRequired: () => {},
  }
}

let hooks: RequestHooks = defaultHooks()

export function configureRequest(partial: Partial<RequestHooks>): void {
  hooks = { ...hooks, ...partial }
}

/** Test helper: back to defaults and forget the 401 guard and refresh state. */
export function resetRequestState(): void {
  hooks = defaultHooks()
  last401At = -Infinity
  refreshing = null
  versionChecking = null
}

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly data: unknown,
    message = `HTTP ${status}`,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
export interface RequestOptions {
  url: string
  method?: Method
  data?: unknown
  /** login calls: Basic client credential instead of the Bearer token */
  basicAuth?: boolean
  /** no warning toast for code ≠ 200 (the caller shows its own message) */
  silent?: boolean
  /** extra headers */
  header?: Record<string, string>
}

/** Base64 without Buffer/btoa (neither exists in every mini-program runtime). */
export function base64(input: string): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  const bytes = unescape(encodeURIComponent(input))
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes.charCodeAt(i)
    const b = bytes.charCodeAt(i + 1)
    const c = bytes.charCodeAt(i + 2)
    const n = (a << 16) | ((b || 0) << 8) | (c || 0)
    out += chars[(n >> 18) & 63] + chars[(n >> 12) & 63]
    out += i + 1 < bytes.length ? chars[(n >> 6) & 63] : '='
    out += i + 2 < bytes.length ? chars[n & 63] : '='
  }
  return out
}

export function basicCredential(clientId: ClientId = hooks.clientId): string {
  const c = CLIENT_CREDENTIALS[clientId]
  return `Basic ${base64(`${c.id}:${c.secret}`)}`
}

export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path
  return `${apiOrigin()}${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`
}

let last401At = -Infinity

/** HTTP 401: clear credentials, tell the user, go to login with the redirect; repeats within 1 s are ignored. */
function handleUnauthorized(): void {
  const now = Date.now()
  if (now - last401At < UNAUTHORIZED_GUARD_MS) return
  last401At = now
  clearAuth()
  hooks.showInfo(t('request.unlogin'))
  const here = hooks.currentPath()
  const login = hooks.loginPath
  // Already on the login page: nothing to redirect to.
  if (here.split('?')[0] === login) return
  const target = `${login}?redirect=${encodeURIComponent(here)}`
  setTimeout(() => hooks.navigate(target), UNAUTHORIZED_REDIRECT_DELAY_MS)
}

export async function request<T = unknown>(opts: RequestOptions): Promise<Envelope<T>> {
  const header: Record<string, string> = {
    'Content-Type': 'application/json',
    'Accept-Language': acceptLanguage(),
    ...(opts.header || {}),
  }
  if (opts.basicAuth) {
    header.Authorization = basicCredential()
  } else {
    const token = getToken()
    if (token) header.Authorization = `Bearer ${token}`
  }
  let res: Taro.request.SuccessCallbackResult<any>
  try {
    res = await Taro.request({
      url: apiUrl(opts.url),
      method: opts.method || 'GET',
      data: opts.data as any,
      header,
      timeout: REQUEST_TIMEOUT_MS,
      dataType: 'json',
    })
  } catch (e: any) {
    // Network failure or timeout: reject, the caller decides (spec: other HTTP errors reject).
    throw new HttpError(0, null, (e && (e.errMsg || e.message)) || 'network error')
  }
  if (res.statusCode === 401) {
    handleUnauthorized()
    throw new HttpError(401, res.data)
  }
  if (res.statusCode < 200 || res.statusCode >= 300) {
    throw new HttpError(res.statusCode, res.data)
  }
  const body = res.data as Envelope<T>
  if (!body || typeof body !== 'object' || !('code' in body)) {
    throw new HttpError(res.statusCode, res.data, 'malformed envelope')
  }
  if (body.code === 671 && (body.result as { consentRequired?: boolean } | null)?.consentRequired === true) hooks.consentRequired()
  if (body.code !== 200 && !opts.silent) {
    hooks.showWarning(t(`request.${body.code}`, { defaultValue: body.message || t('request.500') }))
  }
  return body
}

export const http = {
  get: <T = unknown>(url: string, data?: unknown) => request<T>({ url, method: 'GET', data }),
  post: <T = unknown>(url: string, data?: unknown) => request<T>({ url, method: 'POST', data }),
  put: <T = unknown>(url: string, data?: unknown) => request<T>({ url, method: 'PUT', data }),
  del: <T = unknown>(url: string, data?: unknown) => request<T>({ url, method: 'DELETE', data }),
}

let refreshing: Promise<boolean> | null = null

/**
 * Refresh the token when one exists and the last refresh is older than 30 minutes (spec section 4).
 * Called on navigation and when the app/tab becomes visible; concurrent calls share one request.
 */
export function maybeRefreshToken(now: number = Date.now()): Promise<boolean> {
  const token = getToken()
  if (!token) return Promise.resolve(false)
  const last = Number(getItem<number>(STORAGE_KEYS.tokenRefreshedAt) || 0)
  if (now - last < TOKEN_REFRESH_INTERVAL_MS) return Promise.resolve(false)
  if (refreshing) return refreshing
  refreshing = request<string>({ url: API.refreshToken, method: 'GET', silent: true })
    .then((env) => {
      if (env.code === 200 && typeof env.result === 'string' && env.result) {
        setToken(env.result, Date.now())
        return true
      }
      return false
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null
    })
  return refreshing
}

let versionChecking: Promise<boolean> | null = null

/**
 * New-version check on navigation: GET /version.json?t=; a different version → success message and a
 * reload after 1 s. Only H5 reloads (mini-programs update through WeChat). Resolves true when stale.
 */
export function checkVersion(versionUrl: string = '/version.json'): Promise<boolean> {
  // dev servers proxy /version.json to whatever dist the API serves: comparing would reload forever
  if (!isH5() || process.env.NODE_ENV === 'development') return Promise.resolve(false)
  if (versionChecking) return versionChecking
  versionChecking = Taro.request({ url: `${versionUrl}?t=${Date.now()}`, method: 'GET', timeout: REQUEST_TIMEOUT_MS })
    .then((res) => {
      const remote = res.statusCode === 200 && res.data && (res.data as { version?: string }).version
      if (remote && remote !== appVersion()) {
        hooks.showSuccess(t('common.newVersion'))
        setTimeout(() => hooks.reload(), VERSION_RELOAD_DELAY_MS)
        return true
      }
      return false
    })
    .catch(() => false)
    .finally(() => {
      versionChecking = null
    })
  return versionChecking
}

/** Persist a login answer. */
export function saveLogin(result: { token: string; userInfo?: unknown }): void {
  setToken(result.token)
  if (result.userInfo) setItem(STORAGE_KEYS.userInfo, result.userInfo)
}

// ---- for the H5 file transfers (src/admin/api/transfer.ts): request()'s own 401 flow and code warning ----

/** The 401 flow of request(): clear credentials, tell the user, go to login with the redirect. */
export function signalUnauthorized(): void {
  handleUnauthorized()
}

/** The `request.{code}` warning request() shows for an answer whose code is not 200. */
export function warnCode(body: { code: number; message?: string }): void {
  hooks.showWarning(t(`request.${body.code}`, { defaultValue: body.message || t('request.500') }))
}

// ---- files the consumer app downloads (the personal-data archive) ---------------------------------

/** A file answer is built before it is sent and may be large: a minute instead of request()'s 10 s. */
export const FILE_TIMEOUT_MS = 60_000

export type FileAnswer =
  | { ok: true; data: ArrayBuffer; filename: string; type: string }
  /** the server answered an error envelope instead of the file (its warning already shown unless silent) */
  | { ok: false; envelope: Envelope<unknown> }

/** RFC 6266: the UTF-8 `filename*` first, then the plain `filename`, else the fallback. */
export function filenameOf(disposition: string | null | undefined, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (star) {
    try {
      return decodeURIComponent(star[1].trim())
    } catch {
      /* a malformed escape: the plain name below */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition)
  return plain ? plain[1].trim() : fallback
}

/** UTF-8 bytes → text without TextDecoder (absent from some mini-program runtimes). */
function utf8Text(data: ArrayBuffer): string {
  const bytes = new Uint8Array(data)
  let s = ''
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i])
  try {
    return decodeURIComponent(escape(s))
  } catch {
    return s
  }
}

function headerOf(header: Record<string, unknown> | undefined, name: string): string {
  for (const [k, v] of Object.entries(header || {})) if (k.toLowerCase() === name) return String(v)
  return ''
}

/**
 * GET a file with the same credentials and rules as request() (Bearer token, Accept-Language, the 401
 * flow, the `request.{code}` warning of an error envelope), as bytes: Taro.request's arraybuffer answer,
 * on H5 and in the mini-program alike, so no page needs fetch or a temporary file to tell a file from a
 * refusal. Rejects with HttpError on network failure, the time limit or an HTTP error.
 */
export async function requestFile(url: string, opts: { silent?: boolean; filename?: string } = {}): Promise<FileAnswer> {
  const header: Record<string, string> = { 'Accept-Language': acceptLanguage() }
  const token = getToken()
  if (token) header.Authorization = `Bearer ${token}`
  let res: Taro.request.SuccessCallbackResult<any>
  try {
    res = await Taro.request({ url: apiUrl(url), method: 'GET', header, timeout: FILE_TIMEOUT_MS, responseType: 'arraybuffer', dataType: 'text' })
  } catch (e: any) {
    throw new HttpError(0, null, (e && (e.errMsg || e.message)) || 'network error')
  }
  if (res.statusCode === 401) {
    handleUnauthorized()
    throw new HttpError(401, null)
  }
  const type = headerOf(res.header, 'content-type')
  const isJson = type.includes('application/json')
  if ((res.statusCode < 200 || res.statusCode >= 300) && !isJson) throw new HttpError(res.statusCode, null)
  if (isJson) {
    let body: unknown = null
    try {
      body = JSON.parse(typeof res.data === 'string' ? res.data : utf8Text(res.data as ArrayBuffer))
    } catch {
      body = null
    }
    if (!body || typeof body !== 'object' || !('code' in body)) throw new HttpError(res.statusCode, body, 'malformed envelope')
    const env = body as Envelope<unknown>
    if (env.code !== 200 && !opts.silent) warnCode(env)
    return { ok: false, envelope: env }
  }
  return { ok: true, data: res.data as ArrayBuffer, type, filename: filenameOf(headerOf(res.header, 'content-disposition'), opts.filename ?? 'download') }
}
