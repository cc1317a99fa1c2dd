/** A competition's participating projects: the list, removing one, adding others found by name or organisation. */
import React, { useCallback, useEffect, useState } from 'react'
import { Button, Modal, Select, Space, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AdminProjectRow } from '@contracts/admin-competition'
import { competitionProjects, linkProjects, searchProjects, unlinkProject } from '../../api/competition'
import { feedback } from '../../core/feedback'
import { Permission } from '../../core/permission'
import { RowLink } from '../common/row-actions'
import { pick, projectColumns } from './competition-common'

export function CompetitionProjectsModal({ competition, lang, onClose, onChanged }: { competition: { id: number; title: string } | null; lang: 'zh' | 'en'; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation()
  const cid = competition?.id ?? null
  const [rows, setRows] = useState<AdminProjectRow[]>([])
  const [found, setFound] = useState<AdminProjectRow[]>([])
  const [picked, setPicked] = useState<number[]>([])

  const refresh = useCallback(async () => {
    if (!cid) return
    const env = await competitionProjects(cid)
    if (env.code === 200 && env.result) setRows(env.result)
  }, [cid])
  useEffect(() => {
    setRows([])
    setPicked([])
    refresh().catch(() => undefined)
  }, [refresh])

  const search = async (keyword: string) => {
    const env = await searchProjects({ page: 1, pageSize: 20, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) })
    if (env.code === 200 && env.result) setFound(env.result.list)
  }
  const apply = (env: { code: number; result: AdminProjectRow[] | null }) => {
    if (env.code === 200 && env.result) {
      setRows(env.result)
      setPicked([])
      feedback().success(t('adm.competition.action.saved'))
      onChanged()
    }
  }
  const inList = new Set(rows.map((r) => r.id))

  return (
    <Modal open={!!competition} width={1180} footer={null} onCancel={onClose} title={t('adm.competition.projects.title', { title: competition?.title ?? '' })} data-testid="comp-projects-modal">
      <Permission name="link">
        <Space style={{ marginBottom: 12 }}>
          <Select
            mode="multiple"
            style={{ width: 520 }}
            showSearch
            filterOption={false}
            placeholder={t('adm.competition.projects.addPlaceholder')}
            value={picked}
            onChange={(v: number[]) => setPicked(v)}
            onSearch={(k) => void search(k).catch(() => undefined)}
            onFocus={() => void search('').catch(() => undefined)}
            options={found.filter((p) => !inList.has(p.id)).map((p) => ({ value: p.id, label: `${pick(lang, p.titleZh, p.titleEn)} · ${pick(lang, p.organizationNameZh, p.organizationNameEn)}` }))}
            data-testid="comp-projects-pick"
          />
          <Button type="primary" disabled={!picked.length} onClick={() => cid && void linkProjects(cid, picked).then(apply)} data-testid="comp-projects-add">
            {t('adm.competition.projects.add')}
          </Button>
        </Space>
      </Permission>
      <Table<AdminProjectRow>
        rowKey="id"
        size="small"
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('adm.competition.projects.none') }}
        columns={[
          ...projectColumns(t, lang).filter((c) => !['updatedAt', 'fundingSought'].includes(String((c as { dataIndex?: string }).dataIndex))),
          {
            title: t('adm.table.actions'),
            width: 80,
            render: (_, r) => (
              <Permission name="link">
                <RowLink danger onClick={() => cid && void unlinkProject(cid, r.id).then(apply)} data-testid={`comp-projects-unlink-${r.id}`}>
                  {t('adm.competition.projects.unlink')}
                </RowLink>
              </Permission>
            ),
          },
        ]}
      />
    </Modal>
  )
}
