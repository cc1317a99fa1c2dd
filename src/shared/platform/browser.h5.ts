/** H5 variant of ./browser.ts (Taro picks `.h5.ts` for H5 builds; jest maps it too). */
import { LANG_COOKIE } from '@contracts/api'
export function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}`
}

export function reloadPage(): void {
  window.location.reload()
}

export function openInNewTab(url: string): boolean {
  return !!window.open(url, '_blank')
}

export function assignLocation(url: string): void {
  window.location.assign(url)
}

export function userAgent(): string {
  return navigator.userAgent || ''
}

/**
 * The language in use as a cookie the server reads when it writes a page (plugins/static.ts pageLang):
 * the page then announces that language's texts and pictures, which the stored choice in localStorage
 * cannot tell it. Not a secret and not a session: readable, a year, the whole site.
 */
export function rememberLangForServer(lang: string): void {
  try {
    document.cookie = `${LANG_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=31536000; samesite=lax`
  } catch {
    // a browser that refuses cookies gets the Accept-Language guess
  }
}

export function browserLanguage(): string {
  return (navigator.languages && navigator.languages[0]) || navigator.language || ''
}

/**
 * The layout width. Not `innerWidth` alone: in a mobile browser a page that is momentarily wider than
 * the screen (Taro's slide-in page transition) zooms out, and innerWidth then reports twice the screen
 * width, so a page mounted during a transition chose the desktop frame on a phone and stayed there.
 */
export function windowWidth(): number {
  return document.documentElement.clientWidth || window.innerWidth
}

export function scrollToTop(): void {
  window.scrollTo(0, 0)
}

export const sessionStore = {
  get: (k: string): string | null => {
    try {
      return window.sessionStorage.getItem(k)
    } catch {
      return null
    }
  },
  set: (k: string, v: string): void => {
    try {
      window.sessionStorage.setItem(k, v)
    } catch {
      /* private mode: session data is best effort */
    }
  },
  remove: (k: string): void => {
    try {
      window.sessionStorage.removeItem(k)
    } catch {
      /* ignore */
    }
  },
}

/** Run `cb` whenever the tab becomes visible again. */
export function onVisible(cb: () => void): void {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') cb()
  })
}

/** Thin red progress bar at the top during navigation (no spinner, spec section 2). */
let bar: HTMLDivElement | null = null
let doneTimer: ReturnType<typeof setTimeout> | null = null
function ensureBar(): HTMLDivElement {
  if (bar && document.body.contains(bar)) return bar
  bar = document.createElement('div')
  bar.className = 'hj-progress'
  bar.setAttribute('role', 'progressbar')
  // a progress bar needs a name for screen readers (both languages: it appears before i18n may be ready)
  bar.setAttribute('aria-label', '加载中 / Loading')
  bar.style.cssText =
    'position:fixed;top:0;left:0;height:3px;width:0;background:#d7000f;z-index:3000;opacity:0;transition:width .3s ease,opacity .3s ease;pointer-events:none'
  document.body.appendChild(bar)
  return bar
}
export function progressStart(): void {
  const b = ensureBar()
  if (doneTimer) clearTimeout(doneTimer)
  b.style.transition = 'none'
  b.style.width = '0'
  b.style.opacity = '1'
  void b.offsetWidth
  b.style.transition = 'width 2s cubic-bezier(.1,.7,.3,1),opacity .3s ease'
  b.style.width = '80%'
}
export function progressDone(): void {
  const b = ensureBar()
  b.style.transition = 'width .2s ease,opacity .4s ease .2s'
  b.style.width = '100%'
  b.style.opacity = '0'
  doneTimer = setTimeout(() => {
    b.style.transition = 'none'
    b.style.width = '0'
  }, 700)
}

export function onResize(cb: (width: number) => void): () => void {
  const fn = () => cb(windowWidth())
  window.addEventListener('resize', fn)
  return () => window.removeEventListener('resize', fn)
}

/** Run `cb` once the first page has finished loading (its scripts and pictures), or now if it has. */
function afterPageLoad(cb: () => void): void {
  if (document.readyState === 'complete') cb()
  else window.addEventListener('load', () => cb(), { once: true })
}

/**
 * Run `cb` after the browser has painted what is on screen now: the next frame's paint, then a task.
 * What a page draws below the first screen waits for this, so the first screen's largest picture is
 * painted without waiting for the rest of the page's layout.
 */
export function afterNextPaint(cb: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(cb, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timer !== undefined) clearTimeout(timer)
  }
}

/**
 * Run `cb` when the first page has settled: `settle` ms after the load event (the first page's
 * pictures are preloaded, so "load" comes before the page has drawn them), then in an idle moment.
 */
export function whenIdleAfterLoad(cb: () => void, settle = 2000): void {
  afterPageLoad(() => {
    setTimeout(() => {
      const ric = (window as Window & { requestIdleCallback?: (fn: () => void, o: { timeout: number }) => number }).requestIdleCallback
      if (ric) ric(cb, { timeout: 2000 })
      else cb()
    }, settle)
  })
}
