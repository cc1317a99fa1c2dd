/**
 * Pieces the CMS views share: the list page (toolbar with status filter and keyword, the table sorted by
 * antd's ascend / descend as the CMS lists take it), its common columns, the status tag, and the rows'
 * add / edit / publish / delete actions.
 */
import React from 'react'
import { Select, Space, Tag } from 'antd'
import type { ColumnType, ColumnsType } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import { FireOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { CmsStatus } from '@contracts/admin-cms'
import type { PublishableApi } from '../../api/cms'
import { feedback } from '../../core/feedback'
import { Permission } from '../../core/permission'
import type { TableList } from '../common/use-table-list'
import { FilterSelect, KeywordSearch } from '../common/list-toolbar'
import { ConfirmLink, RowLink } from '../common/row-actions'
import { ListCard } from '../common/list-card'
import type { TableSortOptions } from '../common/table-sort'
import { formatTime } from '../common/format'

export { pick } from '../common/bilingual'

/** the CMS list endpoints sort by antd's own order names */
export const CMS_SORT: TableSortOptions = { order: 'antd' }

export function StatusTag({ status }: { status: CmsStatus }) {
  const { t } = useTranslation()
  return <Tag color={status === 'published' ? 'green' : 'default'}>{t(`adm.cms.status.${status}`)}</Tag>
}

/**
 * A CMS list page (topics, information, policies): the card with its title, the toolbar (Add, the
 * view's own `filters`, the status filter, the keyword box) and the sortable table; test ids `cms-<kind>-…`.
 */
export function CmsListCard<T extends object>({
  kind,
  list,
  onAdd,
  filters,
  columns,
  children,
}: {
  kind: 'topic' | 'information' | 'policy'
  list: TableList<T>
  onAdd(): void
  filters?: React.ReactNode
  columns: ColumnsType<T>
  children?: React.ReactNode
}) {
  const { t } = useTranslation()
  const prefix = `cms-${kind}`
  return (
    <ListCard<T>
      title={t(`adm.cms.${kind}.title`)}
      add={{ label: t(`adm.cms.${kind}.add`), onClick: onAdd, testId: `${prefix}-add` }}
      actions={filters}
      filters={
        <>
          <FilterSelect
            list={list}
            name="status"
            all={t('adm.cms.status.all')}
            options={(['published', 'draft'] as const).map((s) => ({ value: s, label: t(`adm.cms.status.${s}`) }))}
            testId={`${prefix}-status`}
          />
          <KeywordSearch placeholder={t('adm.cms.keyword')} list={list} testId={`${prefix}-search`} style={{ width: 340 }} />
        </>
      }
      table={{ list, sort: CMS_SORT, 'data-testid': `${prefix}-table`, columns }}
    >
      {children}
    </ListCard>
  )
}

/** a row's Publish / Unpublish action (route button 'publish'): the toast says which, then onChanged */
export function PublishButton({ api, id, status, onChanged, testId }: { api: PublishableApi; id: number; status: CmsStatus; onChanged(): void; testId: string }) {
  const { t } = useTranslation()
  const toggle = async (on: boolean) => {
    const env = await api.publish(id, on)
    if (env.code === 200) {
      feedback().success(on ? t('adm.cms.published') : t('adm.cms.unpublished'))
      onChanged()
    }
  }
  return (
    <Permission name="publish">
      <RowLink onClick={() => toggle(status !== 'published')} data-testid={testId}>
        {status === 'published' ? t('adm.cms.unpublish') : t('adm.cms.publish')}
      </RowLink>
    </Permission>
  )
}

/** a row's Delete action (route button 'delete'): confirm, delete, toast, then onDeleted */
export function DeleteButton({ api, id, onDeleted, testId }: { api: PublishableApi; id: number; onDeleted(): void; testId?: string }) {
  const { t } = useTranslation()
  const remove = async () => {
    const env = await api.remove(id)
    if (env.code === 200) {
      feedback().success(t('adm.cms.deleted'))
      onDeleted()
    }
  }
  return (
    <Permission name="delete">
      <ConfirmLink confirm={t('adm.cms.deleteConfirm')} onConfirm={remove} data-testid={testId}>
        {t('adm.cms.delete')}
      </ConfirmLink>
    </Permission>
  )
}

/** The columns every CMS list has: the id and the publish time (both sortable) and the status. */
export function cmsColumns<T extends { id: number; status: CmsStatus; publishedAt: string | null }>(t: (k: string) => string) {
  const id: ColumnType<T> = { title: t('adm.table.id'), dataIndex: 'id', key: 'id', width: 72, sorter: true }
  const status: ColumnType<T> = { title: t('adm.table.status'), dataIndex: 'status', width: 100, render: (s: CmsStatus) => <StatusTag status={s} /> }
  const publishedAt: ColumnType<T> = { title: t('adm.cms.field.publishedAt'), dataIndex: 'publishedAt', key: 'publishedAt', width: 140, sorter: true, render: (v) => formatTime(v) }
  return { id, status, publishedAt }
}

/**
 * A CMS row's actions: Edit (with `editExtra`) behind the 'edit' button, then `children`, Publish /
 * Unpublish and Delete; test ids `<prefix>-edit|publish|delete-<id>`.
 */
export function CmsRowActions({
  prefix,
  row,
  api,
  onEdit,
  onChanged,
  editExtra,
  children,
}: {
  prefix: string
  row: { id: number; status: CmsStatus }
  api: PublishableApi
  onEdit(): void
  onChanged(): void
  editExtra?: React.ReactNode
  children?: React.ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Space size={0} wrap>
      <Permission name="edit">
        <RowLink onClick={onEdit} data-testid={`${prefix}-edit-${row.id}`}>
          {t('adm.cms.edit')}
        </RowLink>
        {editExtra}
      </Permission>
      {children}
      <PublishButton api={api} id={row.id} status={row.status} onChanged={onChanged} testId={`${prefix}-publish-${row.id}`} />
      <DeleteButton api={api} id={row.id} onDeleted={onChanged} testId={`${prefix}-delete-${row.id}`} />
    </Space>
  )
}

/** a stored record → the edit form's values: the publish time as a date picker value */
export function withPickerTime<R extends { publishedAt?: string | null }>(r: R): Omit<R, 'publishedAt'> & { publishedAt: Dayjs | null } {
  return { ...r, publishedAt: r.publishedAt ? dayjs(r.publishedAt) : null }
}

/** a title cell with the hot tag of a hot row */
export function HotTitle({ title, isHot, testId }: { title: string; isHot: boolean; testId?: string }) {
  const { t } = useTranslation()
  return (
    <Space>
      <span data-testid={testId}>{title}</span>
      {isHot ? (
        <Tag icon={<FireOutlined />} color="volcano">
          {t('adm.cms.hot.hot')}
        </Tag>
      ) : null}
    </Space>
  )
}

export function TagsSelect(props: { value?: string[]; onChange?: (v: string[]) => void; placeholder?: string; 'data-testid'?: string }) {
  return <Select mode="tags" tokenSeparators={[',', '，']} open={false} suffixIcon={null} {...props} style={{ width: '100%' }} />
}
