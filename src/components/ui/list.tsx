/**
 * Building blocks of list pages: loading / empty line, pager, tabs, filter chips and the keyword box.
 * taro-ui where it has the primitive (AtTabs, AtTag via ./tag, AtLoadMore, AtActivityIndicator), imported per
 * component with the theme (./at/*.scss); our wrappers keep the test ids and the tap on their own element,
 * because taro-ui components pass no data-* attribute through.
 * Mobile styles use 750-wide design px, desktop overrides PX (ui.scss).
 */
import { type ReactNode, useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { ListState } from './loading'
import AtLoadMore from 'taro-ui/lib/components/load-more'
import AtTabs from 'taro-ui/lib/components/tabs'
import { Chip } from './tag'
import './at/loading.scss'
import './at/activity-indicator.scss' // AtLoadMore's loading state
import './at/button.scss'
import './at/load-more.scss'
import './at/tabs.scss'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import type { PagedList } from '../../shared/hooks/use-paged-list'
import './ui.scss'
import InputButton from './input-button'

/**
 * taro-ui defaults its style props to '' and then hands React a style *string* (mergeStyle('', '')),
 * which React DOM refuses (it throws under jest and in development builds): always pass objects.
 */
export const OBJECT_STYLES = { customStyle: {}, moreBtnStyle: {}, noMoreTextStyle: {} }

/**
 * Previous / page numbers / next. Hidden when everything fits on one page.
 * Ours, not AtPagination: that has only previous / next (labels hard-coded in Chinese) and "n/m", no page numbers.
 */
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

/**
 * Under a "load more" list (phones): more pages come with the scroll to the bottom; the line says so and
 * is a tap target for the same (a page too short to scroll never reaches its bottom). The tap is taken on
 * our wrapper (AtLoadMore's own button would take it only on the button).
 */
export function ListMore({ list, testid }: { list: Pick<PagedList<unknown>, 'items' | 'loading' | 'hasMore' | 'more'>; testid: string }) {
  const { t } = useTranslation()
  if (!list.items || list.items.length === 0) return null
  if (!list.hasMore) {
    return (
      <View className='hj-c-more hj-c-more--end' data-testid={`${testid}-no-more`}>
        <AtLoadMore status='noMore' noMoreText={t('common.noMore')} {...OBJECT_STYLES} />
      </View>
    )
  }
  return (
    <View className='hj-c-more' data-testid={`${testid}-more`} onClick={() => !list.loading && list.more()}>
      <AtLoadMore status={list.loading ? 'loading' : 'more'} moreText={t('common.loadMore')} loadingText={t('common.loading')} {...OBJECT_STYLES} />
    </View>
  )
}

export interface TabDef<K extends string> {
  key: K
  label: string
}

/**
 * AtTabs over our tab keys. Each title is a Text carrying the tab's test id (and `is-active`): AtTabs
 * renders `title` as the item's child and passes no data-* through; a tap on it reaches AtTabs' item.
 * Never AtTabs' `scroll`: on H5 its ScrollView (components-react) drops the `id` AtTabs looks itself up by,
 * and the tabs crash on mount (`null.children`); our CSS lets the header scroll sideways instead.
 */
export function Tabs<K extends string>({ tabs, value, onChange, testid }: { tabs: TabDef<K>[]; value: K; onChange(k: K): void; testid: string }) {
  const current = Math.max(0, tabs.findIndex((tab) => tab.key === value))
  const tabList = tabs.map((tab) => ({
    title: (
      <Text className={`hj-c-tabs__item${tab.key === value ? ' is-active' : ''}`} data-testid={`${testid}-tab-${tab.key}`}>
        {tab.label}
      </Text>
    ) as unknown as string,
  }))
  return (
    <View className='hj-c-tabs' data-testid={`${testid}-tabs`}>
      <AtTabs
        tabList={tabList}
        current={current}
        swipeable={false}
        animated={false}
        customStyle={{}}
        onClick={(i: number) => i !== current && tabs[i] && onChange(tabs[i].key)}
      />
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
          <Chip key={o.value || 'all'} active={o.value === value} testid={`${testid}-${o.value || 'all'}`} onPick={() => o.value !== value && onChange(o.value)}>
            {o.label}
          </Chip>
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
      <InputButton
        value={text} confirmType='search' onInput={setText} onSubmit={(v) => onSearch(v.trim())}
        placeholder={placeholder || t('roadshow.ui.keyword')} testid={testid} buttonTestid={`${testid}-submit`} label={t('roadshow.ui.search')}
        inputClass='hj-c-search__input' buttonClass='hj-c-search__btn'
      />
    </View>
  )
}

/** A paged list on a page: its loading / empty line (`<testid>-list`), the items, the pager (`<testid>`). */
export function PagedItems<T>({ list, testid, className = 'hj-c-grid', children }: { list: PagedList<T>; testid: string; className?: string; children: (item: T) => ReactNode }) {
  return (
    <>
      <ListState items={list.items} loading={list.loading} failed={list.failed} testid={`${testid}-list`} />
      <View className={className}>{(list.items || []).map((item) => children(item))}</View>
      {list.append ? <ListMore list={list} testid={testid} /> : <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid={testid} />}
    </>
  )
}

export { Chip }
export { ListState }
