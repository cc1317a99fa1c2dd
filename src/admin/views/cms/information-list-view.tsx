/**
 * 'cms/information/list' (CMS › Information): search, status filter, sortable columns, paging; add/edit
 * in the shared drawer (category, source, cover, rich text, publish time); publish (622 without a publish
 * time; queues the subscribers' digest) / unpublish; delete (a hot article is refused with 620).
 */
import React, { useState } from 'react'
import { Button, Card, Space, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { CMS_API, type AdminInformationRow } from '../../../shared/contracts/admin-cms'
import { Permission } from '../../core/permission'
import { formatTime } from '../common/list-toolbar'
import { useFilteredList } from '../common/use-filtered-list'
import type { ViewProps } from '../registry'
import { AddButton, CmsToolbar, DeleteButton, HotTitle, PublishButton, StatusTag, pick, sorterFilters } from './cms-common'
import { ArticleDrawer } from './article-drawer'

export default function InformationListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useFilteredList<AdminInformationRow>(CMS_API.informationList, { status: '' })
  const [editing, setEditing] = useState<{ id: number | null } | null>(null)


  return (
    <Card title={t('adm.cms.information.title')}>
      <CmsToolbar
        testId="cms-information"
        filters={q.filters}
        setFilters={q.setFilters}
        extra={<AddButton label={t('adm.cms.information.add')} onClick={() => setEditing({ id: null })} testId="cms-information-add" />}
      />
      <Table<AdminInformationRow>
        rowKey="id"
        loading={q.loading}
        dataSource={q.data.list}
        pagination={q.pagination}
        onChange={(_p, _f, sorter) => q.setFilters(sorterFilters(sorter))}
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
                  <Button size="small" type="link" onClick={() => setEditing({ id: r.id })} data-testid={`cms-information-edit-${r.id}`}>
                    {t('adm.cms.edit')}
                  </Button>
                </Permission>
                <PublishButton url={CMS_API.informationPublish} id={r.id} status={r.status} onChanged={q.reload} testId={`cms-information-publish-${r.id}`} />
                <DeleteButton url={CMS_API.informationDelete} id={r.id} onDeleted={q.reload} testId={`cms-information-delete-${r.id}`} />
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
