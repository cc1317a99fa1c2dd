/** Page title: the mini-program's navigation bar. The `.h5.ts` twin also sets the browser tab title. */
import Taro from '@tarojs/taro'

export function setPageTitle(title: string): void {
  void Taro.setNavigationBarTitle({ title }).catch(() => undefined)
}
