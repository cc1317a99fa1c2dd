/**
 * /search?path=&keywords= — search results: tabs all / activity / topic / information / policy /
 * place, GET /search/all, keywords highlighted in titles and summaries, paging, empty state.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { Loading } from '../../components/ui/loading'
import { View, Text } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import Layout from '../../components/layout'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import { replaceUrlQuery } from '../../shared/platform/url-query'
import ActivityCard from '../../components/activity/activity-card'
import Highlight, { OtherLangMatch } from '../../components/activity/highlight'
import { LoadMore, Pagination } from '../../components/activity/pagination'
import { Tabs } from '../../components/ui/list'
import { search } from '../../shared/api/content'
import type { Page } from '@contracts/api'
import type { ActivityListItem } from '@contracts/activity'
import type { InformationListItem } from '@contracts/information'
import type { PolicyListItem } from '@contracts/policy'
import type { SearchModule, SearchResult } from '@contracts/search'
import type { SponsorListItem } from '@contracts/sponsor'
import type { TopicListItem } from '@contracts/topic'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatDateTime, searchModuleOf, searchPathOf } from '../../shared/format'
import '../../components/activity/activity.scss'
import AdvertStrip from '../../components/advert/advert-strip'
import './index.scss'

export const SEARCH_TABS: (SearchModule | 'all')[] = ['all', 'activity', 'topic', 'information', 'policy', 'sponsor']
export const SEARCH_PAGE_SIZE = 10
const MODULES: SearchModule[] = ['activity', 'topic', 'information', 'policy', 'sponsor']

const DETAIL: Record<SearchModule, string> = {
  activity: '/activityDetail?id=',
  topic: '/topicDetail?id=',
  information: '/informationDetail?id=',
  policy: '/policyDetail?id=',
  sponsor: '/sponsor?id=',
}

type AnyItem = ActivityListItem | TopicListItem | InformationListItem | PolicyListItem | SponsorListItem

function decode(v?: string): string {
  if (!v) return ''
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}

/** One non-activity result: title and summary highlighted, a meta line, linking its detail page. */
export function SearchRow({ module, item, lang, keywords }: { module: SearchModule; item: AnyItem; lang: Lang; keywords: string }) {
  const { t } = useTranslation()
  const rec = item as unknown as Record<string, any>
  const title = module === 'sponsor' ? pickLang(rec, 'name', lang) : pickLang(rec, 'title', lang)
  const summary = module === 'sponsor' ? pickLang(rec, 'intro', lang) : pickLang(rec, 'summary', lang)
  const meta: string[] = []
  if (module === 'policy') meta.push(t(`match.level.${rec.level}`), pickLang(rec, 'issuer', lang), pickLang(rec, 'city', lang))
  if (module === 'information') meta.push(pickLang(rec, 'source', lang))
  if (module === 'sponsor') meta.push(pickLang(rec, 'city', lang))
  if (rec.publishedAt) meta.push(formatDateTime(rec.publishedAt).slice(0, 10))
  return (
    <View className='hj-srow' data-testid='search-result' data-module={module} data-id={item.id} onClick={() => go(`${DETAIL[module]}${item.id}`)}>
      <Text className='hj-srow__module'>{t(`search.tab.${module}`)}</Text>
      <View className='hj-srow__body'>
        <Highlight className='hj-srow__title' text={title} keywords={keywords} />
        {summary && <Highlight className='hj-srow__summary' text={summary} keywords={keywords} />}
        <OtherLangMatch item={rec} fields={module === 'sponsor' ? ['name', 'intro'] : ['title', 'summary']} keywords={keywords} lang={lang} />
        <Text className='hj-srow__meta'>{meta.filter(Boolean).join(' · ')}</Text>
      </View>
    </View>
  )
}

function Results({ module, list, lang, keywords }: { module: SearchModule; list: AnyItem[]; lang: Lang; keywords: string }) {
  if (module === 'activity')
    return (
      <View className='hj-slist'>
        {(list as ActivityListItem[]).map((item) => (
          <ActivityCard key={item.id} item={item} lang={lang} keywords={keywords} testId='search-result' wide />
        ))}
      </View>
    )
  return (
    <View className='hj-slist'>
      {list.map((item) => (
        <SearchRow key={item.id} module={module} item={item} lang={lang} keywords={keywords} />
      ))}
    </View>
  )
}

export default function SearchPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const mobile = useIsMobile()
  const params = (useRouter()?.params || {}) as Record<string, string | undefined>
  const keywords = decode(params.keywords).trim()
  const [tab, setTab] = useState<SearchModule | 'all'>(() => searchModuleOf(decode(params.path)))
  const [page, setPage] = useState(1)
  const [result, setResult] = useState<SearchResult | null>(null)
  const [list, setList] = useState<AnyItem[]>([])
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const seq = useRef(0)

  const load = useCallback(
    async (m: SearchModule | 'all', p: number, append: boolean) => {
      if (!keywords) {
        setResult(null)
        setList([])
        return
      }
      const my = ++seq.current
      setLoading(true)
      try {
        const r = await search(keywords, m, p, m === 'all' ? undefined : SEARCH_PAGE_SIZE)
        if (my !== seq.current) return
        setResult(r || { keywords })
        if (m !== 'all') {
          const pg = (r && (r[m] as Page<AnyItem> | undefined)) || null
          setList((prev) => (append ? [...prev, ...(pg?.list || [])] : pg?.list || []))
        }
        setFailed(false)
      } catch {
        if (my !== seq.current) return
        setFailed(true)
        setResult({ keywords })
        if (!append) setList([])
      } finally {
        if (my === seq.current) setLoading(false)
      }
    },
    [keywords],
  )

  useEffect(() => {
    setPage(1)
    void load(tab, 1, false)
    replaceUrlQuery('/search', { path: searchPathOf(tab), keywords })
  }, [tab, load, keywords])

  const pageOf = (m: SearchModule): Page<AnyItem> | undefined => (result ? (result[m] as Page<AnyItem> | undefined) : undefined)
  const total = tab === 'all' ? MODULES.reduce((n, m) => n + (pageOf(m)?.total || 0), 0) : pageOf(tab)?.total || 0
  const hasMore = tab !== 'all' && list.length < total

  const changePage = (p: number) => {
    setPage(p)
    void load(tab, p, false)
    void Taro.pageScrollTo({ scrollTop: 0, duration: 200 }).catch(() => undefined)
  }
  const more = () => {
    if (loading || !hasMore) return
    setPage(page + 1)
    void load(tab, page + 1, true)
  }

  const empty = !!keywords && result !== null && !loading && total === 0

  return (
    <Layout path='/search' titleKey='page.search' searchPath={searchPathOf(tab)} keywords={keywords}>
      <View className='hj-search' data-testid='search-page'>
        <View className='hj-stabs'>
          <Tabs<typeof tab>
            testid='search'
            tabs={SEARCH_TABS.map((m) => ({ key: m, label: `${t(`search.tab.${m}`)}${result && m !== 'all' && pageOf(m) ? ` (${pageOf(m)!.total})` : ''}` }))}
            value={tab}
            onChange={setTab}
          />
        </View>
        <AdvertStrip area='search' />
        {!keywords && (
          <Text className='hj-empty' data-testid='search-enter-keyword'>
            {t('search.enterKeyword')}
          </Text>
        )}
        {keywords && result === null && <Loading className='hj-empty' text={t('common.loading')} />}
        {keywords && result !== null && total > 0 && (
          <Text className='hj-search__count' data-testid='search-count'>
            {t('search.count', { n: total })}
          </Text>
        )}
        {empty && (
          <Text className='hj-empty' data-testid='search-empty'>
            {failed ? t('common.networkError') : t('search.empty', { k: keywords })}
          </Text>
        )}
        {tab === 'all' &&
          result &&
          MODULES.map((m) => {
            const pg = pageOf(m)
            if (!pg || !pg.list.length) return null
            return (
              <View key={m} className='hj-sgroup' data-testid={`search-group-${m}`}>
                <View className='hj-sgroup__head'>
                  <Text className='hj-sgroup__title'>
                    {t(`search.tab.${m}`)} ({pg.total})
                  </Text>
                  {pg.total > Math.min(pg.list.length, 5) && (
                    <Text className='hj-link' data-testid={`search-more-${m}`} onClick={() => setTab(m)}>
                      {t('search.more')} ›
                    </Text>
                  )}
                </View>
                <Results module={m} list={pg.list.slice(0, 5)} lang={lang} keywords={keywords} />
              </View>
            )
          })}
        {tab !== 'all' && list.length > 0 && (
          <>
            <Results module={tab} list={list} lang={lang} keywords={keywords} />
            {mobile ? (
              <LoadMore hasMore={hasMore} loading={loading} onMore={more} testId='search-load-more' />
            ) : (
              <Pagination page={page} total={total} pageSize={SEARCH_PAGE_SIZE} onChange={changePage} testId='search-pagination' />
            )}
          </>
        )}
      </View>
    </Layout>
  )
}
