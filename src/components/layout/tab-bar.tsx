import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { go } from '../../shared/router/navigate'

export const TABS = [
  { path: '/', key: 'nav.home', icon: '⌂' },
  { path: '/activity', key: 'nav.activity', icon: '◷' },
  { path: '/roadshow', key: 'nav.roadshow', icon: '▶' },
  { path: '/match', key: 'nav.match', icon: '⇄' },
  { path: '/center', key: 'nav.center', icon: '☺' },
]

/** H5 mobile bottom tab bar (the mini-program uses its native tabBar instead). */
export default function TabBar({ path }: { path: string }) {
  const { t } = useTranslation()
  return (
    <View className='hj-tabbar' data-testid='tab-bar'>
      {TABS.map((tab) => (
        <View
          key={tab.path}
          className={`hj-tabbar__item${tab.path === path ? ' is-active' : ''}`}
          data-testid={`tab-${tab.path === '/' ? 'home' : tab.path.slice(1)}`}
          onClick={() => tab.path !== path && go(tab.path)}
        >
          <Text className='hj-tabbar__icon'>{tab.icon}</Text>
          <Text className='hj-tabbar__text'>{t(tab.key)}</Text>
        </View>
      ))}
    </View>
  )
}
