/**
 * 'project/list' (Projects › Project list; operations: every organisation, organizers: their own): field
 * and status filters, keyword, paging; add / edit in the drawer, the visit timeline, publish / unpublish,
 * delete (629 while it takes part in a competition or park).
 */
import React, { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminProjectRow } from '@contracts/admin-competition'
import { deleteProject, listProjects, projectOptions, publishProject } from '../../api/competition'
import { feedback } from '../../core/feedback'
import { Permission } from '../../core/permission'
import { ListCard } from '../common/list-card'
import { FilterSelect, KeywordSearch } from '../common/list-toolbar'
import { ConfirmLink, RowLink, actionsColumn } from '../common/row-actions'
import { useEditing } from '../common/use-editing'
import { useLoaded } from '../common/use-loaded'
import { useTableList } from '../common/use-table-list'
import type { ViewProps } from '../view-props'
import { pick, projectColumns } from './competition-common'
import { ProjectDrawer } from './project-drawer'
import { VisitTimelineDrawer } from './visit-panel'

export default function ProjectListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<AdminProjectRow>(listProjects)
  const options = useLoaded(projectOptions)
  const { editing, edit, close, saved } = useEditing<{ id: number | null }>(q.reload)
  const [timelineOf, setTimelineOf] = useState<{ id: number; title: string } | null>(null)

  const publish = async (r: AdminProjectRow) => {
    const on = r.status !== 'published'
    if ((await publishProject(r.id, on)).code === 200) {
      feedback().success(t(on ? 'adm.competition.action.published' : 'adm.competition.action.unpublished'))
      q.reload()
    }
  }
  const remove = async (id: number) => {
    if ((await deleteProject(id)).code === 200) {
      feedback().success(t('adm.competition.action.deleted'))
      q.reload()
    }
  }

  return (
    <ListCard<AdminProjectRow>
      title={t('adm.competition.project.title')}
      add={{ label: t('adm.competition.project.add'), onClick: () => edit({ id: null }), testId: 'project-add' }}
      filters={
        <>
          <FilterSelect list={q} name="fieldCode" width={160} all={t('adm.competition.project.allFields')} options={(options?.fields ?? []).map((f) => ({ value: f.code, label: pick(lang, f.nameZh, f.nameEn) }))} />
          <FilterSelect list={q} name="status" all={t('adm.competition.status.all')} options={(['published', 'draft'] as const).map((s) => ({ value: s, label: t(`adm.competition.status.${s}`) }))} testId="project-filter-status" />
          <KeywordSearch list={q} placeholder={t('adm.competition.project.keyword')} testId="project-search" style={{ width: 280 }} />
        </>
      }
      table={{
        list: q,
        sort: false,
        'data-testid': 'project-table',
        scroll: { x: 1500 },
        columns: [
          ...projectColumns(t, lang),
          actionsColumn<AdminProjectRow>(t('adm.table.actions'), 240, (r) => (
            <>
              <Permission name="edit">
                <RowLink onClick={() => edit({ id: r.id })} data-testid={`project-edit-${r.id}`}>
                  {t('adm.competition.action.edit')}
                </RowLink>
              </Permission>
              <RowLink onClick={() => setTimelineOf({ id: r.id, title: pick(lang, r.titleZh, r.titleEn) })} data-testid={`project-timeline-${r.id}`}>
                {t('adm.competition.project.visits')}
              </RowLink>
              <Permission name="publish">
                <RowLink onClick={() => void publish(r)} data-testid={`project-publish-${r.id}`}>
                  {r.status === 'published' ? t('adm.competition.action.unpublish') : t('adm.competition.action.publish')}
                </RowLink>
              </Permission>
              <Permission name="delete">
                <ConfirmLink
                  confirm={r.competitions.length ? t('adm.competition.project.deleteRefused') : t('adm.competition.action.deleteConfirm')}
                  disabled={r.competitions.length > 0}
                  onConfirm={() => remove(r.id)}
                  data-testid={`project-delete-${r.id}`}
                >
                  {t('adm.competition.action.delete')}
                </ConfirmLink>
              </Permission>
            </>
          )),
        ],
      }}
    >
      <ProjectDrawer id={editing?.id ?? null} open={!!editing} lang={lang} onClose={close} onSaved={saved} />
      <VisitTimelineDrawer project={timelineOf} lang={lang} onClose={() => setTimelineOf(null)} />
    </ListCard>
  )
}
