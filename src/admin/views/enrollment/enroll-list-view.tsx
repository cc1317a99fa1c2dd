/**
 * 'activity/enroll/list' (/admin/activity/enroll?activityId=N): one activity's enrolments. The
 * application form's fields are the columns; a multi-value answer takes one sub-row per value with the
 * other cells spanning them (row spanning). Filter by status, search name / e-mail / answers, order by
 * time; approve or reject where the activity needs approval (button 'approve'); edit the answers and
 * the custom input (button 'edit'); talent detail; export to .xlsx (button 'export'). Without
 * `activityId` in the URL an activity picker comes first; a picked activity goes into the URL.
 */
import React, { useCallback, useEffect, useMemo, useState } from 'react'
import { Button, Card, Empty, Input, Pagination, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { EditOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { apiUrl, request } from '../../../shared/api/request'
import { getToken } from '../../../shared/storage'
import {
  ADMIN_ENROLL_API as A,
  type AdminEnrollActivity,
  type AdminEnrollItem,
  type AdminEnrollListPage,
} from '../../../shared/contracts/admin-enrollment'
import type { EnrollAnswers, EnrollmentStatus } from '../../../shared/contracts/enrollment'
import type { Page } from '../../../shared/contracts/api'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/list-toolbar'
import { useFilteredList } from '../common/use-filtered-list'
import type { ViewProps } from '../registry'
import { activityIdFrom, expandRows, fieldLabel, filenameFrom, isMulti, pick, subValue, type EnrollSubRow, type Lang } from './enroll-rows'
import { AnswerCell, AnswersModal, PersonCell, PromoterCell, RemarkModal, StatusTag, TalentDrawer } from './enroll-parts'

/** the activity picker: server search over the caller's activities */
export function ActivityPicker({ url, value, lang, onChange, testId }: { url: string; value: number | null; lang: Lang; onChange(a: AdminEnrollActivity): void; testId: string }) {
  const { t } = useTranslation()
  const [options, setOptions] = useState<AdminEnrollActivity[]>([])
  const search = useCallback(
    (keyword = '') => {
      void request<Page<AdminEnrollActivity>>({ url, method: 'GET', data: { pageSize: 30, ...(keyword ? { keyword } : {}) } }).then((env) => env.code === 200 && setOptions(env.result.list))
    },
    [url],
  )
  useEffect(() => search(), [search])
  return (
    <Select
      style={{ width: 420 }}
      value={value ?? undefined}
      placeholder={t('adm.enrollment.pickPlaceholder')}
      showSearch={{ filterOption: false, onSearch: (k: string) => search(k.trim()) }}
      options={options.map((a) => ({ value: a.id, label: `${pick(lang, a.titleZh, a.titleEn)} · ${formatTime(a.startTime).slice(0, 10)}` }))}
      onChange={(id: number) => {
        const a = options.find((x) => x.id === id)
        if (a) onChange(a)
      }}
      data-testid={testId}
    />
  )
}

/** GET the export with the token → blob → a link click */
async function downloadExport(query: Record<string, string | number>, lang: Lang): Promise<string> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  const res = await fetch(`${apiUrl(A.export)}?${params}`, { headers: { Authorization: `Bearer ${getToken() ?? ''}`, lang } })
  const type = res.headers.get('content-type') || ''
  if (!res.ok || !type.includes('spreadsheetml')) throw new Error(`export failed: ${res.status}`)
  const name = filenameFrom(res.headers.get('content-disposition'), `enrollments-${query.activityId}.xlsx`)
  const blob = await res.blob()
  const a = document.createElement('a')
  a.href = URL.createObjectURL(blob)
  a.download = name
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000)
  return name
}

export default function EnrollListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  // the shell re-renders views on navigation: read the query every render
  const urlActivityId = activityIdFrom(typeof window === 'undefined' ? '' : window.location.search)
  const [activityId, setActivityId] = useState<number | null>(urlActivityId)
  useEffect(() => {
    if (urlActivityId && urlActivityId !== activityId) setActivityId(urlActivityId)
  }, [urlActivityId, activityId])

  const q = useFilteredList<AdminEnrollItem>(activityId ? A.list : null, { activityId: activityId ?? undefined, status: '', sortOrder: 'desc' })
  const { setFilters } = q
  const filteredId = q.filters.activityId
  useEffect(() => {
    if (activityId && activityId !== filteredId) setFilters({ activityId })
  }, [activityId, filteredId, setFilters])
  const page = q.data as AdminEnrollListPage
  const activity = page.activity && page.activity.id === activityId ? page.activity : null
  const fields = useMemo(() => (activity ? page.fields ?? [] : []), [activity, page.fields])
  const rows = useMemo(() => expandRows(activity ? q.data.list : [], fields), [activity, q.data.list, fields])

  const canApprove = usePermission('approve')
  const canEdit = usePermission('edit')
  const [editing, setEditing] = useState<AdminEnrollItem | null>(null)
  const [remarking, setRemarking] = useState<AdminEnrollItem | null>(null)
  const [talent, setTalent] = useState<number | null>(null)
  const [exporting, setExporting] = useState(false)

  const pickActivity = (a: AdminEnrollActivity) => {
    setActivityId(a.id)
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?activityId=${a.id}`)
  }

  const setStatus = async (item: AdminEnrollItem, status: EnrollmentStatus) => {
    const env = await request<AdminEnrollItem>({ url: A.status, method: 'POST', data: { id: item.id, status } })
    if (env.code === 200) {
      void feedback().success(t(status === 'rejected' ? 'adm.enrollment.rejected' : 'adm.enrollment.approved'))
      q.reload()
    }
  }
  const saveAnswers = async (answers: EnrollAnswers) => {
    const env = await request<AdminEnrollItem>({ url: A.update, method: 'POST', data: { id: editing!.id, answers }, silent: true })
    if (env.code === 200) {
      void feedback().success(t('adm.enrollment.saved'))
      q.reload()
    } else if (env.code !== 301) void feedback().error(env.message)
    return env
  }
  const saveRemark = async (remark: string) => {
    const env = await request<AdminEnrollItem>({ url: A.remark, method: 'POST', data: { id: remarking!.id, remark } })
    if (env.code === 200) q.reload()
    return env
  }
  const doExport = async () => {
    if (!activityId) return
    setExporting(true)
    try {
      const query: Record<string, string | number> = { activityId }
      if (q.filters.status) query.status = String(q.filters.status)
      if (q.filters.keyword) query.keyword = String(q.filters.keyword)
      const name = await downloadExport(query, lang)
      void feedback().success(t('adm.enrollment.exported', { name }))
    } catch (e) {
      console.warn('[admin] export failed', e)
      void feedback().error(t('adm.enrollment.exportFailed'))
    } finally {
      setExporting(false)
    }
  }

  // every column but the multi-value ones spans the enrolment's sub-rows
  const spanned = (r: EnrollSubRow) => ({ rowSpan: r.span })
  const columns: ColumnsType<EnrollSubRow> = [
    ...fields.map((f) =>
      isMulti(f)
        ? { key: `f-${f.key}`, title: fieldLabel(f, lang), width: 120, render: (_: unknown, r: EnrollSubRow) => subValue(r, f, lang) || (r.index === 0 ? '—' : '') }
        : {
            key: `f-${f.key}`,
            title: fieldLabel(f, lang),
            width: f.type === 'textarea' ? 200 : 130,
            onCell: spanned,
            render: (_: unknown, r: EnrollSubRow) => <AnswerCell field={f} value={r.item.answers[f.key]} lang={lang} />,
          },
    ),
    { key: 'person', title: t('adm.enrollment.person'), width: 170, onCell: spanned, render: (_, r) => <PersonCell item={r.item} /> },
    { key: 'promoter', title: t('adm.enrollment.promoter'), width: 100, onCell: spanned, render: (_, r) => <PromoterCell item={r.item} /> },
    {
      key: 'time',
      title: t('adm.enrollment.statusTime'),
      width: 130,
      onCell: spanned,
      sorter: true,
      sortOrder: q.filters.sortOrder === 'asc' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, r) => (
        <>
          <StatusTag status={r.item.status} />
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatTime(r.item.createdAt)}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      key: 'remark',
      title: t('adm.enrollment.remark'),
      width: 130,
      onCell: spanned,
      render: (_, r) => (
        <Space size={4}>
          <Typography.Text ellipsis={{ tooltip: r.item.remark }} style={{ maxWidth: 80 }}>
            {r.item.remark || '—'}
          </Typography.Text>
          {canEdit && (
            <Tooltip title={t('adm.enrollment.remarkEdit')}>
              <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('adm.enrollment.remarkEdit')} onClick={() => setRemarking(r.item)} data-testid="adm-enroll-remark" />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('adm.table.actions'),
      width: 160,
      fixed: 'right',
      onCell: spanned,
      render: (_, r) => (
        <Space size={0} wrap>
          {activity?.enrollNeedProcess && canApprove && r.item.status !== 'approved' && (
            <Button size="small" type="link" onClick={() => void setStatus(r.item, 'approved')} data-testid="adm-enroll-approve">
              {t('adm.enrollment.approve')}
            </Button>
          )}
          {activity?.enrollNeedProcess && canApprove && r.item.status !== 'rejected' && (
            <Popconfirm title={t('adm.enrollment.confirmReject')} onConfirm={() => setStatus(r.item, 'rejected')} okButtonProps={{ 'data-testid': 'adm-enroll-reject-ok' } as never}>
              <Button size="small" type="link" danger data-testid="adm-enroll-reject">
                {t('adm.enrollment.reject')}
              </Button>
            </Popconfirm>
          )}
          <Permission name="edit">
            <Button size="small" type="link" onClick={() => setEditing(r.item)} data-testid="adm-enroll-edit">
              {t('adm.enrollment.edit')}
            </Button>
          </Permission>
          <Button size="small" type="link" onClick={() => setTalent(r.item.id)} data-testid="adm-enroll-talent-btn">
            {t('adm.enrollment.talent')}
          </Button>
        </Space>
      ),
    },
  ]

  const capacity = activity ? (activity.peopleCount > 0 ? String(activity.peopleCount) : t('adm.enrollment.unlimited')) : ''
  return (
    <Card data-testid="adm-enroll-list">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Typography.Text strong>{t('adm.enrollment.pickActivity')}</Typography.Text>
          <ActivityPicker url={A.activities} value={activityId} lang={lang} onChange={pickActivity} testId="adm-enroll-activity" />
          {activity && (
            <>
              <Tag color={activity.enrollNeedProcess ? 'orange' : 'default'}>{t(activity.enrollNeedProcess ? 'adm.enrollment.needProcess' : 'adm.enrollment.noProcess')}</Tag>
              <Typography.Text type="secondary" data-testid="adm-enroll-seats">
                {t('adm.enrollment.seats', { enrolled: activity.enrolledCount, capacity })}
              </Typography.Text>
            </>
          )}
        </Space>
        {activity && (
          <Permission name="export">
            <Button type="primary" onClick={() => void doExport()} loading={exporting} data-testid="adm-enroll-export">
              {exporting ? t('adm.enrollment.exporting') : t('adm.enrollment.export')}
            </Button>
          </Permission>
        )}
      </Space>
      {!activityId ? (
        <Empty description={t('adm.enrollment.pickHint')} />
      ) : (
        <>
          {activity && (
            <Typography.Title level={5} style={{ marginTop: 0 }} data-testid="adm-enroll-activity-title">
              {pick(lang, activity.titleZh, activity.titleEn)}
              <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginLeft: 12 }}>
                {formatTime(activity.startTime)} – {formatTime(activity.endTime)} · {pick(lang, activity.organizationNameZh, activity.organizationNameEn)}
              </Typography.Text>
            </Typography.Title>
          )}
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              style={{ width: 140 }}
              value={String(q.filters.status ?? '')}
              onChange={(v) => q.setFilters({ status: v })}
              options={[{ value: '', label: t('adm.enrollment.allStatus') }, ...(['pending', 'approved', 'rejected'] as const).map((s) => ({ value: s, label: t(`adm.enrollment.status.${s}`) }))]}
              data-testid="adm-enroll-status"
            />
            <Input.Search allowClear placeholder={t('adm.enrollment.keyword')} enterButton={t('adm.table.search')} style={{ width: 340 }} onSearch={(v) => q.setFilters({ keyword: v.trim() })} data-testid="adm-enroll-search" />
            {activity && !fields.length && <Tooltip title={t('adm.enrollment.noForm')}><Tag>{t('adm.enrollment.noForm')}</Tag></Tooltip>}
          </Space>
          <Table<EnrollSubRow>
            rowKey="key"
            bordered
            size="middle"
            loading={q.loading}
            dataSource={rows}
            columns={columns}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('adm.enrollment.empty')} /> }}
            onChange={(_p, _f, sorter) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter
              q.setFilters({ sortOrder: s?.order === 'ascend' ? 'asc' : 'desc' })
            }}
            data-testid="adm-enroll-table"
          />
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
            <Pagination {...q.pagination} />
          </div>
        </>
      )}
      <AnswersModal item={editing} fields={fields} lang={lang} onClose={() => setEditing(null)} save={saveAnswers} />
      <RemarkModal item={remarking} onClose={() => setRemarking(null)} save={saveRemark} />
      <TalentDrawer url={A.talent} enrollmentId={talent} lang={lang} onClose={() => setTalent(null)} />
    </Card>
  )
}
