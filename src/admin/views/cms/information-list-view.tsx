/**
 * 'cms/information/list' (CMS › Information): search, status filter, sortable columns, paging; add/edit
 * in the shared drawer (category, source, cover, rich text, publish time); publish (622 without a publish
 * time; queues the subscribers' digest) / unpublish; delete (a hot article is refused with 620).
 */
import React from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminInformationRow } from '@contracts/admin-cms'
import { information, listInformation } from '../../api/cms'
import { useTableList } from '../common/use-table-list'
import { useEditing } from '../common/use-editing'
import type { ViewProps } from '../view-props'
import { CmsListCard, CmsRowActions, HotTitle, cmsColumns, pick } from './cms-common'
import { ArticleDrawer } from './article-drawer'

export default function InformationListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<AdminInformationRow>(listInformation)
  const { editing, edit, close, saved } = useEditing<{ id: number | null }>(q.reload)
  const col = cmsColumns<AdminInformationRow>(t)

  return (
    <CmsListCard
      kind="information"
      list={q}
      onAdd={() => edit({ id: null })}
      columns={[
        col.id,
        {
          title: t('adm.cms.field.title'),
          render: (_, r) => <HotTitle title={pick(lang, r.titleZh, r.titleEn)} isHot={r.isHot} testId={`cms-information-title-${r.id}`} />,
        },
        { title: t('adm.cms.field.source'), width: 140, render: (_, r) => pick(lang, r.sourceZh, r.sourceEn) || '—' },
        col.status,
        { title: t('adm.cms.field.viewCount'), dataIndex: 'viewCount', key: 'viewCount', width: 100, sorter: true },
        col.publishedAt,
        {
          title: t('adm.table.actions'),
          width: 200,
          render: (_, r) => <CmsRowActions prefix="cms-information" row={r} api={information} onEdit={() => edit({ id: r.id })} onChanged={q.reload} />,
        },
      ]}
    >
      <ArticleDrawer kind="information" lang={lang} open={!!editing} id={editing?.id ?? null} onClose={close} onSaved={saved} />
    </CmsListCard>
  )
}
