/**
 * 'cms/topic/list' (CMS › Topics): search, status filter, sortable columns, paging; add/edit in a drawer
 * (rich text, cover), connect activities and information (ordered), publish/unpublish, order, delete
 * (a hot topic is refused with 619). Buttons follow the route's buttonList.
 */
import React, { useState } from 'react'
import { Button, Card, Image, InputNumber, Popconfirm, Space, Table, Tag } from 'antd'
import { FireOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { CMS_API, type AdminTopicRow } from '../../../shared/contracts/admin-cms'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../list-toolbar'
import { useFilteredList } from '../use-filtered-list'
import type { ViewProps } from '../registry'
import { CmsToolbar, PublishButton, StatusTag, deleteOk, pick, postOk, sorterFilters } from './cms-common'
import { ArticleDrawer } from './article-drawer'
import { TopicItemsModal } from './topic-items-modal'

export default function TopicListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useFilteredList<AdminTopicRow>(CMS_API.topicList, { status: '' })
  const [editing, setEditing] = useState<{ id: number | null } | null>(null)
  const [itemsOf, setItemsOf] = useState<number | null>(null)
  const canSort = usePermission('sort')

  const publish = async (r: AdminTopicRow, on: boolean) => {
    if (await postOk(CMS_API.topicPublish, { id: r.id, publish: on })) {
      feedback().success(on ? t('adm.cms.published') : t('adm.cms.unpublished'))
      q.reload()
    }
  }
  const setSort = async (r: AdminTopicRow, sort: number | null) => {
    if (sort === null || sort === r.sort) return
    if (await postOk(CMS_API.topicSort, { id: r.id, sort })) q.reload()
  }

  return (
    <Card title={t('adm.cms.topic.title')}>
      <CmsToolbar
        testId="cms-topic"
        filters={q.filters}
        setFilters={q.setFilters}
        extra={
          <Permission name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })} data-testid="cms-topic-add">
              {t('adm.cms.topic.add')}
            </Button>
          </Permission>
        }
      />
      <Table<AdminTopicRow>
        rowKey="id"
        loading={q.loading}
        dataSource={q.data.list}
        pagination={q.pagination}
        onChange={(_p, _f, sorter) => q.setFilters(sorterFilters(sorter))}
        data-testid="cms-topic-table"
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', key: 'id', width: 72, sorter: true },
          { title: t('adm.cms.field.cover'), dataIndex: 'coverUrl', width: 90, render: (v) => (v ? <Image src={v} width={64} height={40} style={{ objectFit: 'cover' }} /> : '—') },
          {
            title: t('adm.cms.field.title'),
            render: (_, r) => (
              <Space>
                <span data-testid={`cms-topic-title-${r.id}`}>{pick(lang, r.titleZh, r.titleEn)}</span>
                {r.isHot ? <Tag icon={<FireOutlined />} color="volcano">{t('adm.cms.hot.hot')}</Tag> : null}
              </Space>
            ),
          },
          { title: t('adm.table.status'), dataIndex: 'status', width: 100, render: (s) => <StatusTag status={s} /> },
          { title: t('adm.cms.items.count'), dataIndex: 'itemCount', width: 100 },
          {
            title: t('adm.cms.field.sort'),
            dataIndex: 'sort',
            key: 'sort',
            width: 110,
            sorter: true,
            render: (v, r) => (canSort ? <InputNumber key={`${r.id}-${v}`} size="small" defaultValue={v} precision={0} style={{ width: 80 }} onBlur={(e) => setSort(r, Number(e.target.value))} /> : v),
          },
          { title: t('adm.cms.field.viewCount'), dataIndex: 'viewCount', key: 'viewCount', width: 100, sorter: true },
          { title: t('adm.cms.field.publishedAt'), dataIndex: 'publishedAt', key: 'publishedAt', width: 140, sorter: true, render: (v) => formatTime(v) },
          {
            title: t('adm.table.actions'),
            width: 190,
            render: (_, r) => (
              <Space size={0} wrap>
                <Permission name="edit">
                  <Button size="small" type="link" onClick={() => setEditing({ id: r.id })} data-testid={`cms-topic-edit-${r.id}`}>
                    {t('adm.cms.edit')}
                  </Button>
                  <Button size="small" type="link" onClick={() => setItemsOf(r.id)} data-testid={`cms-topic-items-${r.id}`}>
                    {t('adm.cms.items.connect')}
                  </Button>
                </Permission>
                <Permission name="publish">
                  <PublishButton status={r.status} onToggle={(on) => publish(r, on)} testId={`cms-topic-publish-${r.id}`} />
                </Permission>
                <Permission name="delete">
                  <Popconfirm
                    title={t('adm.cms.deleteConfirm')}
                    onConfirm={async () => {
                      if (await deleteOk(CMS_API.topicDelete, r.id)) {
                        feedback().success(t('adm.cms.deleted'))
                        q.reload()
                      }
                    }}
                  >
                    <Button size="small" type="link" danger data-testid={`cms-topic-delete-${r.id}`}>
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
        kind="topic"
        lang={lang}
        open={!!editing}
        id={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
          q.reload()
        }}
      />
      <TopicItemsModal topicId={itemsOf} lang={lang} onClose={() => setItemsOf(null)} onChanged={q.reload} />
    </Card>
  )
}
