/**
 * Requirement tracking: the list (project, status, kind, overdue-only, keyword; overdue rows stand out),
 * add / edit, status changes (open → in progress → met or closed, with a note; recorded with who and
 * when), the status history, delete. Used by the requirements view and inside a project's drawer.
 */
import React, { useCallback, useEffect, useState } from 'react'
import { Button, Checkbox, DatePicker, Form, Input, Modal, Select, Space, Tag, Timeline, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import {
  REQUIREMENT_KINDS,
  REQUIREMENT_NEXT,
  REQUIREMENT_STATUSES,
  type AdminProjectRow,
  type AdminRequirementInput,
  type AdminRequirementRow,
  type RequirementHistoryItem,
  type RequirementStatus,
} from '@contracts/admin-competition'
import { deleteRequirement, listProjects, listRequirements, requirementHistory, saveRequirement, setRequirementStatus } from '../../api/competition'
import { BilingualInput } from '../../components/bilingual-input'
import { feedback } from '../../core/feedback'
import { Permission } from '../../core/permission'
import { FormModal } from '../common/form-dialogs'
import { ListTable } from '../common/list-table'
import { FilterSelect, KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { ConfirmLink, RowLink } from '../common/row-actions'
import { useBusy } from '../common/use-busy'
import { useLoaded } from '../common/use-loaded'
import { useTableList } from '../common/use-table-list'
import { formatTime } from '../common/format'
import { RequirementKindTag, RequirementStatusTag, pick } from './competition-common'

/** the saved fields, with the due date as the date picker holds it */
type EditValues = Omit<AdminRequirementInput, 'dueDate'> & { dueDate?: Dayjs | null }

/** the projects a requirement or visit may be filed under (the caller's scope), once */
export function useProjectChoices(): AdminProjectRow[] {
  const load = useCallback(async () => {
    const env = await listProjects({ page: 1, pageSize: 100 })
    return env.code === 200 ? env.result?.list ?? [] : null
  }, [])
  return useLoaded(load) ?? []
}

function RequirementModal({ row, projectId, projects, lang, onClose, onSaved }: { row: AdminRequirementRow | 'new' | null; projectId?: number; projects: AdminProjectRow[]; lang: 'zh' | 'en'; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<EditValues>()
  const [saving, whileSaving] = useBusy()
  const editing = row && row !== 'new' ? row : null
  const submit = async () => {
    const v = await form.validateFields()
    await whileSaving(async () => {
      const env = await saveRequirement({ ...(editing ? { id: editing.id } : {}), ...v, dueDate: v.dueDate ? v.dueDate.format('YYYY-MM-DD') : null })
      if (env.code === 200) {
        feedback().success(t('adm.competition.action.saved'))
        onSaved()
      }
    })
  }
  return (
    <FormModal
      open={!!row}
      width={760}
      destroyOnClose
      title={editing ? t('adm.competition.requirement.edit') : t('adm.competition.requirement.add')}
      onCancel={onClose}
      onSave={() => void submit().catch((e) => console.warn('[admin] requirement save failed', e))}
      saving={saving}
      saveTestId="req-save"
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={editing ? { ...editing, dueDate: editing.dueDate ? dayjs(editing.dueDate) : null } : { kind: 'funding', projectId }}
      >
        <Form.Item name="projectId" label={t('adm.competition.requirement.project')} rules={[{ required: true, message: t('adm.competition.validate.required') }]}>
          <Select
            disabled={!!editing || !!projectId}
            showSearch
            optionFilterProp="label"
            options={projects.map((p) => ({ value: p.id, label: pick(lang, p.titleZh, p.titleEn) }))}
            data-testid="req-project"
          />
        </Form.Item>
        <Space size={16} align="start" wrap>
          <Form.Item name="kind" label={t('adm.competition.requirement.kind')} style={{ width: 200 }}>
            <Select options={REQUIREMENT_KINDS.map((k) => ({ value: k, label: t(`adm.competition.requirement.kinds.${k}`) }))} data-testid="req-kind" />
          </Form.Item>
          <Form.Item name="owner" label={t('adm.competition.requirement.owner')} style={{ width: 220 }}>
            <Input maxLength={100} data-testid="req-owner" />
          </Form.Item>
          <Form.Item name="dueDate" label={t('adm.competition.requirement.dueDate')}>
            <DatePicker data-testid="req-due" />
          </Form.Item>
        </Space>
        <BilingualInput names={['titleZh', 'titleEn']} label={t('adm.competition.requirement.name')} required maxLength={200} testId="req-title" />
        <BilingualInput names={['descriptionZh', 'descriptionEn']} label={t('adm.competition.requirement.description')} textarea rows={3} maxLength={2000} />
      </Form>
    </FormModal>
  )
}

function StatusModal({ row, lang, onClose, onSaved }: { row: AdminRequirementRow | null; lang: 'zh' | 'en'; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ status: RequirementStatus; note?: string }>()
  const [saving, whileSaving] = useBusy()
  const next = row ? REQUIREMENT_NEXT[row.status] : []
  const submit = async () => {
    const v = await form.validateFields()
    if (!row) return
    await whileSaving(async () => {
      if ((await setRequirementStatus(row.id, v.status, v.note)).code === 200) {
        feedback().success(t('adm.competition.action.saved'))
        onSaved()
      }
    })
  }
  return (
    <FormModal
      open={!!row}
      destroyOnClose
      title={`${t('adm.competition.requirement.changeStatus')} · ${row ? pick(lang, row.titleZh, row.titleEn) : ''}`}
      onCancel={onClose}
      onSave={() => void submit().catch(() => undefined)}
      saving={saving}
      saveTestId="req-status-save"
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ status: next[0] }}>
        <Form.Item name="status" label={t('adm.competition.requirement.to')} rules={[{ required: true, message: t('adm.competition.validate.required') }]}>
          <Select options={next.map((s) => ({ value: s, label: t(`adm.competition.requirement.statuses.${s}`) }))} data-testid="req-status-to" />
        </Form.Item>
        <Form.Item name="note" label={t('adm.competition.requirement.note')}>
          <Input.TextArea rows={2} maxLength={500} data-testid="req-status-note" />
        </Form.Item>
      </Form>
    </FormModal>
  )
}

function HistoryModal({ row, lang, onClose }: { row: AdminRequirementRow | null; lang: 'zh' | 'en'; onClose(): void }) {
  const { t } = useTranslation()
  const [items, setItems] = useState<RequirementHistoryItem[]>([])
  useEffect(() => {
    setItems([])
    if (!row) return
    let alive = true
    requirementHistory(row.id)
      .then((env) => alive && env.code === 200 && env.result && setItems(env.result))
      .catch(() => undefined)
    return () => {
      alive = false
    }
  }, [row])
  return (
    <Modal open={!!row} footer={null} onCancel={onClose} destroyOnClose title={t('adm.competition.requirement.historyTitle', { title: row ? pick(lang, row.titleZh, row.titleEn) : '' })} data-testid="req-history">
      <Timeline
        style={{ marginTop: 16 }}
        items={items.map((h) => ({
          color: h.toStatus === 'met' ? 'green' : h.toStatus === 'closed' ? 'gray' : 'blue',
          children: (
            <Space direction="vertical" size={0}>
              <Space>
                {h.fromStatus ? <RequirementStatusTag status={h.fromStatus} /> : null}
                {h.fromStatus ? '→' : null}
                <RequirementStatusTag status={h.toStatus} />
              </Space>
              <Typography.Text type="secondary">{t('adm.competition.requirement.changedBy', { by: h.changedBy || '—', at: formatTime(h.changedAt) })}</Typography.Text>
              {h.note ? <Typography.Text>{h.note}</Typography.Text> : null}
            </Space>
          ),
        }))}
      />
    </Modal>
  )
}

export function RequirementPanel({ lang, projectId }: { lang: 'zh' | 'en'; projectId?: number }) {
  const { t } = useTranslation()
  const q = useTableList<AdminRequirementRow>(listRequirements, projectId ? { projectId } : {})
  const projects = useProjectChoices()
  const [editing, setEditing] = useState<AdminRequirementRow | 'new' | null>(null)
  const [changing, setChanging] = useState<AdminRequirementRow | null>(null)
  const [historyOf, setHistoryOf] = useState<AdminRequirementRow | null>(null)
  const remove = async (id: number) => {
    if ((await deleteRequirement(id)).code === 200) {
      feedback().success(t('adm.competition.action.deleted'))
      q.reload()
    }
  }
  const saved = () => {
    setEditing(null)
    setChanging(null)
    q.reload()
  }

  return (
    <>
      <ListToolbar
        actions={
          <Permission name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="req-add">
              {t('adm.competition.requirement.add')}
            </Button>
          </Permission>
        }
      >
        {projectId ? null : (
          <FilterSelect list={q} name="projectId" width={220} all={t('adm.competition.requirement.allProjects')} options={projects.map((p) => ({ value: p.id, label: pick(lang, p.titleZh, p.titleEn) }))} testId="req-filter-project" />
        )}
        <FilterSelect list={q} name="status" all={t('adm.competition.requirement.allStatuses')} options={REQUIREMENT_STATUSES.map((s) => ({ value: s, label: t(`adm.competition.requirement.statuses.${s}`) }))} testId="req-filter-status" />
        <FilterSelect list={q} name="kind" all={t('adm.competition.requirement.allKinds')} options={REQUIREMENT_KINDS.map((k) => ({ value: k, label: t(`adm.competition.requirement.kinds.${k}`) }))} testId="req-filter-kind" />
        <Checkbox checked={q.filters.overdue === true} onChange={(e) => q.setFilters({ overdue: e.target.checked ? true : undefined })} data-testid="req-filter-overdue">
          {t('adm.competition.requirement.overdueOnly')}
        </Checkbox>
        <KeywordSearch list={q} placeholder={t('adm.competition.requirement.keyword')} testId="req-search" style={{ width: 260 }} />
      </ListToolbar>
      <ListTable<AdminRequirementRow>
        list={q}
        sort={false}
        data-testid="req-table"
        scroll={{ x: 1100 }}
        // overdue requirements stand out: a red band on the row and a tag by the due date
        onRow={(r) => (r.overdue ? { style: { background: '#fff1f0' }, 'data-overdue': 'true' } as React.HTMLAttributes<HTMLElement> : {})}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', width: 64 },
          ...(projectId ? [] : [{ title: t('adm.competition.requirement.project'), width: 180, render: (_: unknown, r: AdminRequirementRow) => pick(lang, r.projectTitleZh, r.projectTitleEn) }]),
          { title: t('adm.competition.requirement.kind'), dataIndex: 'kind', width: 90, render: (k) => <RequirementKindTag kind={k} /> },
          { title: t('adm.competition.requirement.name'), width: 220, render: (_, r) => <span data-testid={`req-title-${r.id}`}>{pick(lang, r.titleZh, r.titleEn)}</span> },
          { title: t('adm.competition.requirement.owner'), dataIndex: 'owner', width: 110, render: (v) => v || '—' },
          {
            title: t('adm.competition.requirement.dueDate'),
            dataIndex: 'dueDate',
            width: 150,
            render: (v, r) => (
              <Space size={4}>
                <span>{v || '—'}</span>
                {r.overdue ? <Tag color="red" data-testid={`req-overdue-${r.id}`}>{t('adm.competition.requirement.overdue')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('adm.competition.requirement.status'),
            width: 170,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span data-testid={`req-status-${r.id}`}>
                  <RequirementStatusTag status={r.status} />
                </span>
                {r.statusChangedAt ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('adm.competition.requirement.changedBy', { by: r.statusChangedBy || '—', at: formatTime(r.statusChangedAt) })}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            title: t('adm.table.actions'),
            width: 250,
            fixed: 'right',
            render: (_, r) => (
              <Space size={0} wrap>
                <Permission name="edit">
                  <RowLink onClick={() => setEditing(r)} data-testid={`req-edit-${r.id}`}>
                    {t('adm.competition.action.edit')}
                  </RowLink>
                </Permission>
                <Permission name="status">
                  <RowLink disabled={!REQUIREMENT_NEXT[r.status].length} title={REQUIREMENT_NEXT[r.status].length ? undefined : t('adm.competition.requirement.final')} onClick={() => setChanging(r)} data-testid={`req-change-${r.id}`}>
                    {t('adm.competition.requirement.changeStatus')}
                  </RowLink>
                </Permission>
                <RowLink onClick={() => setHistoryOf(r)} data-testid={`req-history-${r.id}`}>
                  {t('adm.competition.requirement.history')}
                </RowLink>
                <Permission name="delete">
                  <ConfirmLink confirm={t('adm.competition.action.deleteConfirm')} onConfirm={() => remove(r.id)} data-testid={`req-delete-${r.id}`}>
                    {t('adm.competition.action.delete')}
                  </ConfirmLink>
                </Permission>
              </Space>
            ),
          },
        ]}
      />
      <RequirementModal row={editing} projectId={projectId} projects={projects} lang={lang} onClose={() => setEditing(null)} onSaved={saved} />
      <StatusModal row={changing} lang={lang} onClose={() => setChanging(null)} onSaved={saved} />
      <HistoryModal row={historyOf} lang={lang} onClose={() => setHistoryOf(null)} />
    </>
  )
}
