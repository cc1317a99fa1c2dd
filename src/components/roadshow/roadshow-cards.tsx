/** Roadshow projects (and resources) and roadshow records, as list cards and rows. */
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatDate } from '../../shared/format'
import type { RoadshowProjectListItem, RoadshowRecord } from '@contracts/roadshow'
import { ContentCard, ContentRow } from '../ui/cards'

/** `brief`: the organisation only under the summary (a competition's projects); else stage, organisation and date. */
export function ProjectCard({ item, lang, testid, brief }: { item: RoadshowProjectListItem; lang: Lang; testid: string; brief?: boolean }) {
  const org = pickLang(item, 'organizationName', lang)
  return (
    <ContentCard
      testid={testid}
      cover={item.coverUrl}
      title={pickLang(item, 'title', lang)}
      summary={pickLang(item, 'summary', lang)}
      badge={item.field ? pickLang(item.field, 'name', lang) : undefined}
      meta={brief ? [org] : [[pickLang(item, 'stage', lang), org].filter(Boolean).join(' · '), formatDate(item.publishedAt)]}
      onClick={() => go(`/roadshowDetail?id=${item.id}`)}
    />
  )
}

/** A roadshow record; `linked`: a tap opens its project. */
export function RecordRow({ item, lang, testid, linked }: { item: RoadshowRecord; lang: Lang; testid: string; linked?: boolean }) {
  const { t } = useTranslation()
  const result = pickLang(item, 'result', lang)
  return (
    <ContentRow
      testid={testid}
      badge={formatDate(item.heldAt)}
      title={pickLang(item, 'title', lang)}
      summary={result ? `${t('roadshow.result')}: ${result}` : ''}
      meta={[pickLang(item, 'city', lang)]}
      onClick={linked ? () => go(`/roadshowDetail?id=${item.projectId}`) : undefined}
    />
  )
}
