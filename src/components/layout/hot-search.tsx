/**
 * Hot-search dropdown of the header search box (spec section 2): opens on focus, items grouped into
 * topic / policy / place, linking /topicDetail?id=, /policyDetail?id=, /sponsor?id=.
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import { getHotSearch } from '../../shared/api/content'
import type { HotSearchItem } from '@contracts/search'
import { go } from '../../shared/router/navigate'
import type { Lang } from '../../shared/i18n'

export const HOT_GROUPS = ['topic', 'policy', 'place'] as const
export type HotGroup = (typeof HOT_GROUPS)[number]

const LINK: Record<HotGroup, string> = { topic: '/topicDetail?id=', policy: '/policyDetail?id=', place: '/sponsor?id=' }

export function hotSearchLink(item: Pick<HotSearchItem, 'searchModuleCode' | 'relationId'>): string | null {
  const base = LINK[item.searchModuleCode as HotGroup]
  return base ? `${base}${item.relationId}` : null
}

/** Group in topic → policy → place order; unknown modules are dropped. */
export function groupHotSearch(items: HotSearchItem[]): { group: HotGroup; items: HotSearchItem[] }[] {
  return HOT_GROUPS.map((group) => ({ group, items: items.filter((i) => i.searchModuleCode === group) })).filter((g) => g.items.length > 0)
}

/**
 * The seeded titles carry both languages in one string ('上海留学人员落户政策 Shanghai residence policy'):
 * show the part of the current language when the string splits cleanly, else the whole title.
 */
export function hotTitle(item: HotSearchItem & { titleZh?: string; titleEn?: string }, lang: Lang): string {
  if (item.titleZh || item.titleEn) return (lang === 'zh' ? item.titleZh || item.titleEn : item.titleEn || item.titleZh) || ''
  const m = /^([^A-Za-z]*[\u3400-\u9fff][^A-Za-z]*?)\s+([A-Za-z].*)$/.exec(item.title || '')
  if (!m) return item.title || ''
  return lang === 'zh' ? m[1].trim() : m[2].trim()
}

let cache: HotSearchItem[] | null = null
let pending: Promise<HotSearchItem[]> | null = null

export function loadHotSearch(): Promise<HotSearchItem[]> {
  if (cache) return Promise.resolve(cache)
  if (!pending) {
    pending = getHotSearch()
      .then((list) => (cache = Array.isArray(list) ? list : []))
      .catch(() => [] as HotSearchItem[])
      .finally(() => {
        pending = null
      })
  }
  return pending
}

/** test helper */
export function resetHotSearchCache(): void {
  cache = null
  pending = null
}

export default function HotSearchDropdown({ onPick }: { onPick?: () => void }) {
  const { t } = useTranslation()
  const lang = useLang()
  const [items, setItems] = useState<HotSearchItem[] | null>(cache)
  useEffect(() => {
    let alive = true
    void loadHotSearch().then((list) => alive && setItems(list))
    return () => {
      alive = false
    }
  }, [])
  const groups = groupHotSearch(items || [])
  return (
    <View className='hj-hot' data-testid='hot-search'>
      <Text className='hj-hot__title'>{t('frame.hotSearch')}</Text>
      {items === null && <Text className='hj-hot__empty'>{t('common.loading')}</Text>}
      {items !== null && groups.length === 0 && <Text className='hj-hot__empty'>{t('common.empty')}</Text>}
      {groups.map((g) => (
        <View key={g.group} className='hj-hot__group' data-testid={`hot-search-group-${g.group}`}>
          <Text className='hj-hot__group-title'>{t(`frame.hot.${g.group}`)}</Text>
          <View className='hj-hot__items'>
            {g.items.map((item, idx) => (
              <View
                key={item.id}
                className='hj-hot__item'
                data-testid='hot-search-item'
                data-type={g.group}
                onClick={() => {
                  const url = hotSearchLink(item)
                  onPick?.()
                  if (url) void go(url)
                }}
              >
                <Text className={`hj-hot__rank${idx < 3 ? ' is-top' : ''}`}>{idx + 1}</Text>
                <Text className='hj-hot__name'>{hotTitle(item, lang)}</Text>
              </View>
            ))}
          </View>
        </View>
      ))}
    </View>
  )
}
