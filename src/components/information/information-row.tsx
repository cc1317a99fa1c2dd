import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatDate } from '../../shared/format'
import type { InformationListItem } from '@contracts/information'
import { ContentRow } from '../ui/cards'
import '../../shared/i18n/sections/content'

/** An article as a row; `full` (the information list) adds its category and view count. */
export function InformationRow({ item, lang, testid, full }: { item: InformationListItem; lang: Lang; testid: string; full?: boolean }) {
  const { t } = useTranslation()
  return (
    <ContentRow
      testid={testid}
      cover={item.coverUrl}
      badge={full && item.category ? pickLang(item.category, 'name', lang) : undefined}
      title={pickLang(item, 'title', lang)}
      summary={pickLang(item, 'summary', lang)}
      meta={full ? [pickLang(item, 'source', lang), formatDate(item.publishedAt), t('topic.views', { count: item.viewCount })] : [pickLang(item, 'source', lang), formatDate(item.publishedAt)]}
      onClick={() => go(`/informationDetail?id=${item.id}`)}
    />
  )
}
