/** Page scroll helpers for the floating menu: the mini-program variant (no window). */
import Taro from '@tarojs/taro'

export function scrollTopNow(): number {
  return 0
}

export function toTop(): void {
  void Taro.pageScrollTo({ scrollTop: 0, duration: 300 }).catch(() => undefined)
}

/** Subscribe to page scrolling; returns an unsubscribe. weapp pages report scroll through usePageScroll. */
export function onScroll(_cb: (top: number) => void): () => void {
  return () => undefined
}
