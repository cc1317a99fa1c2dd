/**
 * Admin frame: side menu from the menu tree, header (user, language switch, logout), tag views of the
 * opened views, main area, footer. Stateless about routing — the shell page passes the current path.
 */
import React, { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { Button, Layout, Menu, Space, Tag, Tooltip } from 'antd'
import { GlobalOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { toggleLang } from '../../shared/i18n'
import { groupSideMenu, openKeysFor, titleIn, type SideMenuItem } from '../core/menu-routes'
import type { TagView } from '../core/session'
import { menuIcon } from './icons'
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

function toItems(list: SideMenuItem[], lang: 'zh' | 'en'): any[] {
  return list.map((it) => ({
    key: it.key,
    icon: menuIcon(it.icon, it.key),
    label: <span data-testid={`adm-menu-item${it.key.replace(/\//g, '-')}`}>{titleIn(it, lang)}</span>,
    children: it.children ? toItems(it.children, lang) : undefined,
  }))
}

export function AdminLayout(props: AdminLayoutProps) {
  const { t } = useTranslation()
  const { activePath, lang } = props
  // "区域 › 视图" titles become one submenu per area, so a long flat menu stays short
  const sideMenu = useMemo(() => groupSideMenu(props.sideMenu), [props.sideMenu])
  const items = useMemo(() => toItems(sideMenu, lang), [sideMenu, lang])
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
    <Layout className="adm-layout">
      {/* below 768 px (a phone at the door: the check-in view) the menu folds away behind antd's trigger */}
      <Layout.Sider width={248} className="adm-layout__sider" theme="dark" breakpoint="md" collapsedWidth={0} zeroWidthTriggerStyle={{ top: 12 }}>
        <div className="adm-layout__logo" onClick={() => props.onOpen('/')}>
          <span className="adm-layout__logo-mark">海</span>
          <span>{t('adm.appName')}</span>
        </div>
        <div data-testid="adm-side-menu">
          <Menu
            theme="dark"
            mode="inline"
            items={items}
            selectedKeys={[activePath]}
            defaultOpenKeys={defaultOpen}
            onClick={(e) => props.onOpen(String(e.key))}
          />
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="adm-layout__header">
          <Text strong className="adm-layout__title">
            {props.title}
          </Text>
          <Space size={8}>
            <Tooltip title={t('adm.langTitle')}>
              <Button type="text" icon={<GlobalOutlined />} data-testid="adm-lang" onClick={() => toggleLang()}>
                {t('adm.lang')}
              </Button>
            </Tooltip>
            <span className="adm-layout__user" data-testid="adm-header-user">
              <UserOutlined /> {props.userName}
            </span>
            <Button type="text" icon={<LogoutOutlined />} data-testid="adm-logout" onClick={props.onLogout}>
              {t('adm.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <div className="adm-layout__tags" data-testid="adm-tag-views" ref={tagStrip}>
          {props.tags.map((tag) => (
            <Tag
              key={tag.path}
              data-path={tag.path}
              className={tag.path === activePath ? 'adm-tag adm-tag--active' : 'adm-tag'}
              color={tag.path === activePath ? 'blue' : undefined}
              closable={!tag.fixed}
              onClose={(e) => {
                e.preventDefault()
                props.onCloseTag(tag.path)
              }}
              onClick={() => props.onOpen(tag.path)}
            >
              {titleIn(tag, lang)}
            </Tag>
          ))}
        </div>
        <Layout.Content className="adm-layout__content">{props.children}</Layout.Content>
        <Layout.Footer className="adm-layout__footer">
          © {new Date().getFullYear()} {t('adm.footer')}
        </Layout.Footer>
      </Layout>
    </Layout>
  )
}
