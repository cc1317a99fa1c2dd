/** Building blocks of detail and list pages: headings, sections, the detail shell, meta line, rich content. */
import type { ReactNode } from 'react'
import { Loading } from './loading'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { go, goBack } from '../../shared/router/navigate'
import Icon from './icon'
import { RichHtml } from './rich-html'
import './ui.scss'

/** A detail page's section of linked items: an "empty" line when there are none, then the items. */
export function LinkedSection({ title, testid, empty, className = 'hj-c-grid', children }: { title: string; testid: string; empty: boolean; className?: string; children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Section title={title} testid={testid}>
      {empty && <Text className='hj-c-muted'>{t('common.empty')}</Text>}
      <View className={className}>{children}</View>
    </Section>
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

/** Detail page shell: loading / not found / content. */
export function DetailBody({ loading, missing, children, testid }: { loading: boolean; missing: boolean; children?: ReactNode; testid: string }) {
  const { t } = useTranslation()
  if (loading) return <Loading text={t('common.loading')} testid={`${testid}-loading`} />
  if (missing) return <NotFoundState testid={`${testid}-missing`} />
  return <View data-testid={testid}>{children}</View>
}

/**
 * What a page shows for an item that does not exist (a wrong or missing id, an item taken offline): a
 * heading that says so, a line of explanation and the ways back (the previous page, home). The page's
 * title says "not found" too (DetailPage, BarePage: `missing`).
 */
export function NotFoundState({ testid, text }: { testid: string; text?: string }) {
  const { t } = useTranslation()
  return (
    <View className='hj-c-empty hj-c-notfound' data-testid={testid} role='alert'>
      <Icon name='empty' className='hj-c-empty__icon' color='#cccccc' />
      <Text className='hj-c-notfound__title' data-testid='not-found-title'>
        {t('notFound.itemTitle')}
      </Text>
      <Text className='hj-c-empty__text'>{text || t('roadshow.ui.notFound')}</Text>
      <View className='hj-c-notfound__ways'>
        <View className='hj-btn hj-btn--ghost hj-c-notfound__btn' data-testid='not-found-back' onClick={() => goBack()}>
          {t('common.back')}
        </View>
        <View className='hj-btn hj-c-notfound__btn' data-testid='not-found-home' onClick={() => go('/', { replace: true })}>
          {t('common.backHome')}
        </View>
      </View>
    </View>
  )
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

/** Sanitized HTML from the server through RichHtml (H5 and weapp); plain text keeps line breaks. */
export function RichContent({ html, testid }: { html: string; testid?: string }) {
  if (!html) return null
  const isHtml = /<[a-z][\s\S]*>/i.test(html)
  return (
    <View className='hj-c-rich' data-testid={testid || 'detail-content'}>
      {isHtml ? <RichHtml html={html} /> : <Text className='hj-c-rich__text'>{html}</Text>}
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
