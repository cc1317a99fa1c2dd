/**
 * Visit records: the list (project, keyword) newest first, add / edit (date and time entered in the
 * visit's own time zone, visitors, the organisation visited, the requirements it concerned, notes,
 * outcome, next step with a date, attachments), delete; and a project's visit timeline.
 */
import React, { useEffect, useState } from 'react'
import { Alert, Button, Col, DatePicker, Drawer, Empty, Form, Input, Row, Select, Space, Tag, Timeline, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { TIME_ZONES } from '@contracts/admin-activity'
import { COMPETITION_LIMITS, type AdminRequirementRow, type AdminVisitInput, type AdminVisitRow } from '@contracts/admin-competition'
import { deleteVisit, listRequirements, listVisits, projectOptions, saveVisit } from '../../api/competition'
import { feedback } from '../../core/feedback'
import { Permission } from '../../core/permission'
import { FormModal } from '../common/form-dialogs'
import { ListTable } from '../common/list-table'
import { FilterSelect, KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { ConfirmLink, RowLink } from '../common/row-actions'
import { useBusy } from '../common/use-busy'
import { useLoaded } from '../common/use-loaded'
import { useTableList } from '../common/use-table-list'
import { formatInZone, fromZonedIso, toZonedIso } from '../activity/time'
import { ImageListInput, RequirementStatusTag, pick } from './competition-common'
import { useProjectChoices } from './requirement-panel'

/** the saved fields, with the visit's time and the next step's date as the date pickers hold them */
type Values = Omit<AdminVisitInput, 'visitedAt' | 'nextStepDate'> & { visitedAt: Dayjs | null; nextStepDate?: Dayjs | null }

function VisitModal({ row, lang, onClose, onSaved }: { row: AdminVisitRow | 'new' | null; lang: 'zh' | 'en'; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [saving, whileSaving] = useBusy()
  const projects = useProjectChoices()
  // any organisation may be the one visited (a park's tenant, a partner): every one the caller may name
  const options = useLoaded(projectOptions, !!row)
  const editing = row && row !== 'new' ? row : null
  const projectId = Form.useWatch('projectId', form)
  const [requirements, setRequirements] = useState<AdminRequirementRow[]>([])
  useEffect(() => {
    setRequirements([])
    if (!projectId) return
    let alive = true
    listRequirements({ projectId, page: 1, pageSize: 100 })
      .then((env) => alive && env.code === 200 && env.result && setRequirements(env.result.list))
      .catch(() => undefined)
    return () => {
      alive = false
    }
  }, [projectId])

  const submit = async () => {
    const v = await form.validateFields()
    await whileSaving(async () => {
      const env = await saveVisit({
        ...(editing ? { id: editing.id } : {}),
        projectId: v.projectId,
        visitedAt: toZonedIso(v.visitedAt, v.timeZone) ?? '',
        timeZone: v.timeZone,
        visitors: v.visitors,
        visitedOrganizationId: v.visitedOrganizationId ?? null,
        requirementIds: v.requirementIds ?? [],
        notes: v.notes ?? '',
        outcome: v.outcome ?? '',
        nextStep: v.nextStep ?? '',
        nextStepDate: v.nextStepDate ? v.nextStepDate.format('YYYY-MM-DD') : null,
        attachments: v.attachments ?? [],
      })
      if (env.code === 200) {
        feedback().success(t('adm.competition.action.saved'))
        onSaved()
      }
    })
  }
  const required = [{ required: true, message: t('adm.competition.validate.required') }]
  return (
    <FormModal
      open={!!row}
      width={860}
      destroyOnClose
      title={editing ? t('adm.competition.visit.edit') : t('adm.competition.visit.add')}
      onCancel={onClose}
      onSave={() => void submit().catch((e) => console.warn('[admin] visit save failed', e))}
      saving={saving}
      saveTestId="visit-save"
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('adm.competition.visit.internal')} />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          editing
            ? {
                ...editing,
                visitedAt: fromZonedIso(editing.visitedAt, editing.timeZone),
                nextStepDate: editing.nextStepDate ? dayjs(editing.nextStepDate) : null,
              }
            : { timeZone: 'UTC+08:00', attachments: [], requirementIds: [] }
        }
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="projectId" label={t('adm.competition.visit.project')} rules={required}>
              <Select disabled={!!editing} showSearch optionFilterProp="label" options={projects.map((p) => ({ value: p.id, label: pick(lang, p.titleZh, p.titleEn) }))} data-testid="visit-project" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="visitedOrganizationId" label={t('adm.competition.visit.organization')}>
              <Select allowClear showSearch optionFilterProp="label" options={(options?.organizations ?? []).map((o) => ({ value: o.id, label: pick(lang, o.nameZh, o.nameEn) }))} data-testid="visit-org" />
            </Form.Item>
          </Col>
        </Row>
        <Space size={16} align="start" wrap>
          <Form.Item name="visitedAt" label={t('adm.competition.visit.visitedAt')} rules={required}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" data-testid="visit-at" />
          </Form.Item>
          <Form.Item name="timeZone" label={t('adm.competition.visit.timeZone')} rules={required} style={{ width: 160 }}>
            <Select options={TIME_ZONES.map((z) => ({ value: z, label: z }))} data-testid="visit-tz" />
          </Form.Item>
          <Form.Item name="nextStepDate" label={t('adm.competition.visit.nextStepDate')}>
            <DatePicker data-testid="visit-next-date" />
          </Form.Item>
        </Space>
        <Form.Item name="visitors" label={t('adm.competition.visit.visitors')} rules={[{ required: true, whitespace: true, message: t('adm.competition.validate.required') }]}>
          <Input maxLength={500} placeholder={t('adm.competition.visit.visitorsPlaceholder')} data-testid="visit-visitors" />
        </Form.Item>
        <Form.Item name="requirementIds" label={t('adm.competition.visit.requirements')}>
          <Select mode="multiple" optionFilterProp="label" options={requirements.map((r) => ({ value: r.id, label: pick(lang, r.titleZh, r.titleEn) }))} data-testid="visit-requirements" />
        </Form.Item>
        <Form.Item name="notes" label={t('adm.competition.visit.notes')}>
          <Input.TextArea rows={3} maxLength={5000} data-testid="visit-notes" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="outcome" label={t('adm.competition.visit.outcome')}>
              <Input.TextArea rows={2} maxLength={2000} data-testid="visit-outcome" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nextStep" label={t('adm.competition.visit.nextStep')}>
              <Input.TextArea rows={2} maxLength={1000} data-testid="visit-next" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="attachments" label={t('adm.competition.visit.attachments')} extra={t('adm.competition.project.attachmentsHint')}>
          <ImageListInput max={COMPETITION_LIMITS.attachments} addLabel={t('adm.competition.project.addAttachment')} testId="visit-attachments" />
        </Form.Item>
      </Form>
    </FormModal>
  )
}

export function VisitPanel({ lang }: { lang: 'zh' | 'en' }) {
  const { t } = useTranslation()
  const q = useTableList<AdminVisitRow>(listVisits)
  const projects = useProjectChoices()
  const [editing, setEditing] = useState<AdminVisitRow | 'new' | null>(null)
  const remove = async (id: number) => {
    if ((await deleteVisit(id)).code === 200) {
      feedback().success(t('adm.competition.action.deleted'))
      q.reload()
    }
  }
  return (
    <>
      <ListToolbar
        actions={
          <Permission name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="visit-add">
              {t('adm.competition.visit.add')}
            </Button>
          </Permission>
        }
      >
        <FilterSelect list={q} name="projectId" width={220} all={t('adm.competition.requirement.allProjects')} options={projects.map((p) => ({ value: p.id, label: pick(lang, p.titleZh, p.titleEn) }))} testId="visit-filter-project" />
        <KeywordSearch list={q} placeholder={t('adm.competition.visit.keyword')} testId="visit-search" style={{ width: 260 }} />
      </ListToolbar>
      <ListTable<AdminVisitRow>
        list={q}
        sort={false}
        data-testid="visit-table"
        scroll={{ x: 1560 }}
        columns={[
          { title: t('adm.competition.visit.visitedAt'), width: 190, render: (_, r) => formatInZone(r.visitedAt, r.timeZone) },
          { title: t('adm.competition.visit.project'), width: 180, render: (_, r) => pick(lang, r.projectTitleZh, r.projectTitleEn) },
          { title: t('adm.competition.visit.visitors'), dataIndex: 'visitors', width: 160 },
          { title: t('adm.competition.visit.organization'), width: 150, render: (_, r) => pick(lang, r.visitedOrganizationNameZh, r.visitedOrganizationNameEn) || '—' },
          { title: t('adm.competition.visit.requirements'), width: 180, render: (_, r) => (r.requirements.length ? r.requirements.map((x) => <Tag key={x.id}>{pick(lang, x.titleZh, x.titleEn)}</Tag>) : '—') },
          { title: t('adm.competition.visit.outcome'), dataIndex: 'outcome', width: 260, render: (v) => v || '—' },
          { title: t('adm.competition.visit.nextStep'), width: 180, render: (_, r) => (r.nextStep ? `${r.nextStep}${r.nextStepDate ? ` (${r.nextStepDate})` : ''}` : '—') },
          {
            title: t('adm.table.actions'),
            width: 130,
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Permission name="edit">
                  <RowLink onClick={() => setEditing(r)} data-testid={`visit-edit-${r.id}`}>
                    {t('adm.competition.action.edit')}
                  </RowLink>
                </Permission>
                <Permission name="delete">
                  <ConfirmLink confirm={t('adm.competition.action.deleteConfirm')} onConfirm={() => remove(r.id)} data-testid={`visit-delete-${r.id}`}>
                    {t('adm.competition.action.delete')}
                  </ConfirmLink>
                </Permission>
              </Space>
            ),
          },
        ]}
      />
      <VisitModal
        row={editing}
        lang={lang}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
          q.reload()
        }}
      />
    </>
  )
}

/** a project's visits as a timeline, newest first */
export function VisitTimelineDrawer({ project, lang, onClose }: { project: { id: number; title: string } | null; lang: 'zh' | 'en'; onClose(): void }) {
  const { t } = useTranslation()
  const [visits, setVisits] = useState<AdminVisitRow[] | null>(null)
  useEffect(() => {
    setVisits(null)
    if (!project) return
    let alive = true
    listVisits({ projectId: project.id, page: 1, pageSize: 100 })
      .then((env) => alive && env.code === 200 && env.result && setVisits(env.result.list))
      .catch(() => undefined)
    return () => {
      alive = false
    }
  }, [project])
  return (
    <Drawer open={!!project} width={640} onClose={onClose} title={t('adm.competition.project.timeline', { title: project?.title ?? '' })} data-testid="project-timeline">
      {visits && !visits.length ? <Empty description={t('adm.competition.project.noVisit')} /> : null}
      <Timeline
        items={(visits ?? []).map((v) => ({
          children: (
            <Space direction="vertical" size={2} data-testid={`timeline-visit-${v.id}`}>
              <Typography.Text strong>{formatInZone(v.visitedAt, v.timeZone)}</Typography.Text>
              <Typography.Text>
                {v.visitors}
                {v.visitedOrganizationId ? ` → ${pick(lang, v.visitedOrganizationNameZh, v.visitedOrganizationNameEn)}` : ''}
              </Typography.Text>
              {v.requirements.length ? (
                <Space size={4} wrap>
                  {v.requirements.map((r) => (
                    <Space key={r.id} size={2}>
                      <Tag>{pick(lang, r.titleZh, r.titleEn)}</Tag>
                      <RequirementStatusTag status={r.status} />
                    </Space>
                  ))}
                </Space>
              ) : null}
              {v.notes ? <Typography.Paragraph style={{ margin: 0 }}>{v.notes}</Typography.Paragraph> : null}
              {v.outcome ? <Typography.Text type="success">{`${t('adm.competition.visit.outcome')}: ${v.outcome}`}</Typography.Text> : null}
              {v.nextStep ? <Typography.Text type="warning">{`${t('adm.competition.visit.nextStep')}: ${v.nextStep}${v.nextStepDate ? ` (${v.nextStepDate})` : ''}`}</Typography.Text> : null}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('adm.competition.visit.by', { by: v.createdBy || '—' })}</Typography.Text>
            </Space>
          ),
        }))}
      />
    </Drawer>
  )
}
