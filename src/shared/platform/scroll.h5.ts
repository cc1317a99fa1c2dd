/**
 * H5 variant of scroll.ts. Taro H5 scrolls each page inside its own `.taro_page` container (not the
 * window), so the position is read from the shown page container and scroll events are caught in the
 * capture phase (they do not bubble).
 */
import Taro from '@tarojs/taro'

function shownPage(): Element | null {
  if (typeof document === 'undefined') return null
  const pages = document.querySelectorAll('.taro_page_show')
  return pages.length ? pages[pages.length - 1] : null
}

export function scrollTopNow(): number {
  if (typeof window === 'undefined') return 0
  const page = shownPage()
  return Math.max(page ? page.scrollTop : 0, window.scrollY || document.documentElement.scrollTop || 0)
}

export function toTop(): void {
  void Taro.pageScrollTo({ scrollTop: 0, duration: 300 }).catch(() => undefined)
  const page = shownPage() as HTMLElement | null
  if (page && page.scrollTop > 0 && typeof page.scrollTo === 'function') page.scrollTo({ top: 0, behavior: 'smooth' })
  if (typeof window !== 'undefined' && window.scrollY > 0) window.scrollTo({ top: 0, behavior: 'smooth' })
}

export function onScroll(cb: (top: number) => void): () => void {
  if (typeof document === 'undefined') return () => undefined
  const handler = () => cb(scrollTopNow())
  document.addEventListener('scroll', handler, { capture: true, passive: true })
  return () => document.removeEventListener('scroll', handler, { capture: true } as EventListenerOptions)
}
