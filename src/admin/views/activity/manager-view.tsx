/**
 * 'activity/manager/list': the activity manager. Filters all / in process / ended / draft, keyword search,
 * sort (start time, created, enrolled), paging. Per row: published switch (publish / unpublish), hot switch
 * (operations' 'hot' button), edit (publish view ?id=), enrolments (the enrolment view ?activityId=), share
 * (consumer link + QR code), check-in at the door (the check-in view ?activityId=), department setting, send notice and send history (group notices to the
 * activity's enrollees), delete (621 for a hot activity). An organizer sees only its own organisation's
 * activities (the server's data boundary).
 */
import React, { useEffect, useState } from 'react'
import { Button, Card, Image, Input, Modal, Radio, Space, Switch, Tag, TreeSelect, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ViewProps } from '../view-props'
import { ACTIVITY_PATHS, ADMIN_ACTIVITY_FILTERS, type AdminActivityItem, type AdminActivityShare } from '@contracts/admin-activity'
import type { DepartmentNode } from '@contracts/admin-system'
import {
  activityShare,
  deleteActivity,
  departmentTree,
  listActivities,
  setActivityDepartment,
  setActivityHot,
  setActivityPublished,
} from '../../api/activity'
import type { Envelope } from '../../api/client'
import { usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { ConfirmLink, RowLink } from '../common/row-actions'
import { formatTime } from '../common/format'
import { findNode } from '../common/tree'
import { pick } from '../common/bilingual'
import { TwoLines } from '../common/cells'
import { formatInZone } from './time'
import { openWithQuery } from './nav'
import { ACTIVITY_NOTICE_BUTTONS } from '@contracts/notice'
import { CHECKIN_MENU } from '@contracts/ticket'
import { activityNotices } from '../../api/message'
import { ActivityNoticesDrawer, ComposeNotice } from '../message/notice-parts'

export { findNode }

const STATUS_COLOR: Record<AdminActivityItem['timeStatus'], string> = { draft: 'default', upcoming: 'blue', running: 'green', ended: 'red' }

export default function ManagerView(props: ViewProps) {
  const { t } = useTranslation()
  const lang = props.lang
  const q = useTableList<AdminActivityItem>(listActivities, { filter: 'all' })
  const can = {
    add: usePermission('add'),
    edit: usePermission('edit'),
    delete: usePermission('delete'),
    publish: usePermission('publish'),
    hot: usePermission('hot'),
    share: usePermission('share'),
    department: usePermission('department'),
    notice: usePermission(ACTIVITY_NOTICE_BUTTONS.send),
    noticeHistory: usePermission(ACTIVITY_NOTICE_BUTTONS.history),
  }
  // the door's check-in view, when the caller's menu has it (organizers and operations)
  const checkinRoute = props.routes.find((r) => r.component === CHECKIN_MENU)
  const [notice, setNotice] = useState<{ id: number; title: string } | null>(null)
  const [notices, setNotices] = useState<{ id: number; title: string } | null>(null)
  const [share, setShare] = useState<(AdminActivityShare & { title: string }) | null>(null)
  const [dept, setDept] = useState<{ item: AdminActivityItem; tree: DepartmentNode[]; value: number | null } | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  // typing searches too (after a short pause); Enter or the button search at once
  const [typed, setTyped] = useState<string | null>(null)
  const { setFilters } = q
  useEffect(() => {
    if (typed === null) return
    const timer = setTimeout(() => setFilters({ keyword: typed.trim() || undefined }), 400)
    return () => clearTimeout(timer)
  }, [typed, setFilters])

  const title = (r: AdminActivityItem) => pick(lang, r.titleZh, r.titleEn)
  const orgName = (r: AdminActivityItem) => pick(lang, r.organizationNameZh, r.organizationNameEn)
  const nodeName = (n: DepartmentNode) => pick(lang, n.nameZh, n.nameEn)

  /** a row action: the row's switches spin meanwhile; success says so and reloads */
  const act = async (id: number, change: () => Promise<Envelope<unknown>>, done = 'adm.activity.manager.done') => {
    setBusy(id)
    try {
      const env = await change()
      if (env.code === 200) {
        void feedback().success(t(done))
        q.reload()
      }
      return env.code === 200
    } finally {
      setBusy(null)
    }
  }

  const openShare = async (r: AdminActivityItem) => {
    const env = await activityShare(r.id, window.location.origin)
    if (env.code === 200) setShare({ ...env.result, title: title(r) })
  }
  const copy = async () => {
    if (!share) return
    try {
      await navigator.clipboard.writeText(share.url)
      void feedback().success(t('adm.activity.manager.copied'))
    } catch {
      void feedback().info(share.url)
    }
  }

  const openDept = async (r: AdminActivityItem) => {
    const env = await departmentTree()
    if (env.code !== 200) return
    const root = findNode(env.result ?? [], r.organizationId)
    setDept({ item: r, tree: root?.children ?? [], value: r.departmentId })
  }
  type DeptOption = { value: number; title: string; children: DeptOption[] }
  const toTree = (nodes: DepartmentNode[]): DeptOption[] =>
    nodes.map((n) => ({ value: n.id, title: nodeName(n), children: toTree(n.children ?? []) }))

  return (
    <Card data-testid="act-mgr">
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16, gap: 16, flexWrap: 'wrap' }}>
        <Radio.Group value={String(q.filters.filter ?? 'all')} onChange={(e) => q.setFilters({ filter: e.target.value })} optionType="button" buttonStyle="solid">
          {ADMIN_ACTIVITY_FILTERS.map((f) => (
            <Radio.Button key={f} value={f}>
              <span data-testid={`act-mgr-filter-${f}`}>{t(`adm.activity.filter.${f}`)}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
        <Space>
          <Input.Search
            allowClear
            placeholder={t('adm.activity.manager.keyword')}
            enterButton={t('adm.table.search')}
            style={{ width: 360 }}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => q.setFilters({ keyword: v.trim() || undefined })}
            data-testid="act-mgr-search"
          />
          {can.add && (
            <Button type="primary" onClick={() => props.open(ACTIVITY_PATHS.publish)} data-testid="act-mgr-add">
              {t('adm.activity.manager.add')}
            </Button>
          )}
        </Space>
      </div>
      <ListTable<AdminActivityItem>
        list={q}
        sort={{ order: 'antd' }}
        scroll={{ x: 1080 }}
        onRow={(r) => ({ 'data-testid': `act-mgr-row-${r.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', width: 56 },
          {
            title: t('adm.activity.col.title'),
            key: 'title',
            width: 190,
            render: (_v, r) => (
              <TwoLines
                main={
                  <Typography.Text strong ellipsis style={{ maxWidth: 170 }}>
                    {title(r) || '—'}
                  </Typography.Text>
                }
                sub={t(`adm.activity.type.${r.type}`)}
              />
            ),
          },
          {
            title: t('adm.activity.col.organization'),
            key: 'org',
            width: 130,
            render: (_v, r) => (
              <TwoLines main={<span>{orgName(r)}</span>} sub={r.departmentId ? pick(lang, r.departmentNameZh, r.departmentNameEn) : null} subTestId={`act-mgr-dept-name-${r.id}`} />
            ),
          },
          {
            title: t('adm.activity.col.time'),
            key: 'startTime',
            sorter: true,
            width: 170,
            render: (_v, r) => <TwoLines main={<span>{formatInZone(r.startTime, r.timeZone)}</span>} sub={`→ ${formatInZone(r.endTime, r.timeZone)}`} />,
          },
          {
            title: t('adm.activity.col.status'),
            key: 'status',
            width: 96,
            render: (_v, r) => (
              <Space direction="vertical" size={4}>
                <Tag color={STATUS_COLOR[r.timeStatus]}>{t(`adm.activity.timeStatus.${r.timeStatus}`)}</Tag>
                <Switch
                  size="small"
                  checked={r.status === 'published'}
                  disabled={!can.publish}
                  loading={busy === r.id}
                  checkedChildren={t('adm.activity.col.published')}
                  unCheckedChildren={t('adm.activity.status.draft')}
                  onChange={(on) => void act(r.id, () => setActivityPublished(r.id, on))}
                  data-testid={`act-mgr-published-${r.id}`}
                />
              </Space>
            ),
          },
          {
            title: t('adm.activity.col.hot'),
            key: 'hot',
            width: 64,
            render: (_v, r) =>
              can.hot ? (
                <Switch size="small" checked={r.isHot} loading={busy === r.id} onChange={(on) => void act(r.id, () => setActivityHot(r.id, on))} data-testid={`act-mgr-hot-${r.id}`} />
              ) : r.isHot ? (
                <Tag color="volcano">{t('adm.activity.col.hot')}</Tag>
              ) : (
                '—'
              ),
          },
          { title: t('adm.activity.col.enrolled'), key: 'enrolledCount', sorter: true, width: 96, render: (_v, r) => `${r.enrolledCount} / ${r.peopleCount || '∞'}` },
          { title: t('adm.activity.col.created'), key: 'createdAt', sorter: true, width: 104, render: (_v, r) => formatTime(r.createdAt).slice(0, 10) },
          {
            title: t('adm.table.actions'),
            key: 'actions',
            fixed: 'right',
            width: 200,
            render: (_v, r) => (
              <Space size={4} wrap>
                {can.edit && (
                  <RowLink onClick={() => openWithQuery(props.open, `${ACTIVITY_PATHS.publish}?id=${r.id}`)} data-testid={`act-mgr-edit-${r.id}`}>
                    {t('adm.activity.action.edit')}
                  </RowLink>
                )}
                <RowLink onClick={() => openWithQuery(props.open, `${ACTIVITY_PATHS.enroll}?activityId=${r.id}`)} data-testid={`act-mgr-enroll-${r.id}`}>
                  {t('adm.activity.manager.enrolments')}
                </RowLink>
                {checkinRoute && (
                  <RowLink onClick={() => openWithQuery(props.open, `${checkinRoute.path}?activityId=${r.id}`)} data-testid={`act-mgr-checkin-${r.id}`}>
                    {t('adm.ticket.checkin')}
                  </RowLink>
                )}
                {can.share && (
                  <RowLink onClick={() => void openShare(r)} data-testid={`act-mgr-share-${r.id}`}>
                    {t('adm.activity.manager.share')}
                  </RowLink>
                )}
                {can.department && (
                  <RowLink onClick={() => void openDept(r)} data-testid={`act-mgr-dept-${r.id}`}>
                    {t('adm.activity.manager.department')}
                  </RowLink>
                )}
                {can.notice && (
                  <RowLink onClick={() => setNotice({ id: r.id, title: title(r) })} data-testid={`act-mgr-notice-${r.id}`}>
                    {t('adm.msg.notice.sendBtn')}
                  </RowLink>
                )}
                {can.noticeHistory && (
                  <RowLink onClick={() => setNotices({ id: r.id, title: title(r) })} data-testid={`act-mgr-notices-${r.id}`}>
                    {t('adm.msg.notice.sendHistoryBtn')}
                  </RowLink>
                )}
                {can.delete && (
                  <ConfirmLink
                    confirm={t('adm.activity.manager.deleteConfirm')}
                    onConfirm={() => void act(r.id, () => deleteActivity(r.id), 'adm.activity.manager.deleted')}
                    okTestId="act-mgr-delete-ok"
                    data-testid={`act-mgr-delete-${r.id}`}
                  >
                    {t('adm.activity.action.delete')}
                  </ConfirmLink>
                )}
              </Space>
            ),
          },
        ]}
      />

      <Modal open={!!share} title={t('adm.activity.manager.shareTitle')} footer={null} onCancel={() => setShare(null)} destroyOnHidden data-testid="act-mgr-share-modal">
        {share && (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <Typography.Text strong>{share.title}</Typography.Text>
            <Image src={share.qrDataUrl} width={200} preview={false} alt="QR" data-testid="act-mgr-share-qr" />
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={share.url} data-testid="act-mgr-share-url" />
              <Button type="primary" onClick={() => void copy()} data-testid="act-mgr-share-copy">
                {t('adm.activity.manager.copy')}
              </Button>
            </Space.Compact>
            <Typography.Text type="secondary">{t('adm.activity.manager.shareHint')}</Typography.Text>
          </Space>
        )}
      </Modal>

      <ComposeNotice
        open={!!notice}
        api={activityNotices}
        activity={notice}
        lang={lang}
        onClose={() => setNotice(null)}
        onSent={() => {
          const sent = notice
          setNotice(null)
          // what was sent is what the send history opens on
          if (sent && can.noticeHistory) setNotices(sent)
        }}
      />
      <ActivityNoticesDrawer activity={notices} api={activityNotices} lang={lang} sendButton={ACTIVITY_NOTICE_BUTTONS.send} onClose={() => setNotices(null)} />

      <Modal
        open={!!dept}
        title={t('adm.activity.manager.departmentTitle')}
        onCancel={() => setDept(null)}
        okButtonProps={{ 'data-testid': 'act-mgr-dept-ok' } as React.ComponentProps<typeof Button>}
        onOk={async () => {
          if (!dept) return
          if (await act(dept.item.id, () => setActivityDepartment(dept.item.id, dept.value ?? null))) setDept(null)
        }}
        destroyOnHidden
      >
        {dept && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>{title(dept.item)}</Typography.Text>
            {dept.tree.length ? (
              <TreeSelect
                style={{ width: '100%' }}
                allowClear
                treeDefaultExpandAll
                value={dept.value ?? undefined}
                onChange={(v) => setDept({ ...dept, value: (v as number | undefined) ?? null })}
                treeData={toTree(dept.tree)}
                placeholder={t('adm.activity.manager.departmentNone')}
                data-testid="act-mgr-dept-select"
              />
            ) : (
              <Typography.Text type="secondary">{t('adm.activity.manager.noDepartments')}</Typography.Text>
            )}
          </Space>
        )}
      </Modal>
    </Card>
  )
}
