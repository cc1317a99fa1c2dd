import { View, Text } from '@tarojs/components'
import Icon from '../ui/icon'
import { useTranslation } from 'react-i18next'
import { go } from '../../shared/router/navigate'
import { useUnread } from '../../shared/stores/unread-store'

export const TABS = [
  { path: '/', key: 'nav.home', icon: 'home' },
  { path: '/activity', key: 'nav.activity', icon: 'activity' },
  { path: '/roadshow', key: 'nav.roadshow', icon: 'roadshow' },
  { path: '/match', key: 'nav.match', icon: 'match' },
  { path: '/center', key: 'nav.center', icon: 'center' },
] as const

/** H5 mobile bottom tab bar (the mini-program uses its native tabBar instead). */
export default function TabBar({ path }: { path: string }) {
  const { t } = useTranslation()
  const unread = useUnread((s) => s.count)
  return (
    <View className='hj-tabbar' data-testid='tab-bar'>
      {TABS.map((tab) => (
        <View
          key={tab.path}
          className={`hj-tabbar__item${tab.path === path ? ' is-active' : ''}`}
          data-testid={`tab-${tab.path === '/' ? 'home' : tab.path.slice(1)}`}
          onClick={() => tab.path !== path && go(tab.path)}
        >
          <Icon name={tab.icon} className='hj-tabbar__icon' />
          {tab.path === '/center' && unread > 0 && (
            <Text className='hj-tabbar__badge' data-testid='inbox-unread-badge' aria-label={t('inbox.unreadCount', { count: unread })}>
              {unread > 99 ? '99+' : unread}
            </Text>
          )}
          <Text className='hj-tabbar__text'>{t(tab.key)}</Text>
        </View>
      ))}
    </View>
  )
}
