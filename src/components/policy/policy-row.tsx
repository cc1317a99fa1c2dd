import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatDate } from '../../shared/format'
import type { PolicyListItem } from '@contracts/policy'
import { ContentRow } from '../ui/cards'
import '../../shared/i18n/sections/content'

export function PolicyRow({ item, lang, testid }: { item: PolicyListItem; lang: Lang; testid: string }) {
  const { t } = useTranslation()
  return (
    <ContentRow
      testid={testid}
      badge={t(`policy.level.${item.level}`)}
      title={pickLang(item, 'title', lang)}
      summary={pickLang(item, 'summary', lang)}
      meta={[
        pickLang(item, 'issuer', lang),
        pickLang(item, 'city', lang),
        item.category ? pickLang(item.category, 'name', lang) : '',
        formatDate(item.publishedAt),
      ]}
      onClick={() => go(`/policyDetail?id=${item.id}`)}
    />
  )
}
