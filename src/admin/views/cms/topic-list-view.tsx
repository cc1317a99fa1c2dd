/**
 * 'cms/topic/list' (CMS › Topics): search, status filter, sortable columns, paging; add/edit in a drawer
 * (rich text, cover), connect activities and information (ordered), publish/unpublish, order, delete
 * (a hot topic is refused with 619). Buttons follow the route's buttonList.
 */
import React, { useState } from 'react'
import { Image, InputNumber } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AdminTopicRow } from '@contracts/admin-cms'
import { listTopics, setTopicSort, topics } from '../../api/cms'
import { usePermission } from '../../core/permission'
import { useTableList } from '../common/use-table-list'
import { useEditing } from '../common/use-editing'
import { RowLink } from '../common/row-actions'
import type { ViewProps } from '../view-props'
import { CmsListCard, CmsRowActions, HotTitle, cmsColumns, pick } from './cms-common'
import { ArticleDrawer } from './article-drawer'
import { TopicItemsModal } from './topic-items-modal'

export default function TopicListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<AdminTopicRow>(listTopics)
  const { editing, edit, close, saved } = useEditing<{ id: number | null }>(q.reload)
  const [itemsOf, setItemsOf] = useState<number | null>(null)
  const canSort = usePermission('sort')
  const col = cmsColumns<AdminTopicRow>(t)

  const setSort = async (r: AdminTopicRow, sort: number | null) => {
    if (sort === null || sort === r.sort) return
    if ((await setTopicSort(r.id, sort)).code === 200) q.reload()
  }

  return (
    <CmsListCard
      kind="topic"
      list={q}
      onAdd={() => edit({ id: null })}
      columns={[
        col.id,
        { title: t('adm.cms.field.cover'), dataIndex: 'coverUrl', width: 90, render: (v) => (v ? <Image src={v} width={64} height={40} style={{ objectFit: 'cover' }} /> : '—') },
        {
          title: t('adm.cms.field.title'),
          render: (_, r) => <HotTitle title={pick(lang, r.titleZh, r.titleEn)} isHot={r.isHot} testId={`cms-topic-title-${r.id}`} />,
        },
        col.status,
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
        col.publishedAt,
        {
          title: t('adm.table.actions'),
          width: 190,
          render: (_, r) => (
            <CmsRowActions
              prefix="cms-topic"
              row={r}
              api={topics}
              onEdit={() => edit({ id: r.id })}
              onChanged={q.reload}
              editExtra={
                <RowLink onClick={() => setItemsOf(r.id)} data-testid={`cms-topic-items-${r.id}`}>
                  {t('adm.cms.items.connect')}
                </RowLink>
              }
            />
          ),
        },
      ]}
    >
      <ArticleDrawer kind="topic" lang={lang} open={!!editing} id={editing?.id ?? null} onClose={close} onSaved={saved} />
      <TopicItemsModal topicId={itemsOf} lang={lang} onClose={() => setItemsOf(null)} onChanged={q.reload} />
    </CmsListCard>
  )
}
