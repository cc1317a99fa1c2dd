/**
 * The side menu as plain markup: links for the views, a button per group that folds it. antd's Menu
 * (rc-menu, rc-overflow, its Tooltip and styles) cost ~25 KB gzip of the first view after login, for
 * what is here a two-level list that is always inline, never collapsed to icons and never overflows.
 * The views are real links (/admin/…), so a view opens in a new tab with the usual click; a plain
 * click opens it in place through `onOpen`.
 */
import React, { useState, type MouseEvent } from 'react'
import { titleIn, type SideMenuItem } from '../core/menu-routes'
import { menuIcon } from './icons'

export interface SideMenuProps {
  items: SideMenuItem[]
  lang: 'zh' | 'en'
  activePath: string
  /** groups open at first */
  defaultOpen: string[]
  /** the navigation's name for assistive technology */
  label: string
  onOpen(path: string): void
}

/** where an entry leads: its view's path, or its key */
const pathOf = (it: SideMenuItem) => it.path ?? it.key

/** an entry's icon and title (the title carries the entry's test id) */
function EntryLabel({ it, lang }: { it: SideMenuItem; lang: 'zh' | 'en' }) {
  return (
    <>
      <span className="adm-side-menu__icon">{menuIcon(it.icon, it.key)}</span>
      <span className="adm-side-menu__label" data-testid={`adm-menu-item${it.key.replace(/\//g, '-')}`}>
        {titleIn(it, lang)}
      </span>
    </>
  )
}

export function SideMenu({ items, lang, activePath, defaultOpen, label, onOpen }: SideMenuProps) {
  const [open, setOpen] = useState(() => new Set(defaultOpen))
  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })

  const isActive = (it: SideMenuItem): boolean => (it.children ? it.children.some(isActive) : pathOf(it) === activePath || it.key === activePath)

  const leaf = (it: SideMenuItem, depth: number) => {
    const active = isActive(it)
    const click = (e: MouseEvent) => {
      // a modified click (new tab, new window) is the browser's
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
      e.preventDefault()
      onOpen(it.key)
    }
    // under the admin's base path (history mode, basename /admin)
    return (
      <li key={it.key}>
        <a
          href={`/admin${pathOf(it)}`}
          className={`adm-side-menu__item adm-side-menu__item--depth${depth}${active ? ' adm-side-menu__item--active' : ''}`}
          aria-current={active ? 'page' : undefined}
          onClick={click}
        >
          <EntryLabel it={it} lang={lang} />
        </a>
      </li>
    )
  }

  const group = (it: SideMenuItem, depth: number) => {
    const isOpen = open.has(it.key)
    const holdsActive = isActive(it)
    const listId = `adm-side-menu${it.key.replace(/[^\w-]/g, '-')}`
    return (
      <li key={it.key} className="adm-side-menu__group">
        <button
          type="button"
          className={`adm-side-menu__item adm-side-menu__item--depth${depth} adm-side-menu__group-title${holdsActive ? ' adm-side-menu__group-title--active' : ''}`}
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => toggle(it.key)}
        >
          <EntryLabel it={it} lang={lang} />
          <span className={`adm-side-menu__caret${isOpen ? ' adm-side-menu__caret--open' : ''}`} aria-hidden />
        </button>
        {/* folded groups keep their entries in the page (hidden), as antd's inline menu did */}
        <ul id={listId} className="adm-side-menu__list" hidden={!isOpen}>
          {it.children!.map((c) => (c.children ? group(c, depth + 1) : leaf(c, depth + 1)))}
        </ul>
      </li>
    )
  }

  return (
    <nav className="adm-side-menu" aria-label={label}>
      <ul className="adm-side-menu__list">
        {items.map((it) => (it.children ? group(it, 0) : leaf(it, 0)))}
      </ul>
    </nav>
  )
}
