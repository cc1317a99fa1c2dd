/**
 * 'activity/enroll/list' (/admin/activity/enroll?activityId=N): one activity's enrolments. The
 * application form's fields are the columns; a multi-value answer takes one sub-row per value with the
 * other cells spanning them (row spanning). Filter by status, search name / e-mail / answers, order by
 * time; approve or reject where the activity needs approval (button 'approve'); edit the answers and
 * the custom input (button 'edit'); talent detail; export to .xlsx (button 'export'). Without
 * `activityId` in the URL an activity picker comes first; a picked activity goes into the URL.
 * Tickets (contracts/ticket.ts): the check-in column (time, who), cancelled enrolments with when, by whom
 * and why, the organizer's cancel-with-reason (button 'approve'), the waiting-list drawer, and the way to
 * the check-in view of the activity.
 */
import React, { useCallback, useEffect, useMemo, useState } from 'react'
import { Button, Card, Empty, Pagination, Select, Space, Table, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { EditOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { AdminEnrollActivity, AdminEnrollItem, AdminEnrollListPage } from '@contracts/admin-enrollment'
import type { EnrollAnswers, EnrollmentStatus } from '@contracts/enrollment'
import {
  enrollmentTalent,
  exportEnrollments,
  listEnrollActivities,
  listEnrollments,
  setEnrollmentStatus,
  updateEnrollmentAnswers,
  updateEnrollmentRemark,
} from '../../api/enrollment'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { useTableList } from '../common/use-table-list'
import { FilterSelect, KeywordSearch } from '../common/list-toolbar'
import { RowLink } from '../common/row-actions'
import type { ViewProps } from '../view-props'
import { activityIdFrom, expandRows, fieldLabel, isMulti, pick, subValue, type EnrollSubRow, type Lang } from './enroll-rows'
import { AnswerCell, AnswersModal, PersonCell, PromoterCell, RejectModal, RemarkModal, StatusTag, TalentDrawer } from './enroll-parts'
import { CancelModal, CancelledLine, CheckinCell, WaitlistDrawer } from './ticket-parts'
import { cancelEnrollmentAsAdmin } from '../../api/checkin'
import { CHECKIN_MENU } from '@contracts/ticket'
import { openWithQuery } from '../activity/nav'
import { formatInZone } from '../activity/time'

/** the activity picker: server search over the caller's activities */
export function ActivityPicker({
  value,
  lang,
  onChange,
  testId,
  current,
}: {
  value: number | null
  lang: Lang
  onChange(a: AdminEnrollActivity): void
  testId: string
  /** the open activity: named even when the first page of choices does not hold it (not its bare id) */
  current?: Pick<AdminEnrollActivity, 'id' | 'titleZh' | 'titleEn' | 'startTime'> | null
}) {
  const { t } = useTranslation()
  const [options, setOptions] = useState<AdminEnrollActivity[]>([])
  const search = useCallback((keyword = '') => {
    void listEnrollActivities({ pageSize: 30, ...(keyword ? { keyword } : {}) }).then((env) => env.code === 200 && setOptions(env.result.list))
  }, [])
  useEffect(() => search(), [search])
  return (
    <Select
      style={{ width: 420 }}
      value={value ?? undefined}
      placeholder={t('adm.enrollment.pickPlaceholder')}
      showSearch={{ filterOption: false, onSearch: (k: string) => search(k.trim()) }}
      options={[...options, ...(current && current.id === value && !options.some((a) => a.id === current.id) ? [current] : [])].map((a) => ({
        value: a.id,
        label: `${pick(lang, a.titleZh, a.titleEn)} · ${formatTime(a.startTime).slice(0, 10)}`,
      }))}
      onChange={(id: number) => {
        const a = options.find((x) => x.id === id)
        if (a) onChange(a)
      }}
      data-testid={testId}
    />
  )
}

export default function EnrollListView({ lang, routes, open }: ViewProps) {
  const { t } = useTranslation()
  // the shell re-renders views on navigation: read the query every render
  const urlActivityId = activityIdFrom(typeof window === 'undefined' ? '' : window.location.search)
  const [activityId, setActivityId] = useState<number | null>(urlActivityId)
  useEffect(() => {
    if (urlActivityId && urlActivityId !== activityId) setActivityId(urlActivityId)
  }, [urlActivityId, activityId])

  const q = useTableList<AdminEnrollItem>(activityId ? listEnrollments : null, { activityId: activityId ?? undefined, sortOrder: 'desc' })
  const { setFilters } = q
  const filteredId = q.filters.activityId
  useEffect(() => {
    if (activityId && activityId !== filteredId) setFilters({ activityId })
  }, [activityId, filteredId, setFilters])
  const page = q.data as AdminEnrollListPage
  const activity = page.activity && page.activity.id === activityId ? page.activity : null
  const fields = useMemo(() => (activity ? page.fields ?? [] : []), [activity, page.fields])
  const rows = useMemo(() => expandRows(activity ? q.data.list : [], fields), [activity, q.data.list, fields])

  // entrustHaijiaoProcess: operations process the enrolments; the organizer only reads them (the server answers 627)
  const readOnly = !!activity?.readOnly
  const canApprove = usePermission('approve') && !readOnly
  const canEdit = usePermission('edit') && !readOnly
  const [editing, setEditing] = useState<AdminEnrollItem | null>(null)
  const [remarking, setRemarking] = useState<AdminEnrollItem | null>(null)
  const [talent, setTalent] = useState<number | null>(null)
  const [rejecting, setRejecting] = useState<AdminEnrollItem | null>(null)
  const [exporting, setExporting] = useState(false)
  const [cancelling, setCancelling] = useState<AdminEnrollItem | null>(null)
  const [waitlistOpen, setWaitlistOpen] = useState(false)
  const checkinRoute = routes.find((r) => r.component === CHECKIN_MENU)
  const cancel = async (reason: string) => {
    const env = await cancelEnrollmentAsAdmin(cancelling!.id, reason)
    if (env.code === 200) {
      void feedback().success(t('adm.ticket.cancelledDone'))
      q.reload()
    }
    return env
  }

  const pickActivity = (a: AdminEnrollActivity) => {
    setActivityId(a.id)
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?activityId=${a.id}`)
  }

  /** who a message names: the form's name answer, else the account's nickname or e-mail */
  const who = (item: AdminEnrollItem) => String(item.answers.name || item.person.nickName || item.person.email || `#${item.id}`)
  const setStatus = async (item: AdminEnrollItem, status: EnrollmentStatus, reason?: string) => {
    const env = await setEnrollmentStatus(item.id, status, reason)
    if (env.code === 200) {
      void feedback().success(t(status === 'rejected' ? 'adm.enrollment.rejectedWho' : 'adm.enrollment.approvedWho', { name: who(item) }))
      q.reload()
    } else if (env.code !== 301) void feedback().error(env.message || t('adm.enrollment.notSaved'))
    return env
  }
  const saveAnswers = async (answers: EnrollAnswers) => {
    const env = await updateEnrollmentAnswers(editing!.id, answers)
    if (env.code === 200) {
      void feedback().success(t('adm.enrollment.answersSaved', { name: who(editing!) }))
      q.reload()
    } else if (env.code !== 301) void feedback().error(env.message)
    return env
  }
  const saveRemark = async (remark: string) => {
    const env = await updateEnrollmentRemark(remarking!.id, remark)
    if (env.code === 200) {
      void feedback().success(t('adm.enrollment.remarkSaved', { name: who(remarking!) }))
      q.reload()
    } else if (env.code !== 301) void feedback().error(env.message || t('adm.enrollment.notSaved'))
    return env
  }
  const doExport = async () => {
    if (!activityId) return
    setExporting(true)
    try {
      const { status, keyword } = q.filters
      const name = await exportEnrollments({ activityId, status: status ? String(status) : undefined, keyword: keyword ? String(keyword) : undefined }, lang)
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
  // status and person first and fixed (at 1440 px the status must show without scrolling),
  // then the form's answers, the remark and the promoter; the actions stay fixed on the right
  const columns: ColumnsType<EnrollSubRow> = [
    {
      key: 'time',
      title: t('adm.enrollment.statusTime'),
      width: 150,
      fixed: 'left',
      onCell: spanned,
      sorter: true,
      sortOrder: q.filters.sortOrder === 'asc' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, r) => (
        <>
          <StatusTag status={r.item.status} />
          <CancelledLine item={r.item} zone={activity?.timeZone} />
          {r.item.status === 'rejected' && r.item.rejectReason && (
            <div data-testid="adm-enroll-reject-reason">
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {t('adm.enrollment.rejectReasonCol')}: {r.item.rejectReason}
              </Typography.Text>
            </div>
          )}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatTime(r.item.createdAt)}
            </Typography.Text>
          </div>
        </>
      ),
    },
    { key: 'person', title: t('adm.enrollment.person'), width: 190, fixed: 'left', onCell: spanned, render: (_, r) => <PersonCell item={r.item} /> },
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
    { key: 'checkin', title: t('adm.ticket.checkinCol'), width: 130, onCell: spanned, render: (_, r) => <CheckinCell item={r.item} zone={activity?.timeZone} /> },
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
    { key: 'promoter', title: t('adm.enrollment.promoter'), width: 100, onCell: spanned, render: (_, r) => <PromoterCell item={r.item} /> },
    {
      key: 'actions',
      title: t('adm.table.actions'),
      width: 160,
      fixed: 'right',
      onCell: spanned,
      render: (_, r) => (
        <Space size={0} wrap>
          {activity?.enrollNeedProcess && canApprove && r.item.status !== 'approved' && (
            <RowLink onClick={() => void setStatus(r.item, 'approved')} data-testid="adm-enroll-approve">
              {t('adm.enrollment.approve')}
            </RowLink>
          )}
          {activity?.enrollNeedProcess && canApprove && r.item.status !== 'rejected' && (
            <RowLink danger onClick={() => setRejecting(r.item)} data-testid="adm-enroll-reject">
              {t('adm.enrollment.reject')}
            </RowLink>
          )}
          {canApprove && (r.item.status === 'approved' || r.item.status === 'pending') && (
            <RowLink danger onClick={() => setCancelling(r.item)} data-testid="adm-enroll-cancel">
              {t('adm.ticket.cancel')}
            </RowLink>
          )}
          {canEdit && (
            <RowLink onClick={() => setEditing(r.item)} data-testid="adm-enroll-edit">
              {t('adm.enrollment.edit')}
            </RowLink>
          )}
          <RowLink onClick={() => setTalent(r.item.id)} data-testid="adm-enroll-talent-btn">
            {t('adm.enrollment.talent')}
          </RowLink>
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
          <ActivityPicker value={activityId} lang={lang} onChange={pickActivity} testId="adm-enroll-activity" current={activity} />
          {activity && (
            <>
              <Tag color={activity.enrollNeedProcess ? 'orange' : 'default'}>{t(activity.enrollNeedProcess ? 'adm.enrollment.needProcess' : 'adm.enrollment.noProcess')}</Tag>
              {activity.entrustHaijiaoProcess && (
                <Tag color="blue" data-testid="adm-enroll-entrusted">
                  {t(readOnly ? 'adm.enrollment.entrustedReadOnly' : 'adm.enrollment.entrusted')}
                </Tag>
              )}
              <Typography.Text type="secondary" data-testid="adm-enroll-seats">
                {t('adm.enrollment.seats', { enrolled: activity.enrolledCount, capacity })}
              </Typography.Text>
            </>
          )}
        </Space>
        {activity && (
          <Space wrap>
            {checkinRoute && (
              <Button onClick={() => openWithQuery(open, `${checkinRoute.path}?activityId=${activity.id}`)} data-testid="adm-enroll-checkin-open">
                {t('adm.ticket.checkin')}
              </Button>
            )}
            <Button onClick={() => setWaitlistOpen(true)} data-testid="adm-enroll-waitlist-open">
              {t('adm.ticket.waitlist')}
            </Button>
            <Permission name="export">
              <Button type="primary" onClick={() => void doExport()} loading={exporting} data-testid="adm-enroll-export">
                {exporting ? t('adm.enrollment.exporting') : t('adm.enrollment.export')}
              </Button>
            </Permission>
          </Space>
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
                {formatInZone(activity.startTime, activity.timeZone)} – {formatInZone(activity.endTime, activity.timeZone)} · {pick(lang, activity.organizationNameZh, activity.organizationNameEn)}
              </Typography.Text>
            </Typography.Title>
          )}
          <Space wrap style={{ marginBottom: 12 }}>
            <FilterSelect
              list={q}
              name="status"
              all={t('adm.enrollment.allStatus')}
              options={(['pending', 'approved', 'rejected', 'cancelled'] as const).map((s) => ({ value: s, label: t(`adm.enrollment.status.${s}`) }))}
              testId="adm-enroll-status"
            />
            <KeywordSearch placeholder={t('adm.enrollment.keyword')} style={{ width: 340 }} list={q} testId="adm-enroll-search" />
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
      <RejectModal item={rejecting} onClose={() => setRejecting(null)} reject={(reason) => setStatus(rejecting!, 'rejected', reason)} />
      <CancelModal item={cancelling} onClose={() => setCancelling(null)} cancel={cancel} />
      <WaitlistDrawer activityId={activityId} zone={activity?.timeZone} open={waitlistOpen} canWrite={canApprove} onClose={() => setWaitlistOpen(false)} onChanged={() => q.reload()} />
      <TalentDrawer load={enrollmentTalent} enrollmentId={talent} lang={lang} onClose={() => setTalent(null)} />
    </Card>
  )
}
