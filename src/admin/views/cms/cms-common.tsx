/**
 * Pieces the CMS views share: the status tag, the list toolbar (status filter and keyword), the table's
 * sort (the CMS lists take antd's ascend / descend), and the list rows' add / publish / delete actions.
 */
import React from 'react'
import { Button, Select, Space, Tag } from 'antd'
import { FireOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { CmsStatus } from '../../../shared/contracts/admin-cms'
import type { PublishableApi } from '../../api/cms'
import { feedback } from '../../core/feedback'
import { Permission } from '../../core/permission'
import type { TableList } from '../common/use-table-list'
import { FilterSelect, KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { ConfirmLink, RowLink } from '../common/row-actions'
import type { TableSortOptions } from '../common/table-sort'

export { pick } from '../common/bilingual'

/** the CMS list endpoints sort by antd's own order names */
export const CMS_SORT: TableSortOptions = { order: 'antd' }

export function StatusTag({ status }: { status: CmsStatus }) {
  const { t } = useTranslation()
  return <Tag color={status === 'published' ? 'green' : 'default'}>{t(`adm.cms.status.${status}`)}</Tag>
}

/** status filter + keyword search, with extra controls (e.g. the Add button) on the left */
export function CmsToolbar<T>({ list, extra, testId }: { list: TableList<T>; extra?: React.ReactNode; testId: string }) {
  const { t } = useTranslation()
  return (
    <ListToolbar actions={extra}>
      <FilterSelect
        list={list}
        name="status"
        all={t('adm.cms.status.all')}
        options={(['published', 'draft'] as const).map((s) => ({ value: s, label: t(`adm.cms.status.${s}`) }))}
        testId={`${testId}-status`}
      />
      <KeywordSearch placeholder={t('adm.cms.keyword')} onKeyword={(keyword) => list.setFilters({ keyword })} testId={`${testId}-search`} style={{ width: 340 }} />
    </ListToolbar>
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

/** the list's Add button (route button 'add') */
export function AddButton({ label, onClick, testId }: { label: string; onClick(): void; testId: string }) {
  return (
    <Permission name="add">
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {label}
      </Button>
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
