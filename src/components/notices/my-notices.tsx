/**
 * "Notices" of the personal centre: group notices the operations team sent to the activities the user
 * enrolled in (GET NOTICE_API.my, newest first, 5 per page, "more" appends). Self-contained so the
 * centre page can mount it anywhere: `<MyNotices lang={lang} />`. Clicking a notice opens its activity.
 */
import { useCallback, useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { myNotices } from '../../shared/api/subscription'
import type { MyNoticeItem } from '@contracts/notice'
import './notices.scss'

const PAGE_SIZE = 5

/** `embedded`: inside a host section that draws the card and the title (the personal centre) */
export default function MyNotices({ lang, embedded = false }: { lang: Lang; embedded?: boolean }) {
  const { t } = useTranslation()
  const [items, setItems] = useState<MyNoticeItem[] | null>(null)
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [loading, setLoading] = useState(false)

  const load = useCallback(async (p: number) => {
    setLoading(true)
    try {
      const env = await myNotices(p, PAGE_SIZE)
      const page = env.code === 200 ? env.result : null
      if (page?.list) {
        setItems((prev) => (p === 1 ? page.list : [...(prev ?? []), ...page.list]))
        setTotal(page.total)
        setPage(p)
      } else if (p === 1) setItems([])
    } catch {
      if (p === 1) setItems([])
    } finally {
      setLoading(false)
    }
  }, [])
  useEffect(() => {
    void load(1)
  }, [load])

  return (
    <View className={`hj-notices${embedded ? ' hj-notices--embedded' : ''}`} data-testid='my-notices'>
      {!embedded && <Text className='hj-notices__title'>{t('notices.title')}</Text>}
      {items === null && <Text className='hj-notices__note'>{t('notices.loading')}</Text>}
      {items !== null && !items.length && (
        <Text className='hj-notices__note' data-testid='my-notices-empty'>
          {t('notices.empty')}
        </Text>
      )}
      {(items ?? []).map((n) => (
        <View key={`${n.id}`} className='hj-notices__item' data-testid='my-notice' onClick={() => go(`/activityDetail?id=${n.activityId}`)}>
          <View className='hj-notices__row'>
            <Text className='hj-notices__name'>{n.title}</Text>
            <Text className='hj-notices__time'>{n.sentAt.slice(0, 10)}</Text>
          </View>
          <Text className='hj-notices__content'>{n.content}</Text>
          <Text className='hj-notices__activity'>{t('notices.activity', { title: pickLang(n, 'activityTitle', lang) })}</Text>
        </View>
      ))}
      {items !== null && items.length < total && (
        <View className='hj-notices__more' data-testid='my-notices-more' onClick={() => !loading && load(page + 1)}>
          <Text>{loading ? t('notices.loading') : t('notices.more')}</Text>
        </View>
      )}
    </View>
  )
}
