/** H5 variant of page-title.ts: navigation bar title plus document.title (the browser tab). */
import Taro from '@tarojs/taro'

export function setPageTitle(title: string): void {
  void Promise.resolve()
    .then(() => Taro.setNavigationBarTitle({ title }))
    .catch(() => undefined)
  if (typeof document !== 'undefined') document.title = title
}
