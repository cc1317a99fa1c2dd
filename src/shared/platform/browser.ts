/**
 * Browser-only operations behind one interface. This default is the mini-program variant (no window);
 * Taro resolves `browser.h5.ts` instead for H5 builds. Keep both files' exports identical.
 */
import Taro from '@tarojs/taro'

/** Current path + query, e.g. "/center?tab=1"; in weapp the page route. */
export function currentLocation(): string {
  const pages = Taro.getCurrentPages()
  const page = pages[pages.length - 1] as { route?: string; options?: Record<string, string> } | undefined
  if (!page || !page.route) return '/'
  const query = Object.entries(page.options || {})
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')
  return `/${page.route}${query ? `?${query}` : ''}`
}

export function reloadPage(): void {
  // Mini-programs update through the WeChat update manager, not a reload.
}

export function openInNewTab(_url: string): boolean {
  return false
}

export function assignLocation(_url: string): void {
  // no full-page navigation in a mini-program
}

export function userAgent(): string {
  return ''
}

// getSystemInfoSync is deprecated (and slow: it gathers everything); the app's language does not change
// while it runs, so it is read once.
let appLanguage: string | undefined
/** the mini-program has no page the server writes: nothing to tell it */
export function rememberLangForServer(_lang: string): void {}

export function browserLanguage(): string {
  if (appLanguage === undefined) {
    try {
      appLanguage = Taro.getAppBaseInfo().language || ''
    } catch {
      appLanguage = ''
    }
  }
  return appLanguage
}

export function windowWidth(): number {
  try {
    return Taro.getWindowInfo().windowWidth
  } catch {
    return 375
  }
}

export function scrollToTop(): void {
  Taro.pageScrollTo({ scrollTop: 0, duration: 0 }).catch(() => undefined)
}

/** Session-scoped storage: a mini-program's session is the app's lifetime, so memory is right. */
const memory = new Map<string, string>()
export const sessionStore = {
  get: (k: string): string | null => (memory.has(k) ? (memory.get(k) as string) : null),
  set: (k: string, v: string): void => void memory.set(k, v),
  remove: (k: string): void => void memory.delete(k),
}

/** Run `cb` whenever the app comes back to the foreground. */
export function onVisible(cb: () => void): void {
  Taro.onAppShow(() => cb())
}

/** Navigation progress bar: the mini-program shows its own loading state, so nothing here. */
export function progressStart(): void {}
export function progressDone(): void {}

/** Width changes: none in a mini-program. Returns an unsubscribe function. */
export function onResize(_cb: (width: number) => void): () => void {
  return () => undefined
}


/**
 * Run `cb` after what is on screen now has been drawn. A mini-program draws after setData: the next
 * task is the closest point we can name.
 */
export function afterNextPaint(cb: () => void): () => void {
  const timer = setTimeout(cb, 0)
  return () => clearTimeout(timer)
}

/** Run `cb` when the first page has settled: a mini-program has no load event, so soon after. */
export function whenIdleAfterLoad(cb: () => void): void {
  setTimeout(cb, 0)
}
