/**
 * Small building blocks of engineer B's browsing pages: list states, pager, tabs, chips, keyword box,
 * rich content, detail header pieces. Mobile styles use 750-wide design px, desktop overrides PX.
 */
import { type ReactNode, useEffect, useState } from 'react'
import { View, Text, Input, Image, RichText } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { go } from '../../shared/router/navigate'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import './content.scss'

/** Loading / empty / failed line under a list or detail; renders nothing when there is content. */
export function ListState({ items, loading, failed, testid }: { items: unknown[] | null; loading: boolean; failed?: boolean; testid: string }) {
  const { t } = useTranslation()
  if (items === null || (loading && items.length === 0)) {
    return (
      <Text className='hj-c-muted' data-testid={`${testid}-loading`}>
        {t('common.loading')}
      </Text>
    )
  }
  if (items.length === 0) {
    return (
      <View className='hj-c-empty' data-testid={`${testid}-empty`}>
        <Text className='hj-c-empty__icon'>∅</Text>
        <Text className='hj-c-empty__text'>{failed ? t('common.networkError') : t('common.empty')}</Text>
      </View>
    )
  }
  return null
}

/** Previous / page numbers / next. Hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onChange, testid }: { page: number; pageSize: number; total: number; onChange(p: number): void; testid: string }) {
  const { t } = useTranslation()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  const nums: number[] = []
  const from = Math.max(1, Math.min(page - 2, pages - 4))
  for (let p = from; p <= Math.min(pages, from + 4); p++) nums.push(p)
  return (
    <View className='hj-c-pager' data-testid={`${testid}-pager`}>
      <View className={`hj-c-pager__btn${page <= 1 ? ' is-disabled' : ''}`} data-testid={`${testid}-prev`} onClick={() => page > 1 && onChange(page - 1)}>
        ‹ {t('roadshow.ui.prev')}
      </View>
      {nums.map((p) => (
        <View key={p} className={`hj-c-pager__num${p === page ? ' is-active' : ''}`} onClick={() => p !== page && onChange(p)}>
          {p}
        </View>
      ))}
      <View className={`hj-c-pager__btn${page >= pages ? ' is-disabled' : ''}`} data-testid={`${testid}-next`} onClick={() => page < pages && onChange(page + 1)}>
        {t('roadshow.ui.next')} ›
      </View>
      <Text className='hj-c-pager__total'>{t('roadshow.ui.total', { count: total })}</Text>
    </View>
  )
}

export interface TabDef<K extends string> {
  key: K
  label: string
}

export function Tabs<K extends string>({ tabs, value, onChange, testid }: { tabs: TabDef<K>[]; value: K; onChange(k: K): void; testid: string }) {
  return (
    <View className='hj-c-tabs' data-testid={`${testid}-tabs`}>
      {tabs.map((tab) => (
        <View
          key={tab.key}
          className={`hj-c-tabs__item${tab.key === value ? ' is-active' : ''}`}
          data-testid={`${testid}-tab-${tab.key}`}
          onClick={() => tab.key !== value && onChange(tab.key)}
        >
          {tab.label}
        </View>
      ))}
    </View>
  )
}

/** One row of filter chips; the first chip ("all") has the empty value. */
export function Chips({ label, options, value, onChange, testid }: { label?: string; options: { value: string; label: string }[]; value: string; onChange(v: string): void; testid: string }) {
  const { t } = useTranslation()
  const all = [{ value: '', label: t('roadshow.ui.all') }, ...options]
  return (
    <View className='hj-c-chips' data-testid={testid}>
      {label && <Text className='hj-c-chips__label'>{label}</Text>}
      <View className='hj-c-chips__list'>
        {all.map((o) => (
          <View
            key={o.value || 'all'}
            className={`hj-c-chip${o.value === value ? ' is-active' : ''}`}
            data-testid={`${testid}-${o.value || 'all'}`}
            onClick={() => o.value !== value && onChange(o.value)}
          >
            {o.label}
          </View>
        ))}
      </View>
    </View>
  )
}

/**
 * Keyword box: applies on confirm or on the button. `framed` pages (topic, information, policy) already
 * get the frame's mobile search bar under 768 px, so there the box shows on desktop only.
 */
export function KeywordBox({ value, onSearch, placeholder, testid, framed }: { value: string; onSearch(v: string): void; placeholder?: string; testid: string; framed?: boolean }) {
  const { t } = useTranslation()
  const mobile = useIsMobile()
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  if (framed && mobile) return null
  return (
    <View className='hj-c-search'>
      <Input
        className='hj-c-search__input'
        data-testid={testid}
        value={text}
        placeholder={placeholder || t('roadshow.ui.keyword')}
        confirmType='search'
        onInput={(e) => setText(e.detail.value)}
        onConfirm={(e) => onSearch(String(e.detail.value || '').trim())}
      />
      <View className='hj-c-search__btn' data-testid={`${testid}-submit`} onClick={() => onSearch(text.trim())}>
        {t('roadshow.ui.search')}
      </View>
    </View>
  )
}

/** Sanitized HTML from the server through RichText (works in H5 and weapp); plain text keeps line breaks. */
export function RichContent({ html, testid }: { html: string; testid?: string }) {
  if (!html) return null
  const isHtml = /<[a-z][\s\S]*>/i.test(html)
  return (
    <View className='hj-c-rich' data-testid={testid || 'detail-content'}>
      {isHtml ? <RichText nodes={html} /> : <Text className='hj-c-rich__text'>{html}</Text>}
    </View>
  )
}

export function Cover({ src, title, className }: { src: string | null | undefined; title: string; className?: string }) {
  return src ? (
    <Image className={`hj-c-cover ${className || ''}`} src={src} mode='aspectFill' lazyLoad />
  ) : (
    <View className={`hj-c-cover hj-c-cover--empty ${className || ''}`}>
      <Text>{(title || '海交').slice(0, 2)}</Text>
    </View>
  )
}

export function Tags({ tags }: { tags: string[] | null | undefined }) {
  if (!tags || !tags.length) return null
  return (
    <View className='hj-c-tags'>
      {tags.map((tag) => (
        <Text key={tag} className='hj-c-tag'>
          {tag}
        </Text>
      ))}
    </View>
  )
}

export function Section({ title, children, more, testid }: { title: string; children?: ReactNode; more?: string; testid?: string }) {
  const { t } = useTranslation()
  return (
    <View className='hj-c-section' data-testid={testid}>
      <View className='hj-c-section__head'>
        <Text className='hj-c-section__title'>{title}</Text>
        {more && (
          <Text className='hj-c-link' onClick={() => go(more)}>
            {t('roadshow.ui.more')} ›
          </Text>
        )}
      </View>
      {children}
    </View>
  )
}

/** Page heading of a list page. */
export function PageHead({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <View className='hj-c-head'>
      <Text className='hj-c-head__title'>{title}</Text>
      {subtitle && <Text className='hj-c-head__sub'>{subtitle}</Text>}
    </View>
  )
}

/** Detail page shell: loading / not found / content. */
export function DetailBody({ loading, missing, children, testid }: { loading: boolean; missing: boolean; children?: ReactNode; testid: string }) {
  const { t } = useTranslation()
  if (loading)
    return (
      <Text className='hj-c-muted' data-testid={`${testid}-loading`}>
        {t('common.loading')}
      </Text>
    )
  if (missing)
    return (
      <View className='hj-c-empty' data-testid={`${testid}-missing`}>
        <Text className='hj-c-empty__icon'>∅</Text>
        <Text className='hj-c-empty__text'>{t('roadshow.ui.notFound')}</Text>
        <Text className='hj-c-link' onClick={() => go('/')}>
          {t('common.backHome')}
        </Text>
      </View>
    )
  return <View data-testid={testid}>{children}</View>
}

export function DetailTitle({ children }: { children: ReactNode }) {
  return (
    <Text className='hj-c-dtitle' data-testid='detail-title'>
      {children}
    </Text>
  )
}

/** Meta line items ("label: value" or just value), skipping empties. */
export function Meta({ items }: { items: (string | null | undefined | false)[] }) {
  const list = items.filter(Boolean) as string[]
  if (!list.length) return null
  return (
    <View className='hj-c-meta'>
      {list.map((m, i) => (
        <Text key={`${i}-${m}`} className='hj-c-meta__item'>
          {m}
        </Text>
      ))}
    </View>
  )
}

/** The top strip of pages outside the frame (bare, or the competition's hidden desktop frame). */
export function BareBar({ title }: { title: string }) {
  const { t } = useTranslation()
  return (
    <View className='hj-c-bare'>
      <View className='hj-c-bare__inner'>
        <View className='hj-c-bare__logo' data-testid='bare-home' onClick={() => go('/')}>
          <Text className='hj-c-bare__mark'>海交</Text>
          <Text className='hj-c-bare__home'>‹ {t('common.backHome')}</Text>
        </View>
        <Text className='hj-c-bare__title'>{title}</Text>
      </View>
    </View>
  )
}
