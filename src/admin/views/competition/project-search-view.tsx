/**
 * 'competition/project-search' (Competition › Project search, operations): every organisation's projects,
 * filtered by field, stage, competition or park, organisation and keyword.
 */
import React from 'react'
import { Card, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AdminProjectRow } from '@contracts/admin-competition'
import { projectOptions, searchProjects } from '../../api/competition'
import { ListTable } from '../common/list-table'
import { FilterSelect, KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { useLoaded } from '../common/use-loaded'
import { useTableList } from '../common/use-table-list'
import type { ViewProps } from '../view-props'
import { pick, projectColumns } from './competition-common'

export default function ProjectSearchView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<AdminProjectRow>(searchProjects)
  const options = useLoaded(projectOptions)
  return (
    <Card title={t('adm.competition.search.title')}>
      <ListToolbar>
        <FilterSelect list={q} name="fieldCode" width={150} all={t('adm.competition.search.allFields')} options={(options?.fields ?? []).map((f) => ({ value: f.code, label: pick(lang, f.nameZh, f.nameEn) }))} testId="psearch-field" />
        <FilterSelect list={q} name="competitionId" width={200} all={t('adm.competition.search.allCompetitions')} options={(options?.competitions ?? []).map((c) => ({ value: c.id, label: pick(lang, c.titleZh, c.titleEn) }))} testId="psearch-competition" />
        <FilterSelect list={q} name="organizationId" width={180} all={t('adm.competition.search.allOrganizations')} options={(options?.organizations ?? []).map((o) => ({ value: o.id, label: pick(lang, o.nameZh, o.nameEn) }))} testId="psearch-org" />
        <Input.Search allowClear placeholder={t('adm.competition.search.stage')} style={{ width: 140 }} onSearch={(v) => q.setFilters({ stage: v.trim() || undefined })} data-testid="psearch-stage" />
        <KeywordSearch list={q} placeholder={t('adm.competition.search.keyword')} testId="psearch-keyword" style={{ width: 280 }} />
      </ListToolbar>
      <ListTable<AdminProjectRow> list={q} sort={false} data-testid="psearch-table" scroll={{ x: 1400 }} columns={projectColumns(t, lang)} />
    </Card>
  )
}
