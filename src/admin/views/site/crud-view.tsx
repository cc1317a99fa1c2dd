/**
 * One list + edit drawer for every simple site content type (banner, advert, case, partner, video,
 * platform, roadshow project and record): the config (crud-config.ts) names the columns, the form
 * fields and the list filters; the endpoints are siteContent(key). Search, filters, sortable columns and
 * paging go to the server; publish (Switch), order (number) and delete are inline, each behind its
 * button permission.
 */
import React, { useState } from 'react'
import { Button, Card, InputNumber, Space, Switch, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { siteContent } from '../../api/site'
import type { Envelope } from '../../api/client'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { useBusy } from '../common/use-busy'
import { useLoaded } from '../common/use-loaded'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { FilterSelect, KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { ConfirmLink, RowLink } from '../common/row-actions'
import { FormDrawer } from '../common/form-dialogs'
import { SITE_SORT, type CrudViewConfig, type Item, type Lang } from './crud-config'
import { EditBody, EditForm, pickFilters } from './crud-form'

const NO_CHOICES = async () => null


export function SiteCrudView({ config, lang }: { config: CrudViewConfig; lang: Lang }) {
  const { t } = useTranslation()
  const api = siteContent(config.key)
  const q = useTableList<Item>(api.list, config.initialFilters ?? {})
  const extra: any = useLoaded(config.extra ?? NO_CHOICES, !!config.extra)
  const [editing, setEditing] = useState<Item | 'new' | null>(null)
  const [seq, setSeq] = useState(0)
  const [busy, whileBusy] = useBusy()
  const canPublish = usePermission('publish')
  const canSort = usePermission('sort')
  const tid = config.testid
  const status = config.statusText ?? { title: 'adm.site.field.published', on: 'adm.site.on', off: 'adm.site.off' }

  const open = (row: Item | 'new') => {
    setSeq((n) => n + 1)
    setEditing(row)
  }

  /** a change; on success a toast and a reload; answers the 301 field name (or '' / null) */
  const call = async (change: () => Promise<Envelope<Item>>, ok = 'adm.site.saved'): Promise<{ ok: boolean; field?: string }> => {
    return whileBusy(async () => {
      const env = await change()
      if (env.code === 200) {
        void feedback().success(t(ok))
        q.reload()
        return { ok: true }
      }
      return { ok: false, field: env.code === 301 ? (env.result as { field?: string } | null)?.field : undefined }
    })
  }

  const save = async (v: Record<string, unknown>) => {
    if (!editing) return undefined
    const r = await call(() => api.save(v, editing === 'new' ? undefined : editing.id))
    if (r.ok) setEditing(null)
    return r.field
  }

  // rebuilt each render: cheap, and every handler sees the current list and permissions
  const columns: ColumnsType<Item> = (() => {
    const cols: ColumnsType<Item> = [{ title: t('adm.table.id'), dataIndex: 'id', key: 'id', width: 70, sorter: true }, ...config.columns(t, lang, extra)]
    if (config.hasSort) {
      cols.push({
        title: t('adm.site.field.sort'),
        dataIndex: 'sort',
        key: 'sort',
        width: 100,
        sorter: true,
        // order, publish and actions stay in view while the wide middle scrolls
        fixed: 'right',
        render: (v: number, row) =>
          canSort ? (
            <InputNumber
              size="small"
              min={0}
              defaultValue={v}
              key={`${row.id}-${v}`}
              style={{ width: 72 }}
              data-testid={`${tid}-sort-${row.id}`}
              onBlur={(e) => {
                const n = Number((e.target as HTMLInputElement).value)
                if (Number.isInteger(n) && n !== v) void call(() => api.setSort(row.id, n))
              }}
              onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
            />
          ) : (
            v
          ),
      })
    }
    if (config.hasStatus) {
      cols.push({
        title: t(status.title),
        dataIndex: 'published',
        key: 'published',
        width: 110,
        sorter: true,
        fixed: 'right',
        render: (v: boolean, row) =>
          canPublish ? (
            <Switch
              checked={v}
              size="small"
              checkedChildren={t(status.on)}
              unCheckedChildren={t(status.off)}
              data-testid={`${tid}-publish-${row.id}`}
              onChange={(on) => void call(() => api.setPublished(row.id, on), on ? 'adm.site.publishedOk' : 'adm.site.unpublishedOk')}
            />
          ) : (
            <Tag color={v ? 'green' : 'default'}>{t(v ? status.on : status.off)}</Tag>
          ),
      })
    }
    cols.push({
      title: t('adm.table.actions'),
      key: 'actions',
      width: config.rowActions ? 240 : 150,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          <Permission name="edit">
            <RowLink data-testid={`${tid}-edit-${row.id}`} onClick={() => open(row)}>
              {t('adm.site.edit')}
            </RowLink>
          </Permission>
          {config.rowActions?.(row)}
          <Permission name="delete">
            <ConfirmLink confirm={t('adm.site.confirmDelete')} onConfirm={() => void call(() => api.remove(row.id), 'adm.site.deleted')} data-testid={`${tid}-delete-${row.id}`}>
              {t('adm.site.delete')}
            </ConfirmLink>
          </Permission>
        </Space>
      ),
    })
    return cols
  })()

  return (
    <Card data-testid={tid}>
      <ListToolbar
        actions={
          <Permission name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid={`${tid}-add`}>
              {t('adm.site.add')}
            </Button>
          </Permission>
        }
      >
        {config.filters?.map((f) => (
          <FilterSelect key={f.name} list={q} name={f.name} all={t(`adm.site.filter.${f.name}`)} width={f.width ?? 150} options={f.options(extra, lang)} testId={`${tid}-filter-${f.name}`} />
        ))}
        {config.hasStatus && (
          <FilterSelect
            list={q}
            name="published"
            boolean
            all={t('adm.site.filter.published')}
            width={130}
            options={[
              { value: 'true', label: t(status.on) },
              { value: 'false', label: t(status.off) },
            ]}
            testId={`${tid}-filter-published`}
          />
        )}
        <KeywordSearch placeholder={t('adm.site.keyword')} style={{ width: 320 }} list={q} testId={`${tid}-search`} />
      </ListToolbar>
      <ListTable<Item> list={q} sort={SITE_SORT} scroll={{ x: 1300 }} columns={columns} data-testid={`${tid}-table`} />
      <FormDrawer
        open={!!editing}
        size={860}
        title={editing === 'new' ? t('adm.site.add') : t('adm.site.edit')}
        onClose={() => setEditing(null)}
        formId={`${tid}-form`}
        saving={busy}
        saveTestId={`${tid}-save`}
      >
        {editing && (
          <EditBody
            key={seq}
            id={`${tid}-form`}
            initial={editing === 'new' ? { ...(config.defaults ?? {}), ...pickFilters(q.filters, config) } : editing}
            onSubmit={save}
          >
            <EditForm fields={config.fields} lang={lang} extra={extra} testid={tid} />
          </EditBody>
        )}
      </FormDrawer>
    </Card>
  )
}
