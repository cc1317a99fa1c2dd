import { useTranslation } from 'react-i18next'
import BarePage from '../../components/layout/bare-page'
import { useLang } from '../../shared/hooks/use-lang'
import { useScrollPagedList } from '../../shared/hooks/use-paged-list'
import { useQueryParam } from '../../shared/hooks/use-query-param'
import { PagedItems } from '../../components/ui/list'
import { PageHead } from '../../components/ui/detail'
import { ContentRow } from '../../components/ui/cards'
import { formatDate } from '../../shared/format'
import { getOrgProjectList } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { OrgProjectListItem } from '@contracts/org-project'
import '../../shared/i18n/sections/projects'

/** /orgProject(?organizationId=) — projects published by organisations (outside the frame). */
export default function OrgProjectPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const org = Number(useQueryParam('organizationId')) || undefined
  const list = useScrollPagedList<OrgProjectListItem, { organizationId?: number }>(getOrgProjectList as any, { organizationId: org })
  return (
    <BarePage path='/orgProject' titleKey='page.orgProject' title={t('page.orgProject')}>
      <PageHead title={t('project.listTitle')} subtitle={t('project.listSubtitle')} />
      <PagedItems list={list} testid='orgProject' className='hj-c-list'>
        {(p) => (
          <ContentRow
            key={p.id}
            testid='orgProject-item'
            badge={p.field ? pickLang(p.field, 'name', lang) : undefined}
            title={pickLang(p, 'title', lang)}
            summary={pickLang(p, 'summary', lang)}
            meta={[
              pickLang(p, 'organizationName', lang),
              pickLang(p, 'stage', lang),
              p.fundingSought && `${t('project.funding')}: ${p.fundingSought}`,
              p.openRequirementCount > 0 && t('project.openRequirements', { count: p.openRequirementCount }),
              pickLang(p, 'city', lang),
              formatDate(p.publishedAt),
            ]}
            onClick={() => go(`/project?id=${p.id}`)}
          />
        )}
      </PagedItems>
    </BarePage>
  )
}
