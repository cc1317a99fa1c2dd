/** The mini-program's native tab bar: its labels follow the app language (app.config.ts has the Chinese defaults). */
import Taro from '@tarojs/taro'

/** WeChat allows setTabBarItem only while a tab page shows: call it from tab pages. */
export function setTabBarTexts(texts: string[]): void {
  texts.forEach((text, index) => void Taro.setTabBarItem({ index, text }).catch(() => undefined))
}

/** the "me" tab's badge: the unread notifications (none at 0); only while a tab page shows */
export function setCenterBadge(count: number): void {
  const index = 4
  if (count > 0) void Taro.setTabBarBadge({ index, text: count > 99 ? '99+' : String(count) }).catch(() => undefined)
  else void Taro.removeTabBarBadge({ index }).catch(() => undefined)
}
