import { useEffect, useRef, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useUnread } from '../../shared/stores/unread-store'
import { useAuth } from '../../shared/stores/auth-store'
import { go, goLogin } from '../../shared/router/navigate'
import { t as translate } from '../../shared/i18n'
import { clearAuth, getToken } from '../../shared/storage'
import { assignLocation, openInNewTab } from '../../shared/platform/browser'
import { searchUrl } from '../../shared/format'
import HotSearchDropdown from './hot-search'
import SearchBox from '../ui/search-box'
import { toast } from '../../shared/stores/toast-store'
import { LangToggle } from './lang-toggle'
import './desktop-frame.scss'

export { LangToggle }

const NAV = [
  { key: 'nav.home', path: '/' },
  { key: 'nav.activity', path: '/activity' },
  { key: 'nav.roadshow', path: '/roadshow' },
  { key: 'nav.topic', path: '/topic' },
  { key: 'nav.about', path: '/website' },
]

export interface HeaderProps {
  path: string
  hideSearch?: boolean
  /** the path the search runs in (the search page passes its current tab); default: from `path` */
  searchPath?: string
  /** initial keywords (the search page shows its own) */
  keywords?: string
}

/** Blur closes the hot-search dropdown after this delay so a click on an item still lands. */
export const HOT_BLUR_DELAY_MS = 200

/** Organizer entry: the three behaviours of spec section 2. */
export function openOrganizer(user: { ouserId?: number | null; auserId?: number | null } | null): void {
  if (!getToken()) {
    toast(translate('header.invalidLogin'))
    clearAuth()
    useAuth.getState().sync()
    assignLocation('/admin/admLogin')
    return
  }
  if (!user || (!user.ouserId && !user.auserId)) {
    assignLocation('/admin/admRegister?noReg=true')
    return
  }
  if (!openInNewTab('/admin/admLogin')) assignLocation('/admin/admLogin')
}

export default function Header({ path, hideSearch, searchPath, keywords: initialKeywords }: HeaderProps) {
  const { t } = useTranslation()
  const { token, user, logout } = useAuth()
  const unread = useUnread((s) => s.count)
  const [menuOpen, setMenuOpen] = useState(false)
  const [keywords, setKeywords] = useState(initialKeywords || '')
  const [hotOpen, setHotOpen] = useState(false)
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => setKeywords(initialKeywords || ''), [initialKeywords])
  useEffect(() => () => {
    if (blurTimer.current) clearTimeout(blurTimer.current)
  }, [])

  const search = () => {
    setHotOpen(false)
    void go(searchUrl(searchPath || path, keywords))
  }
  const onFocus = () => {
    if (blurTimer.current) clearTimeout(blurTimer.current)
    setHotOpen(true)
  }
  const onBlur = () => {
    if (blurTimer.current) clearTimeout(blurTimer.current)
    blurTimer.current = setTimeout(() => setHotOpen(false), HOT_BLUR_DELAY_MS)
  }
  const doLogout = () => {
    setMenuOpen(false)
    logout()
    void go('/', { replace: true })
  }

  return (
    <View className='hj-header'>
      <View className='hj-header__inner'>
        <View className='hj-header__logo' onClick={() => go('/')}>
          <Text className='hj-header__logo-mark'>海交</Text>
          <Text className='hj-header__logo-text'>Haijiao</Text>
        </View>
        <View className='hj-header__nav'>
          {NAV.map((n) => (
            <View
              key={n.path}
              className={`hj-header__nav-item${n.path === path ? ' is-active' : ''}`}
              data-testid={`header-nav-${n.path === '/' ? 'home' : n.path.slice(1)}`}
              onClick={() => go(n.path)}
            >
              {t(n.key)}
            </View>
          ))}
        </View>
        {!hideSearch && (
          <View className='hj-header__search'>
            <SearchBox
              value={keywords} onInput={setKeywords} onSubmit={search} onFocus={onFocus} onBlur={onBlur}
              placeholder={t('header.searchPlaceholder')} testid='header-search' label={t('header.search')}
            />
            {hotOpen && <HotSearchDropdown onPick={() => setHotOpen(false)} />}
          </View>
        )}
        <LangToggle />
        {token && user ? (
          <View className='hj-header__user'>
            <View className='hj-header__user-name' data-testid='header-user' onClick={() => setMenuOpen(!menuOpen)}>
              {user.nickName}
              {unread > 0 && (
                <Text className='hj-header__badge' data-testid='header-unread-badge' aria-label={t('inbox.unreadCount', { count: unread })}>
                  {unread > 99 ? '99+' : unread}
                </Text>
              )}
              <Text className='hj-header__caret'>▾</Text>
            </View>
            {menuOpen && (
              <View className='hj-header__menu'>
                <View className='hj-header__menu-item' data-testid='header-menu-center' onClick={() => { setMenuOpen(false); void go('/center') }}>
                  {t('header.center')}
                </View>
                {user.isPromoter && (
                  <View className='hj-header__menu-item' data-testid='header-menu-talent' onClick={() => { setMenuOpen(false); void go('/center/talent') }}>
                    {t('header.talent')}
                  </View>
                )}
                <View className='hj-header__menu-item' data-testid='header-menu-organizer' onClick={() => { setMenuOpen(false); openOrganizer(user) }}>
                  {t('header.organizer')}
                </View>
                <View className='hj-header__menu-item' data-testid='header-logout' onClick={doLogout}>
                  {t('header.logout')}
                </View>
              </View>
            )}
          </View>
        ) : (
          <View className='hj-header__auth'>
            <View className='hj-header__link' data-testid='header-register' onClick={() => go('/register')}>
              {t('header.register')}
            </View>
            <View className='hj-header__link hj-header__link--primary' data-testid='header-login' onClick={() => goLogin()}>
              {t('header.login')}
            </View>
          </View>
        )}
      </View>
    </View>
  )
}
