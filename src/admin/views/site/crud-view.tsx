/**
 * One list + edit drawer for every simple site content type (banner, advert, case, partner, video,
 * platform, roadshow project and record): the config names the columns, the form fields and the list
 * filters; the endpoints are siteContent(key). Search, filters, sortable columns and paging go to the
 * server; publish (Switch), order (number) and delete are inline, each behind its button permission.
 */
import React, { useEffect, useMemo, useState } from 'react'
import { Button, Card, Col, DatePicker, Drawer, Form, Input, InputNumber, Popconfirm, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd'
import type { ColumnsType, TableProps } from 'antd/es/table'
import { PlusOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useBusy } from '../common/use-busy'
import type { UploadKind } from '../../../shared/contracts/api'
import type { SiteCrudKey } from '../../../shared/contracts/admin-site'
import { siteContent, type SiteRow } from '../../api/site'
import type { Envelope } from '../../api/client'
import { ImageUpload } from '../../components/image-upload'
import { RichTextEditor } from '../../components/rich-text-editor'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { useTableList, type Filters } from '../common/use-table-list'
import { tableSort } from '../common/table-sort'

export type Item = SiteRow
export type Option = { value: string | number; label: string }
export type Lang = 'zh' | 'en'

export interface FieldUi {
  /** form name; for `bilingual` the base of <name>Zh / <name>En */
  name: string
  type: 'text' | 'textarea' | 'rich' | 'image' | 'select' | 'number' | 'datetime' | 'url'
  bilingual?: boolean
  required?: boolean
  max?: number
  kind?: Exclude<UploadKind, 'chat'>
  /** image hint key under adm.site.hint */
  hint?: string
  options?: (extra: any, lang: Lang) => Option[]
  /** select: searchable, clearable (an optional "connect" choice) */
  optional?: boolean
}

export interface FilterUi {
  name: string
  options: (extra: any, lang: Lang) => Option[]
  width?: number
}

export interface CrudViewConfig {
  key: SiteCrudKey
  testid: string
  /** columns between ID and status/actions */
  columns: (t: (k: string, o?: any) => string, lang: Lang, extra: any) => ColumnsType<Item>
  fields: FieldUi[]
  filters?: FilterUi[]
  initialFilters?: Filters
  defaults?: Record<string, unknown>
  hasStatus?: boolean
  hasSort?: boolean
  /** the choices passed to options/columns as `extra` (loaded once) */
  extra?: () => Promise<Envelope<unknown>>
  rowActions?: (row: Item) => React.ReactNode
}

/** Bilingual text of a row: the language's value, else the other one. */
export const pick = (row: Record<string, any> | undefined | null, base: string, lang: Lang): string =>
  (row && (lang === 'en' ? row[`${base}En`] || row[`${base}Zh`] : row[`${base}Zh`] || row[`${base}En`])) || ''

/** ISO string form value ⇄ antd DatePicker (dayjs) */
export function DateTimeInput({ value, onChange, testid, placeholder }: { value?: string | null; onChange?: (v: string | null) => void; testid?: string; placeholder?: string }) {
  return (
    <DatePicker
      showTime
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      placeholder={placeholder}
      onChange={(d) => onChange?.(d ? d.toISOString() : null)}
      data-testid={testid}
    />
  )
}

/** The free-time state of a row with startAt/endAt, at `now`. */
export function windowState(row: { startAt?: string | null; endAt?: string | null; [k: string]: unknown }, now = Date.now()): 'always' | 'scheduled' | 'live' | 'expired' {
  const s = row.startAt ? Date.parse(row.startAt) : null
  const e = row.endAt ? Date.parse(row.endAt) : null
  if (s === null && e === null) return 'always'
  if (s !== null && now < s) return 'scheduled'
  if (e !== null && now >= e) return 'expired'
  return 'live'
}

export function windowColumn(t: (k: string) => string): ColumnsType<Item>[number] {
  const color = { always: 'blue', scheduled: 'gold', live: 'green', expired: 'default' } as const
  return {
    title: t('adm.site.field.window'),
    key: 'window',
    width: 230,
    sorter: true,
    render: (_: unknown, r: Item) => {
      const st = windowState(r)
      return (
        <Space orientation="vertical" size={0}>
          <Tag color={color[st]}>{t(`adm.site.window.${st}`)}</Tag>
          {st !== 'always' && (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {r.startAt ? formatTime(r.startAt) : '…'} → {r.endAt ? formatTime(r.endAt) : '…'}
            </Typography.Text>
          )}
        </Space>
      )
    },
  }
}

export function Thumb({ url, size = 48 }: { url?: string | null; size?: number }) {
  return url ? <img src={url} alt="" style={{ width: size * 1.6, height: size, objectFit: 'cover', borderRadius: 4, background: '#f5f5f5' }} /> : <span>—</span>
}

/** the control of one field; Form.Item injects value / onChange, passed on as `io` */
function FieldControl({ f, lang, extra, testid, ...io }: { f: FieldUi; lang: Lang; extra: any; testid: string; value?: any; onChange?: (v: any) => void }) {
  const { t } = useTranslation()
  switch (f.type) {
    case 'textarea':
      return <Input.TextArea {...io} rows={3} maxLength={f.max} showCount={!!f.max} data-testid={testid} />
    case 'rich':
      return <RichTextEditor {...io} data-testid={testid} />
    case 'image':
      return <ImageUpload {...io} kind={f.kind ?? 'image'} hint={f.hint ? t(`adm.site.hint.${f.hint}`) : undefined} data-testid={testid} />
    case 'select':
      return (
        <Select
          {...io}
          options={f.options?.(extra, lang) ?? []}
          allowClear={f.optional}
          showSearch={f.optional}
          optionFilterProp="label"
          data-testid={testid}
        />
      )
    case 'number':
      return <InputNumber {...io} min={0} max={f.max ?? 1_000_000} style={{ width: '100%' }} data-testid={testid} />
    case 'datetime':
      return <DateTimeInput {...io} testid={testid} />
    case 'url':
      return <Input {...io} maxLength={f.max ?? 1000} placeholder="https://" data-testid={testid} />
    default:
      return <Input {...io} maxLength={f.max ?? 200} data-testid={testid} />
  }
}

export function EditForm({ fields, lang, extra, testid }: { fields: FieldUi[]; lang: Lang; extra: any; testid: string }) {
  const { t } = useTranslation()
  const rules = (f: FieldUi) => (f.required ? [{ required: true, message: t('adm.site.required') }] : [])
  return (
    <>
      {fields.map((f) => {
        const label = t(`adm.site.field.${f.name}`)
        if (f.bilingual) {
          return (
            <Row gutter={16} key={f.name}>
              {(['Zh', 'En'] as const).map((suffix) => (
                <Col span={f.type === 'rich' ? 24 : 12} key={suffix}>
                  <Form.Item name={`${f.name}${suffix}`} label={t(`adm.site.lang.${suffix.toLowerCase()}`, { label })} rules={rules(f)}>
                    <FieldControl f={f} lang={lang} extra={extra} testid={`${testid}-${f.name}${suffix}`} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          )
        }
        return (
          <Form.Item key={f.name} name={f.name} label={label} rules={rules(f)}>
            <FieldControl f={f} lang={lang} extra={extra} testid={`${testid}-${f.name}`} />
          </Form.Item>
        )
      })}
    </>
  )
}

/** the choices once (select options); null until loaded */
export function useExtra(load?: () => Promise<Envelope<unknown>>) {
  const [extra, setExtra] = useState<any>(null)
  useEffect(() => {
    if (!load) return
    let alive = true
    load().then((env) => alive && env.code === 200 && setExtra(env.result))
    return () => {
      alive = false
    }
  }, [load])
  return extra
}

/** the time window column sorts by its start */
export const SITE_SORT = { rename: { window: 'startAt' } }

/** antd sorter → the list's sortField / sortOrder */
export function sorterFilters(sorter: Parameters<NonNullable<TableProps<Item>['onChange']>>[2]): Filters {
  return tableSort(sorter, SITE_SORT)
}

export function SiteCrudView({ config, lang }: { config: CrudViewConfig; lang: Lang }) {
  const { t } = useTranslation()
  const api = siteContent(config.key)
  const q = useTableList<Item>(api.list, config.initialFilters ?? {})
  const extra = useExtra(config.extra)
  const [editing, setEditing] = useState<Item | 'new' | null>(null)
  const [seq, setSeq] = useState(0)
  const [busy, whileBusy] = useBusy()
  const canPublish = usePermission('publish')
  const canSort = usePermission('sort')
  const tid = config.testid

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

  const columns: ColumnsType<Item> = useMemo(() => {
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
        title: t('adm.site.field.published'),
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
              checkedChildren={t('adm.site.on')}
              unCheckedChildren={t('adm.site.off')}
              data-testid={`${tid}-publish-${row.id}`}
              onChange={(on) => void call(() => api.setPublished(row.id, on), on ? 'adm.site.publishedOk' : 'adm.site.unpublishedOk')}
            />
          ) : (
            <Tag color={v ? 'green' : 'default'}>{t(v ? 'adm.site.on' : 'adm.site.off')}</Tag>
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
            <Button size="small" type="link" data-testid={`${tid}-edit-${row.id}`} onClick={() => open(row)}>
              {t('adm.site.edit')}
            </Button>
          </Permission>
          {config.rowActions?.(row)}
          <Permission name="delete">
            <Popconfirm title={t('adm.site.confirmDelete')} onConfirm={() => void call(() => api.remove(row.id), 'adm.site.deleted')}>
              <Button size="small" type="link" danger data-testid={`${tid}-delete-${row.id}`}>
                {t('adm.site.delete')}
              </Button>
            </Popconfirm>
          </Permission>
        </Space>
      ),
    })
    return cols
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, lang, extra, canPublish, canSort, config])

  return (
    <Card data-testid={tid}>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Permission name="add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid={`${tid}-add`}>
            {t('adm.site.add')}
          </Button>
        </Permission>
        <Space wrap>
          {config.filters?.map((f) => (
            <Select
              key={f.name}
              style={{ width: f.width ?? 150 }}
              value={(q.filters[f.name] as string | number | undefined) ?? ''}
              onChange={(v) => q.setFilters({ [f.name]: v === '' ? undefined : v })}
              options={[{ value: '', label: t(`adm.site.filter.${f.name}`) }, ...f.options(extra, lang)]}
              data-testid={`${tid}-filter-${f.name}`}
            />
          ))}
          {config.hasStatus && (
            <Select
              style={{ width: 130 }}
              value={q.filters.published === undefined ? '' : String(q.filters.published)}
              onChange={(v) => q.setFilters({ published: v === '' ? undefined : v === 'true' })}
              options={[
                { value: '', label: t('adm.site.filter.published') },
                { value: 'true', label: t('adm.site.on') },
                { value: 'false', label: t('adm.site.off') },
              ]}
              data-testid={`${tid}-filter-published`}
            />
          )}
          <Input.Search
            allowClear
            placeholder={t('adm.site.keyword')}
            enterButton={t('adm.table.search')}
            style={{ width: 320 }}
            onSearch={(v) => q.setFilters({ keyword: v.trim() || undefined })}
            data-testid={`${tid}-search`}
          />
        </Space>
      </Space>
      <Table<Item>
        rowKey="id"
        loading={q.loading}
        dataSource={q.data.list}
        pagination={q.pagination}
        scroll={{ x: 1300 }}
        columns={columns}
        onChange={(_p, _f, sorter, ex) => {
          if (ex.action === 'sort') q.setFilters(sorterFilters(sorter))
        }}
        data-testid={`${tid}-table`}
      />
      <Drawer
        open={!!editing}
        size={860}
        title={editing === 'new' ? t('adm.site.add') : t('adm.site.edit')}
        onClose={() => setEditing(null)}
        extra={
          <Space>
            <Button onClick={() => setEditing(null)}>{t('adm.site.cancel')}</Button>
            <Button type="primary" htmlType="submit" form={`${tid}-form`} loading={busy} data-testid={`${tid}-save`}>
              {t('adm.site.save')}
            </Button>
          </Space>
        }
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
      </Drawer>
    </Card>
  )
}

/** A fresh form per opening (initial values apply cleanly); a 301 from the server marks its field. */
function EditBody({ id, initial, onSubmit, children }: { id: string; initial: Record<string, unknown>; onSubmit: (v: Record<string, unknown>) => Promise<string | undefined>; children: React.ReactNode }) {
  const { t } = useTranslation()
  const [form] = Form.useForm()
  return (
    <Form
      form={form}
      id={id}
      layout="vertical"
      initialValues={initial}
      data-testid={id}
      onFinish={async (v) => {
        const field = await onSubmit(v)
        if (field) form.setFields([{ name: field, errors: [t('adm.site.invalid')] }])
      }}
    >
      {children}
    </Form>
  )
}

/** a new row starts in the filtered area / position / project */
function pickFilters(filters: Filters, config: CrudViewConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of config.filters ?? []) if (filters[f.name] !== undefined && filters[f.name] !== '') out[f.name] = filters[f.name]
  return out
}
