import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatRange } from '../../shared/format'
import type { ActivityListItem } from '@contracts/activity'
import { ContentCard } from '../ui/cards'

/** Linked activity (topic, sponsor, competition pages). */
export function ActivityMini({ item, lang, testid }: { item: ActivityListItem; lang: Lang; testid: string }) {
  const { t } = useTranslation()
  return (
    <ContentCard
      testid={testid}
      cover={item.posterUrl}
      title={pickLang(item, 'title', lang)}
      badge={t(`roadshow.activityType.${item.type}`)}
      meta={[formatRange(item.startTime, item.endTime), [pickLang(item, 'city', lang), item.timeZone].filter(Boolean).join(' · ')]}
      onClick={() => go(`/activityDetail?id=${item.id}`)}
    />
  )
}
