/**
 * /activity — activity list (issue 3): filters type / category / country / time status / keyword kept in
 * the URL query, desktop pagination, mobile "load more".
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useRouter } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useIsMobile } from '../../components/layout/use-viewport'
import { replaceUrlQuery } from '../../components/layout/url-query'
import ActivityCard from '../../components/activity/activity-card'
import ActivityFilters, { filtersFromQuery, type ActivityFilterValue } from '../../components/activity/activity-filters'
import { LoadMore, Pagination } from '../../components/activity/pagination'
import { getActivityCategories, getActivityCountries, getActivityList } from '../../shared/api/content'
import type { ActivityListItem } from '../../shared/contracts/activity'
import type { OptionItem } from '../../shared/contracts/api'
import type { Lang } from '../../shared/i18n'
import './index.scss'

export const ACTIVITY_PAGE_SIZE = 12

export default function ActivityListPage() {
  const { t, i18n } = useTranslation()
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh'
  const mobile = useIsMobile()
  const router = useRouter()
  const params = (router?.params || {}) as Record<string, string | undefined>
  const [filters, setFilters] = useState<ActivityFilterValue>(() => filtersFromQuery(params))
  const [page, setPage] = useState(() => Math.max(1, Number(params.page) || 1))
  const [items, setItems] = useState<ActivityListItem[] | null>(null)
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const [categories, setCategories] = useState<OptionItem[]>([])
  const [countries, setCountries] = useState<OptionItem[]>([])
  const seq = useRef(0)

  useEffect(() => {
    getActivityCategories().then((l) => setCategories(Array.isArray(l) ? l : []), () => undefined)
    getActivityCountries().then((l) => setCountries(Array.isArray(l) ? l : []), () => undefined)
  }, [])

  const load = useCallback(
    async (f: ActivityFilterValue, p: number, append: boolean) => {
      const my = ++seq.current
      setLoading(true)
      try {
        const res = await getActivityList({ ...f, page: p, pageSize: ACTIVITY_PAGE_SIZE })
        if (my !== seq.current) return
        const list = res?.list || []
        setItems((prev) => (append && prev ? [...prev, ...list] : list))
        setTotal(res?.total || 0)
        setFailed(false)
      } catch {
        if (my !== seq.current) return
        setFailed(true)
        if (!append) setItems([])
      } finally {
        if (my === seq.current) setLoading(false)
      }
    },
    [],
  )

  useEffect(() => {
    // mobile accumulates pages from 1; desktop shows the requested page
    void load(filters, mobile ? 1 : page, false)
    if (mobile && page !== 1) setPage(1)
    replaceUrlQuery('/activity', { ...filters, page: mobile || page === 1 ? undefined : page })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters, mobile])

  const changeFilters = (f: ActivityFilterValue) => {
    setPage(1)
    setFilters(f)
  }
  const changePage = (p: number) => {
    setPage(p)
    void load(filters, p, false)
    replaceUrlQuery('/activity', { ...filters, page: p === 1 ? undefined : p })
    void Taro.pageScrollTo({ scrollTop: 0, duration: 200 }).catch(() => undefined)
  }
  const hasMore = (items?.length || 0) < total
  const more = () => {
    if (loading || !hasMore) return
    const next = page + 1
    setPage(next)
    void load(filters, next, true)
  }

  usePullDownRefresh(() => {
    setPage(1)
    void load(filters, 1, false).finally(() => Taro.stopPullDownRefresh())
  })

  return (
    <Layout path='/activity' titleKey='router.activity.index'>
      <ActivityFilters value={filters} categories={categories} countries={countries} lang={lang} onChange={changeFilters} />
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
        {(items || []).map((item) => (
          <ActivityCard key={item.id} item={item} lang={lang} testId='activity-card' wide={mobile} />
        ))}
      </View>
      {items !== null && items.length > 0 &&
        (mobile ? (
          <LoadMore hasMore={hasMore} loading={loading} onMore={more} testId='activity-load-more' />
        ) : (
          <Pagination page={page} total={total} pageSize={ACTIVITY_PAGE_SIZE} onChange={changePage} testId='activity-pagination' />
        ))}
    </Layout>
  )
}
