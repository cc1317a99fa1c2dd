import { Children, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Loading } from '../ui/loading'
import { View, Text } from '@tarojs/components'
import { Img } from '../ui/media'
import { Tabs } from '../ui/list'
import { ListGroup, ListRow } from '../ui/list-row'
import { formatRange, formatRangeAtOffset, parseUtcOffset } from '../../shared/format'
import type { CenterList as CenterListState } from './use-center-list'
import './center.scss'

/** One line of a centre list (an AtListItem, ui/list-row): thumbnail (or initials), title, meta line, optional badge and action. */
export default function CenterRow({
  cover,
  title,
  meta,
  badge,
  badgeTone,
  action,
  onClick,
  testid,
}: {
  cover?: string | null
  title: string
  meta?: Array<string | null | undefined | false>
  badge?: string
  badgeTone?: 'ok' | 'wait' | 'off'
  action?: ReactNode
  onClick?: () => void
  testid: string
}) {
  const lines = (meta || []).filter(Boolean) as string[]
  return (
    <ListRow
      className='hj-ct-row'
      testid={testid}
      onClick={onClick}
      thumb={
        cover !== undefined && (
          <View className='hj-ct-row__thumb'>
            {cover ? <Img className='hj-ct-row__img' src={cover} alt='' mode='aspectFill' /> : <Text className='hj-ct-row__initial'>{title.slice(0, 2)}</Text>}
          </View>
        )
      }
      title={
        <Text className='hj-ct-row__title' data-testid={`${testid}-title`}>
          {title}
        </Text>
      }
      note={
        (lines.length > 0 || badge) && (
          <View className='hj-ct-row__body'>
            {lines.length > 0 && <Text className='hj-ct-row__meta'>{lines.join(' · ')}</Text>}
            {badge && <Text className={`hj-ct-badge hj-ct-badge--${badgeTone || 'ok'}`}>{badge}</Text>}
          </View>
        )
      }
      extra={action}
    />
  )
}

/** The rows of a centre list (AtList). */
export function CenterList({ children }: { children?: ReactNode }) {
  if (!Children.count(children)) return null
  return <ListGroup className='hj-ct-list'>{children}</ListGroup>
}

/**
 * Previous / "page x of y" / next under a centre list; nothing when it fits on one page.
 * Ours, not AtPagination (icon mode): its buttons take no test ids (`<testid>-prev/-next`) and its arrows
 * need taro-ui's icon font (a 20 KB style with a base64 font) for two characters.
 */
export function MiniPager({ page, pageSize, total, onChange, testid }: { page: number; pageSize: number; total: number; onChange(p: number): void; testid: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  return (
    <View className='hj-ct-pager' data-testid={`${testid}-pager`}>
      <Text className={`hj-ct-pager__btn${page <= 1 ? ' is-disabled' : ''}`} data-testid={`${testid}-prev`} onClick={() => page > 1 && onChange(page - 1)}>
        ‹
      </Text>
      <Text className='hj-ct-pager__info'>
        {page} / {pages}
      </Text>
      <Text className={`hj-ct-pager__btn${page >= pages ? ' is-disabled' : ''}`} data-testid={`${testid}-next`} onClick={() => page < pages && onChange(page + 1)}>
        ›
      </Text>
    </View>
  )
}

/** Loading / empty (or failed) line of a centre list; nothing when there are items. `emptyText` defaults to common.empty. */
export function ListNote({ list, emptyText, testid }: { list: Pick<CenterListState<unknown>, 'items' | 'loading' | 'failed'>; emptyText?: string; testid: string }) {
  const { t } = useTranslation()
  const { items, loading, failed } = list
  if (items === null || (loading && items.length === 0)) return <Loading className='hj-ct-note' text={t('common.loading')} testid={`${testid}-loading`} />
  if (items.length === 0) return <Text className='hj-ct-note' data-testid={`${testid}-empty`}>{failed ? t('common.networkError') : (emptyText ?? t('common.empty'))}</Text>
  return null
}

/** Tabs of a centre section: the list pages' AtTabs (components/ui). */
export function CenterTabs<K extends string>(props: { tabs: Array<{ key: K; label: string }>; value: K; onChange(k: K): void; testid: string }) {
  return <Tabs<K> {...props} />
}

/** An activity's time in its own zone, labelled with that zone (as on the detail page). */
export function ownTime(start: string, end: string | null | undefined, timeZone: string): string {
  const offset = parseUtcOffset(timeZone)
  return offset === null ? formatRange(start, end) : `${formatRangeAtOffset(start, end, offset)} (${timeZone})`
}
