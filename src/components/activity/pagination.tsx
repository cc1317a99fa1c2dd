/**
 * Desktop pagination (numbers, previous / next) and the mobile "load more" line.
 * The pagination is ours, not AtPagination: that has only previous / next (labels hard-coded in Chinese)
 * and "n/m", no page numbers to jump to.
 */
import { View, Text } from '@tarojs/components'
import AtLoadMore from 'taro-ui/lib/components/load-more'
import { OBJECT_STYLES } from '../ui/list'
import '../ui/at/loading.scss'
import '../ui/at/activity-indicator.scss'
import '../ui/at/button.scss'
import '../ui/at/load-more.scss'
import '../ui/ui.scss'
import './activity.scss'
import { useTranslation } from 'react-i18next'

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)))
}

/** Page numbers with '…' gaps: always first, last, and two around the current page. */
export function pageItems(page: number, pages: number): (number | '…')[] {
  const out: (number | '…')[] = []
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p)
    else if (out[out.length - 1] !== '…') out.push('…')
  }
  return out
}

export function Pagination({ page, total, pageSize, onChange, testId = 'pagination' }: { page: number; total: number; pageSize: number; onChange: (p: number) => void; testId?: string }) {
  const { t } = useTranslation()
  const pages = pageCount(total, pageSize)
  if (total <= pageSize) return null
  return (
    <View className='hj-pager' data-testid={testId}>
      <Text className='hj-pager__total'>{t('common.total', { n: total })}</Text>
      <View className={`hj-pager__btn${page <= 1 ? ' is-disabled' : ''}`} data-testid={`${testId}-prev`} onClick={() => page > 1 && onChange(page - 1)}>
        {t('common.prev')}
      </View>
      {pageItems(page, pages).map((p, i) =>
        p === '…' ? (
          <Text key={`gap${i}`} className='hj-pager__gap'>
            …
          </Text>
        ) : (
          <View key={p} className={`hj-pager__btn${p === page ? ' is-active' : ''}`} data-testid={`${testId}-page-${p}`} onClick={() => p !== page && onChange(p)}>
            {p}
          </View>
        ),
      )}
      <View className={`hj-pager__btn${page >= pages ? ' is-disabled' : ''}`} data-testid={`${testId}-next`} onClick={() => page < pages && onChange(page + 1)}>
        {t('common.next')}
      </View>
    </View>
  )
}

/** AtLoadMore; the tap is taken on our wrapper, which carries the test id (taro-ui passes no data-* through). */
export function LoadMore({ hasMore, loading, onMore, testId = 'load-more' }: { hasMore: boolean; loading: boolean; onMore: () => void; testId?: string }) {
  const { t } = useTranslation()
  if (!hasMore) {
    return (
      <View className='hj-c-more hj-c-more--end'>
        <AtLoadMore status='noMore' noMoreText={t('common.noMore')} {...OBJECT_STYLES} />
      </View>
    )
  }
  return (
    <View className='hj-c-more' data-testid={testId} onClick={() => !loading && onMore()}>
      <AtLoadMore status={loading ? 'loading' : 'more'} moreText={t('common.loadMore')} loadingText={t('common.loading')} {...OBJECT_STYLES} />
    </View>
  )
}
