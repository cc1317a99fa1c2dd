/** Page title: the mini-program's navigation bar. `page-title.h5.ts` also sets document.title. */
import Taro from '@tarojs/taro'

export function setPageTitle(title: string): void {
  void Taro.setNavigationBarTitle({ title }).catch(() => undefined)
}
