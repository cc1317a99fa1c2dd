/** The mini-program's native tab bar: its labels follow the app language (app.config.ts has the Chinese defaults). */
import Taro from '@tarojs/taro'

/** WeChat allows setTabBarItem only while a tab page shows: call it from tab pages. */
export function setTabBarTexts(texts: string[]): void {
  texts.forEach((text, index) => void Taro.setTabBarItem({ index, text }).catch(() => undefined))
}
