/**
 * /activity — activity list: filters type / category / country / time status / keyword kept in the URL
 * query, desktop pagination, mobile "load more".
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import { useLang } from '../../shared/hooks/use-lang'
import { usePagedList, useScrollPaging } from '../../shared/hooks/use-paged-list'
import { usePaintedOnce } from '../../shared/hooks/use-after-paint'
import { useReleaseServerFirstScreen } from '../../shared/platform/first-screen'
import { replaceUrlQuery } from '../../shared/platform/url-query'
import ActivityCard from '../../components/activity/activity-card'
import ActivityFilters from '../../components/activity/activity-filters'
import { filtersFromQuery, firstPageOf, type ActivityFilterValue } from '../../shared/activity-list-query'
import { LoadMore, Pagination } from '../../components/activity/pagination'
import { arrivedActivityFilterOptions, arrivedActivityList, getActivityCategories, getActivityCountries, getActivityList } from '../../shared/api/content'
import { ACTIVITY_PAGE_SIZE, type ActivityListItem } from '@contracts/activity'
import type { OptionItem } from '@contracts/api'
import './index.scss'


/** cards drawn before the first paint: a phone's first screen holds two or three, a desktop row four */
const FIRST_CARDS = 4

export default function ActivityListPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const mobile = useIsMobile()
  const router = useRouter()
  const params = (router?.params || {}) as Record<string, string | undefined>
  const [filters, setFilters] = useState<ActivityFilterValue>(() => filtersFromQuery(params))
  // the filter options asked for as the app started (app.ts), when they have arrived: drawn in the first render
  const [{ categories: arrivedCategories, countries: arrivedCountries }] = useState(arrivedActivityFilterOptions)
  const [categories, setCategories] = useState<OptionItem[]>(() => arrivedCategories ?? [])
  const [countries, setCountries] = useState<OptionItem[]>(() => arrivedCountries ?? [])
  // mobile adds pages under the shown ones from page 1; desktop shows the requested page
  const firstPage = firstPageOf(params, mobile)
  // asked for as the app started (app.ts): when it has arrived, the first render draws it
  const [arrived] = useState(() => arrivedActivityList({ ...filters, page: firstPage, pageSize: ACTIVITY_PAGE_SIZE }))
  const list = usePagedList<ActivityListItem, ActivityFilterValue>(getActivityList, filters, ACTIVITY_PAGE_SIZE, true, {
    scrollToTop: false,
    initialPage: firstPage,
    append: mobile,
    arrived,
  })
  const { items, total, page, loading, failed } = list

  useEffect(() => {
    if (!arrivedCategories) getActivityCategories().then((l) => setCategories(Array.isArray(l) ? l : []), () => undefined)
    if (!arrivedCountries) getActivityCountries().then((l) => setCountries(Array.isArray(l) ? l : []), () => undefined)
  }, [arrivedCategories, arrivedCountries])

  useEffect(() => {
    replaceUrlQuery('/activity', { ...filters, page: mobile || page === 1 ? undefined : page })
  }, [filters, page, mobile])

  const changePage = (p: number) => {
    list.setPage(p)
    void Taro.pageScrollTo({ scrollTop: 0, duration: 200 }).catch(() => undefined)
  }
  const hasMore = (items?.length || 0) < total
  // the first cards (with the page's largest picture) are drawn first, the rest of the page one frame later
  const painted = usePaintedOnce(items !== null)
  const shown = painted ? items || [] : (items || []).slice(0, FIRST_CARDS)
  // the server's drawing of this first screen (a phone's plain list) goes in the commit that draws the cards
  useReleaseServerFirstScreen(items !== null)
  // phones: the next page comes with the scroll to the bottom, a pull-down starts again from page 1
  useScrollPaging(list, mobile)

  return (
    <Layout path='/activity' titleKey='router.activity.index' keywords={filters.keyword} onSearch={(k) => setFilters({ ...filters, keyword: k || undefined })}>
      <ActivityFilters value={filters} categories={categories} countries={countries} lang={lang} onChange={setFilters} keywordBox={!mobile} />
      <View className='hj-alist__head'>
        <Text className='hj-alist__count' data-testid='activity-count'>
          {items === null ? t('common.loading') : t('activity.count', { n: total })}
        </Text>
      </View>
      {items !== null && items.length === 0 && !loading && (
        <Text className='hj-empty' data-testid='activity-empty'>
          {failed ? t('common.networkError') : t('common.empty')}
        </Text>
      )}
      <View className={`hj-alist${loading && !mobile ? ' is-loading' : ''}`} data-testid='activity-list'>
        {shown.map((item, i) => (
          <ActivityCard key={item.id} item={item} lang={lang} testId='activity-card' wide={mobile} priority={i < 2} />
        ))}
      </View>
      {items !== null && items.length > 0 &&
        (mobile ? (
          <LoadMore hasMore={hasMore} loading={loading} onMore={list.more} testId='activity-load-more' />
        ) : (
          <Pagination page={page} total={total} pageSize={ACTIVITY_PAGE_SIZE} onChange={changePage} testId='activity-pagination' />
        ))}
    </Layout>
  )
}
