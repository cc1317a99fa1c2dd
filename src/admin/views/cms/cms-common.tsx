/**
 * Pieces the CMS views share: bilingual picks, status tag, list toolbar, sorter wiring, publish/delete calls,
 * and the list rows' add / publish / delete actions.
 */
import React from 'react'
import { Button, Input, Popconfirm, Select, Space, Tag } from 'antd'
import { FireOutlined, PlusOutlined } from '@ant-design/icons'
import type { SorterResult } from 'antd/es/table/interface'
import { useTranslation } from 'react-i18next'
import { request } from '../../../shared/api/request'
import type { CmsStatus } from '../../../shared/contracts/admin-cms'
import { feedback } from '../../core/feedback'
import { Permission } from '../../core/permission'
import type { Filters } from '../common/use-filtered-list'

export function pick(lang: 'zh' | 'en', zh: string | null | undefined, en: string | null | undefined): string {
  return (lang === 'en' ? en || zh : zh || en) || ''
}

export function StatusTag({ status }: { status: CmsStatus }) {
  const { t } = useTranslation()
  return <Tag color={status === 'published' ? 'green' : 'default'}>{t(`adm.cms.status.${status}`)}</Tag>
}

/** status filter + keyword search + extra controls (e.g. the Add button) */
export function CmsToolbar({ filters, setFilters, extra, testId }: { filters: Filters; setFilters(f: Filters): void; extra?: React.ReactNode; testId: string }) {
  const { t } = useTranslation()
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16 }}>
      <Space>{extra}</Space>
      <Space>
        <Select
          style={{ width: 140 }}
          value={String(filters.status ?? '')}
          onChange={(v) => setFilters({ status: v })}
          data-testid={`${testId}-status`}
          options={[
            { value: '', label: t('adm.cms.status.all') },
            { value: 'published', label: t('adm.cms.status.published') },
            { value: 'draft', label: t('adm.cms.status.draft') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('adm.cms.keyword')}
          enterButton={t('adm.table.search')}
          style={{ width: 340 }}
          onSearch={(v) => setFilters({ keyword: v.trim() || undefined })}
          data-testid={`${testId}-search`}
        />
      </Space>
    </div>
  )
}

/** antd Table onChange → sortField/sortOrder filters (column key = the API's sortField) */
export function sorterFilters<T>(sorter: SorterResult<T> | SorterResult<T>[]): Filters {
  const s = Array.isArray(sorter) ? sorter[0] : sorter
  return s && s.order ? { sortField: String(s.columnKey ?? s.field), sortOrder: s.order } : { sortField: undefined, sortOrder: undefined }
}

export async function postOk<T = unknown>(url: string, data: unknown): Promise<T | null> {
  const env = await request<T>({ url, method: 'POST', data })
  return env.code === 200 ? (env.result as T) : null
}

export async function deleteOk(url: string, id: number): Promise<boolean> {
  const env = await request({ url: `${url}?id=${id}`, method: 'DELETE' })
  return env.code === 200
}

/** a row's Publish / Unpublish action (route button 'publish'): the toast says which, then onChanged */
export function PublishButton({ url, id, status, onChanged, testId }: { url: string; id: number; status: CmsStatus; onChanged(): void; testId: string }) {
  const { t } = useTranslation()
  const toggle = async (on: boolean) => {
    if (await postOk(url, { id, publish: on })) {
      feedback().success(on ? t('adm.cms.published') : t('adm.cms.unpublished'))
      onChanged()
    }
  }
  return (
    <Permission name="publish">
      <Button size="small" type="link" onClick={() => toggle(status !== 'published')} data-testid={testId}>
        {status === 'published' ? t('adm.cms.unpublish') : t('adm.cms.publish')}
      </Button>
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
export function DeleteButton({ url, id, onDeleted, testId }: { url: string; id: number; onDeleted(): void; testId?: string }) {
  const { t } = useTranslation()
  return (
    <Permission name="delete">
      <Popconfirm
        title={t('adm.cms.deleteConfirm')}
        onConfirm={async () => {
          if (await deleteOk(url, id)) {
            feedback().success(t('adm.cms.deleted'))
            onDeleted()
          }
        }}
      >
        <Button size="small" type="link" danger data-testid={testId}>
          {t('adm.cms.delete')}
        </Button>
      </Popconfirm>
    </Permission>
  )
}

/** a title cell with the hot tag of a hot row */
export function HotTitle({ title, isHot, testId }: { title: string; isHot: boolean; testId: string }) {
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

export const saved = (t: (k: string) => string) => feedback().success(t('adm.cms.saved'))

export function TagsSelect(props: { value?: string[]; onChange?: (v: string[]) => void; placeholder?: string; 'data-testid'?: string }) {
  return <Select mode="tags" tokenSeparators={[',', '，']} open={false} suffixIcon={null} {...props} style={{ width: '100%' }} />
}
