/** Desktop pagination (numbers, previous / next) and the mobile "load more" button. */
import { View, Text } from '@tarojs/components'
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

export function LoadMore({ hasMore, loading, onMore, testId = 'load-more' }: { hasMore: boolean; loading: boolean; onMore: () => void; testId?: string }) {
  const { t } = useTranslation()
  if (!hasMore) return <Text className='hj-loadmore hj-loadmore--end'>{t('common.noMore')}</Text>
  return (
    <View className='hj-loadmore' data-testid={testId} onClick={() => !loading && onMore()}>
      {loading ? t('common.loading') : t('common.loadMore')}
    </View>
  )
}
