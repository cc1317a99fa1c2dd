/**
 * 'cms/information/list' (CMS › Information): search, status filter, sortable columns, paging; add/edit
 * in the shared drawer (category, source, cover, rich text, publish time); publish (622 without a publish
 * time; queues the subscribers' digest) / unpublish; delete (a hot article is refused with 620).
 */
import React, { useState } from 'react'
import { Card, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AdminInformationRow } from '../../../shared/contracts/admin-cms'
import { information, listInformation } from '../../api/cms'
import { Permission } from '../../core/permission'
import { formatTime } from '../common/format'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { RowLink } from '../common/row-actions'
import type { ViewProps } from '../registry'
import { AddButton, CMS_SORT, CmsToolbar, DeleteButton, HotTitle, PublishButton, StatusTag, pick } from './cms-common'
import { ArticleDrawer } from './article-drawer'

export default function InformationListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<AdminInformationRow>(listInformation)
  const [editing, setEditing] = useState<{ id: number | null } | null>(null)


  return (
    <Card title={t('adm.cms.information.title')}>
      <CmsToolbar
        testId="cms-information"
        list={q}
        extra={<AddButton label={t('adm.cms.information.add')} onClick={() => setEditing({ id: null })} testId="cms-information-add" />}
      />
      <ListTable<AdminInformationRow>
        list={q}
        sort={CMS_SORT}
        data-testid="cms-information-table"
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', key: 'id', width: 72, sorter: true },
          {
            title: t('adm.cms.field.title'),
            render: (_, r) => <HotTitle title={pick(lang, r.titleZh, r.titleEn)} isHot={r.isHot} testId={`cms-information-title-${r.id}`} />,
          },
          { title: t('adm.cms.field.source'), width: 140, render: (_, r) => pick(lang, r.sourceZh, r.sourceEn) || '—' },
          { title: t('adm.table.status'), dataIndex: 'status', width: 100, render: (s) => <StatusTag status={s} /> },
          { title: t('adm.cms.field.viewCount'), dataIndex: 'viewCount', key: 'viewCount', width: 100, sorter: true },
          { title: t('adm.cms.field.publishedAt'), dataIndex: 'publishedAt', key: 'publishedAt', width: 140, sorter: true, render: (v) => formatTime(v) },
          {
            title: t('adm.table.actions'),
            width: 200,
            render: (_, r) => (
              <Space size={0} wrap>
                <Permission name="edit">
                  <RowLink onClick={() => setEditing({ id: r.id })} data-testid={`cms-information-edit-${r.id}`}>
                    {t('adm.cms.edit')}
                  </RowLink>
                </Permission>
                <PublishButton api={information} id={r.id} status={r.status} onChanged={q.reload} testId={`cms-information-publish-${r.id}`} />
                <DeleteButton api={information} id={r.id} onDeleted={q.reload} testId={`cms-information-delete-${r.id}`} />
              </Space>
            ),
          },
        ]}
      />
      <ArticleDrawer
        kind="information"
        lang={lang}
        open={!!editing}
        id={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
          q.reload()
        }}
      />
    </Card>
  )
}
