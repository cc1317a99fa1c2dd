/**
 * Admin frame: side menu from the menu tree, header (user, language switch, logout), tag views of the
 * opened views, main area, footer. Stateless about routing — the shell page passes the current path.
 */
import React, { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Button } from 'antd'
import { GlobalOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { toggleLang } from '../../shared/i18n'
import { groupSideMenu, openKeysFor, titleIn, type SideMenuItem } from '../core/menu-routes'
import type { TagView } from '../core/session'
import { SideMenu } from './side-menu'
import { Text } from '../components/plain'
import './admin-layout.scss'

export interface AdminLayoutProps {
  sideMenu: SideMenuItem[]
  activePath: string
  lang: 'zh' | 'en'
  userName: string
  /** title of the open view (header) */
  title: string
  tags: Array<TagView & { titleZh?: string; titleEn?: string; fixed?: boolean }>
  onOpen(path: string): void
  onCloseTag(path: string): void
  onLogout(): void
  children?: ReactNode
}

export function AdminLayout(props: AdminLayoutProps) {
  const { t } = useTranslation()
  const { activePath, lang } = props
  // "区域 › 视图" titles become one submenu per area, so a long flat menu stays short
  const sideMenu = useMemo(() => groupSideMenu(props.sideMenu), [props.sideMenu])
  // a phone: the menu is folded away behind the header's button, and folds again once a view is chosen
  const [menuShown, setMenuShown] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  // Escape folds it again, back to the button that opened it
  useEffect(() => {
    if (!menuShown) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setMenuShown(false)
      menuButton.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [menuShown])
  const open = (path: string) => {
    setMenuShown(false)
    props.onOpen(path)
  }
  const defaultOpen = useMemo(() => {
    const keys = new Set(openKeysFor(sideMenu, activePath))
    // groups start open, so every view stays one click away
    sideMenu.forEach((s) => s.children && keys.add(s.key))
    return [...keys]
  }, [sideMenu, activePath])

  // one row: the strip scrolls sideways and keeps the active tag in sight (the shell also caps the count)
  const tagStrip = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const strip = tagStrip.current
    const active = strip?.querySelector<HTMLElement>('.adm-tag--active')
    if (!strip || !active) return
    // measured on screen: offsetLeft counts from the offset parent, which the strip is not, and missed its padding
    const s = strip.getBoundingClientRect()
    const a = active.getBoundingClientRect()
    if (a.left < s.left || a.right > s.right) strip.scrollLeft = Math.max(0, strip.scrollLeft + a.left - s.left - (s.width - a.width) / 2)
  }, [activePath, props.tags.length])

  return (
    <div className={`adm-layout${menuShown ? ' adm-layout--menu-shown' : ''}`}>
      {/* below 768 px (a phone at the door: the check-in view) the menu overlays the page, opened from the header */}
      <aside className="adm-layout__sider" id="adm-side-menu">
        <div className="adm-layout__logo" onClick={() => open('/')}>
          <span className="adm-layout__logo-mark">海</span>
          <span>{t('adm.appName')}</span>
        </div>
        <div data-testid="adm-side-menu">
          <SideMenu items={sideMenu} lang={lang} activePath={activePath} defaultOpen={defaultOpen} label={t('adm.sideMenu')} onOpen={open} />
        </div>
      </aside>
      {menuShown && <div className="adm-layout__scrim" onClick={() => setMenuShown(false)} />}
      <div className="adm-layout__main">
        <header className="adm-layout__header">
          <button
            ref={menuButton}
            type="button"
            className="adm-layout__menu-button"
            aria-controls="adm-side-menu"
            aria-expanded={menuShown}
            aria-label={t(menuShown ? 'adm.closeMenu' : 'adm.openMenu')}
            data-testid="adm-menu-button"
            onClick={() => setMenuShown((v) => !v)}
          >
            <MenuOutlined />
          </button>
          <Text strong className="adm-layout__title">
            {props.title}
          </Text>
          <div className="adm-layout__actions">
            <Button type="text" icon={<GlobalOutlined />} title={t('adm.langTitle')} data-testid="adm-lang" onClick={() => toggleLang()}>
              {t('adm.lang')}
            </Button>
            <span className="adm-layout__user" data-testid="adm-header-user">
              <UserOutlined /> {props.userName}
            </span>
            <Button type="text" icon={<LogoutOutlined />} data-testid="adm-logout" onClick={props.onLogout}>
              {t('adm.logout')}
            </Button>
          </div>
        </header>
        <div className="adm-layout__tags" data-testid="adm-tag-views" ref={tagStrip}>
          {props.tags.map((tag) => {
            const active = tag.path === activePath
            const title = titleIn(tag, lang)
            return (
              <span key={tag.path} data-path={tag.path} className={active ? 'adm-tag adm-tag--active' : 'adm-tag'}>
                <button type="button" className="adm-tag__open" aria-current={active ? 'page' : undefined} onClick={() => props.onOpen(tag.path)}>
                  {title}
                </button>
                {!tag.fixed && (
                  <button type="button" className="adm-tag__close" aria-label={`${t('adm.closeTag')} ${title}`} onClick={() => props.onCloseTag(tag.path)}>
                    ×
                  </button>
                )}
              </span>
            )
          })}
        </div>
        <main className="adm-layout__content">{props.children}</main>
        <footer className="adm-layout__footer">
          © {new Date().getFullYear()} {t('adm.footer')}
        </footer>
      </div>
    </div>
  )
}
