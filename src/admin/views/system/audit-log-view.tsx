/**
 * 'system/audit/list': 操作日志 / Audit log — who did what to which record, when and from where. Filters:
 * person (account e-mail), action, target (type and id), organisation, date range (UTC days); paged;
 * the 'export' button downloads the filtered rows as .xlsx (the export is itself a row). Read-only: the
 * server has no route that edits or deletes a row. An organizer sees its organisation's rows (server).
 */
import React, { useState } from 'react'
import { Button, Card, DatePicker, Input, InputNumber, Space, Tag, Tooltip, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { AUDIT_ACTIONS, type AuditEntry } from '@contracts/audit'
import { exportAudit, listAudit } from '../../api/audit'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { FilterSelect, ListToolbar } from '../common/list-toolbar'
import { formatTime } from '../common/format'
import type { ViewProps } from '../view-props'

const OUTCOME_COLOR = { ok: 'green', failed: 'red', pending: 'orange' } as const

function Change({ value }: { value: string | null }) {
  if (!value) return <span>—</span>
  return (
    <Tooltip title={<pre style={{ margin: 0, whiteSpace: 'pre-wrap', maxHeight: 400, overflow: 'auto' }}>{value}</pre>}>
      <Typography.Text code ellipsis style={{ maxWidth: 220, display: 'inline-block' }}>
        {value}
      </Typography.Text>
    </Tooltip>
  )
}

export default function AuditLogView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<AuditEntry>(listAudit)
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null)
  const [exporting, setExporting] = useState(false)
  const actionLabel = (a: string) => t(`adm.system.audit.actions.${a}`, { defaultValue: a })

  const doExport = async () => {
    setExporting(true)
    try {
      const filters: Record<string, string | number> = {}
      for (const [k, v] of Object.entries(q.filters)) if (v !== undefined && v !== '') filters[k] = v as string | number
      const name = await exportAudit(filters, lang)
      void feedback().success(t('adm.system.audit.exported', { name }))
    } catch (e) {
      console.warn('[admin] export failed', e)
      void feedback().error(t('adm.system.audit.exportFailed'))
    } finally {
      setExporting(false)
    }
  }

  return (
    <Card title={t('adm.system.audit.title')} data-testid="audit-view">
      <ListToolbar
        actions={
          <Permission name="export">
            <Button onClick={doExport} loading={exporting} data-testid="audit-export">
              {t('adm.system.audit.export')}
            </Button>
          </Permission>
        }
      >
        <Input.Search
          allowClear
          placeholder={t('adm.system.audit.actor')}
          style={{ width: 220 }}
          onSearch={(v) => q.setFilters({ actor: v.trim() || undefined })}
          data-testid="audit-actor"
        />
        <FilterSelect list={q} name="action" all={t('adm.system.audit.allActions')} options={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))} width={150} testId="audit-action" />
        <Input.Search
          allowClear
          placeholder={t('adm.system.audit.targetType')}
          style={{ width: 200 }}
          onSearch={(v) => q.setFilters({ targetType: v.trim() || undefined })}
          data-testid="audit-target-type"
        />
        <Input.Search
          allowClear
          placeholder={t('adm.system.audit.targetId')}
          style={{ width: 130 }}
          onSearch={(v) => q.setFilters({ targetId: v.trim() || undefined })}
          data-testid="audit-target-id"
        />
        <InputNumber
          min={1}
          placeholder={t('adm.system.audit.organizationId')}
          style={{ width: 120 }}
          onChange={(v) => q.setFilters({ organizationId: typeof v === 'number' ? v : undefined })}
          data-testid="audit-org"
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => {
            setRange(v as [Dayjs | null, Dayjs | null] | null)
            q.setFilters({ from: v?.[0]?.format('YYYY-MM-DD'), to: v?.[1]?.format('YYYY-MM-DD') })
          }}
          data-testid="audit-range"
        />
      </ListToolbar>
      <ListTable<AuditEntry>
        list={q}
        sort={false}
        data-testid="audit-table"
        scroll={{ x: 1280 }}
        columns={[
          { title: t('adm.system.audit.time'), dataIndex: 'createdAt', width: 150, render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
          {
            title: t('adm.system.audit.who'),
            key: 'who',
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.actorName ?? '—'}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[r.actorRoles, r.organizationName].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('adm.system.audit.action'), dataIndex: 'action', width: 110, render: (v: string) => <Tag data-testid={`audit-row-action-${v}`}>{actionLabel(v)}</Tag> },
          {
            title: t('adm.system.audit.target'),
            key: 'target',
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>
                  {r.targetType ?? '—'}
                  {r.targetId ? ` #${r.targetId}` : ''}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.route}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('adm.system.audit.outcome'),
            key: 'outcome',
            width: 90,
            render: (_, r) => (
              <Tag color={OUTCOME_COLOR[r.outcome]}>
                {t(`adm.system.audit.outcomes.${r.outcome}`)}
                {r.resultCode && r.resultCode !== 200 ? ` ${r.resultCode}` : ''}
              </Tag>
            ),
          },
          { title: t('adm.system.audit.before'), dataIndex: 'before', render: (v: string | null) => <Change value={v} /> },
          { title: t('adm.system.audit.after'), dataIndex: 'after', render: (v: string | null) => <Change value={v} /> },
          {
            title: t('adm.system.audit.from'),
            key: 'from',
            render: (_, r) => (
              <Tooltip title={r.userAgent}>
                <span>{r.ip ?? '—'}</span>
              </Tooltip>
            ),
          },
        ]}
      />
    </Card>
  )
}
