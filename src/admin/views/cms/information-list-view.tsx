/**
 * 'cms/information/list' (CMS › Information): search, status filter, sortable columns, paging; add/edit
 * in the shared drawer (category, source, cover, rich text, publish time); publish (622 without a publish
 * time; queues the subscribers' digest) / unpublish; delete (a hot article is refused with 620).
 */
import React, { useState } from 'react'
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd'
import { FireOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { CMS_API, type AdminInformationRow } from '../../../shared/contracts/admin-cms'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../list-toolbar'
import { useFilteredList } from '../use-filtered-list'
import type { ViewProps } from '../registry'
import { CmsToolbar, PublishButton, StatusTag, deleteOk, pick, postOk, sorterFilters } from './cms-common'
import { ArticleDrawer } from './article-drawer'

export default function InformationListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useFilteredList<AdminInformationRow>(CMS_API.informationList, { status: '' })
  const [editing, setEditing] = useState<{ id: number | null } | null>(null)

  const publish = async (r: AdminInformationRow, on: boolean) => {
    if (await postOk(CMS_API.informationPublish, { id: r.id, publish: on })) {
      feedback().success(on ? t('adm.cms.published') : t('adm.cms.unpublished'))
      q.reload()
    }
  }

  return (
    <Card title={t('adm.cms.information.title')}>
      <CmsToolbar
        testId="cms-information"
        filters={q.filters}
        setFilters={q.setFilters}
        extra={
          <Permission name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })} data-testid="cms-information-add">
              {t('adm.cms.information.add')}
            </Button>
          </Permission>
        }
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
            render: (_, r) => (
              <Space>
                <span data-testid={`cms-information-title-${r.id}`}>{pick(lang, r.titleZh, r.titleEn)}</span>
                {r.isHot ? <Tag icon={<FireOutlined />} color="volcano">{t('adm.cms.hot.hot')}</Tag> : null}
              </Space>
            ),
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
                <Permission name="publish">
                  <PublishButton status={r.status} onToggle={(on) => publish(r, on)} testId={`cms-information-publish-${r.id}`} />
                </Permission>
                <Permission name="delete">
                  <Popconfirm
                    title={t('adm.cms.deleteConfirm')}
                    onConfirm={async () => {
                      if (await deleteOk(CMS_API.informationDelete, r.id)) {
                        feedback().success(t('adm.cms.deleted'))
                        q.reload()
                      }
                    }}
                  >
                    <Button size="small" type="link" danger data-testid={`cms-information-delete-${r.id}`}>
                      {t('adm.cms.delete')}
                    </Button>
                  </Popconfirm>
                </Permission>
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
