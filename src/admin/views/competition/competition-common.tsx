/** Pieces the competition area's views share: tags, an ordered image list field, the project columns. */
import React from 'react'
import { Button, Space, Tag, Tooltip } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { AdminProjectRow, RequirementKind, RequirementStatus } from '@contracts/admin-competition'
import { ImageUpload } from '../../components/image-upload'
import { pick, type Lang } from '../common/bilingual'
import { formatTime } from '../common/format'
import { moveButtons, moveItem } from '../common/ordered-list'

export { pick }

export function PublishTag({ status }: { status: 'draft' | 'published' }) {
  const { t } = useTranslation()
  return <Tag color={status === 'published' ? 'green' : 'default'}>{t(`adm.competition.status.${status}`)}</Tag>
}

const STATUS_COLOR: Record<RequirementStatus, string> = { open: 'blue', in_progress: 'gold', met: 'green', closed: 'default' }
export function RequirementStatusTag({ status }: { status: RequirementStatus }) {
  const { t } = useTranslation()
  return <Tag color={STATUS_COLOR[status]}>{t(`adm.competition.requirement.statuses.${status}`)}</Tag>
}
export function RequirementKindTag({ kind }: { kind: RequirementKind }) {
  const { t } = useTranslation()
  return <Tag>{t(`adm.competition.requirement.kinds.${kind}`)}</Tag>
}

/**
 * An ordered list of uploaded images as one form value (string[]): banners, attachments. Each slot
 * uploads through ImageUpload; up / down / remove; `max` slots at most.
 */
export function ImageListInput({ value, onChange, max, addLabel, testId }: { value?: string[]; onChange?: (v: string[]) => void; max: number; addLabel: string; testId: string }) {
  const list = value ?? []
  const set = (next: string[]) => onChange?.(next)
  return (
    <Space wrap align="start" data-testid={testId}>
      {list.map((url, i) => (
        <Space key={`${i}-${url}`} direction="vertical" align="center" size={4}>
          <ImageUpload value={url} onChange={(u) => set(u ? list.map((x, j) => (j === i ? u : x)) : list.filter((_, j) => j !== i))} data-testid={`${testId}-${i}`} />
          <Space size={0}>
            {moveButtons(i, list.length, (delta) => set(moveItem(list, i, delta)))}
            <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => set(list.filter((_, j) => j !== i))} aria-label="remove" />
          </Space>
        </Space>
      ))}
      {list.length < max ? (
        <NewImageSlot label={addLabel} onAdd={(u) => set([...list, u])} testId={`${testId}-new`} />
      ) : null}
    </Space>
  )
}

function NewImageSlot({ label, onAdd, testId }: { label: string; onAdd(url: string): void; testId: string }) {
  return (
    <Tooltip title={label}>
      <span>
        <ImageUpload value={null} onChange={(u) => u && onAdd(u)} data-testid={testId} />
      </span>
    </Tooltip>
  )
}

export const AddIcon = PlusOutlined

/** the columns of a project table (project list, project search, participating projects) */
export function projectColumns(t: (k: string, o?: Record<string, unknown>) => string, lang: Lang): ColumnsType<AdminProjectRow> {
  return [
    { title: t('adm.table.id'), dataIndex: 'id', width: 70 },
    {
      title: t('adm.competition.project.name'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span data-testid={`project-title-${r.id}`}>{pick(lang, r.titleZh, r.titleEn)}</span>
          {r.sourceEnrollmentId ? <Tag color="purple">{t('adm.competition.project.synced', { id: r.sourceEnrollmentId })}</Tag> : null}
        </Space>
      ),
    },
    { title: t('adm.competition.project.organization'), width: 160, render: (_, r) => pick(lang, r.organizationNameZh, r.organizationNameEn) },
    { title: t('adm.competition.project.field'), width: 120, render: (_, r) => pick(lang, r.fieldNameZh, r.fieldNameEn) },
    { title: t('adm.competition.project.stage'), width: 100, render: (_, r) => pick(lang, r.stageZh, r.stageEn) || '—' },
    { title: t('adm.competition.project.funding'), dataIndex: 'fundingSought', width: 120, render: (v) => v || '—' },
    {
      title: t('adm.competition.project.competitions'),
      width: 180,
      render: (_, r) => (r.competitions.length ? r.competitions.map((c) => <Tag key={c.id}>{pick(lang, c.titleZh, c.titleEn)}</Tag>) : '—'),
    },
    { title: t('adm.competition.project.openRequirements'), dataIndex: 'openRequirementCount', width: 90 },
    { title: t('adm.competition.project.visits'), dataIndex: 'visitCount', width: 70 },
    { title: t('adm.table.status'), dataIndex: 'status', width: 90, render: (s) => <PublishTag status={s} /> },
    { title: t('adm.competition.field.updatedAt'), dataIndex: 'updatedAt', width: 140, render: (v) => formatTime(v) },
  ]
}
