/**
 * 'competition/list' (Competition › Competitions & parks, operations): kind / status filters, keyword,
 * sortable start and update times, paging; add / edit in the drawer (banners required), link activities
 * (select-item dialog, 626 when one is in another competition), participating projects, share link and
 * QR code, publish / unpublish, delete.
 */
import React, { useState } from 'react'
import { Image, Input, Modal, Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { COMPETITION_KINDS, type AdminCompetitionRow } from '@contracts/admin-competition'
import { competitionShare, deleteCompetition, listCompetitions, publishCompetition } from '../../api/competition'
import { feedback } from '../../core/feedback'
import { Permission } from '../../core/permission'
import { ListCard } from '../common/list-card'
import { FilterSelect, KeywordSearch } from '../common/list-toolbar'
import { ConfirmLink, RowLink, actionsColumn } from '../common/row-actions'
import { useEditing } from '../common/use-editing'
import { useTableList } from '../common/use-table-list'
import { formatTime } from '../common/format'
import type { ViewProps } from '../view-props'
import { ActivityLinkModal } from './activity-link-modal'
import { CompetitionDrawer } from './competition-drawer'
import { CompetitionProjectsModal } from './competition-projects-modal'
import { PublishTag, pick } from './competition-common'

export default function CompetitionListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<AdminCompetitionRow>(listCompetitions)
  const { editing, edit, close, saved } = useEditing<{ id: number | null }>(q.reload)
  const [linking, setLinking] = useState<{ id: number; title: string } | null>(null)
  const [projectsOf, setProjectsOf] = useState<{ id: number; title: string } | null>(null)
  const [share, setShare] = useState<{ url: string; qrDataUrl: string } | null>(null)

  const publish = async (r: AdminCompetitionRow) => {
    const on = r.status !== 'published'
    if ((await publishCompetition(r.id, on)).code === 200) {
      feedback().success(t(on ? 'adm.competition.action.published' : 'adm.competition.action.unpublished'))
      q.reload()
    }
  }
  const remove = async (id: number) => {
    if ((await deleteCompetition(id)).code === 200) {
      feedback().success(t('adm.competition.action.deleted'))
      q.reload()
    }
  }
  const openShare = async (id: number) => {
    const env = await competitionShare(id)
    if (env.code === 200 && env.result) setShare(env.result)
  }

  return (
    <ListCard<AdminCompetitionRow>
      title={t('adm.competition.title')}
      add={{ label: t('adm.competition.action.add'), onClick: () => edit({ id: null }), testId: 'comp-add' }}
      filters={
        <>
          <FilterSelect list={q} name="kind" all={t('adm.competition.kind.all')} options={COMPETITION_KINDS.map((k) => ({ value: k, label: t(`adm.competition.kind.${k}`) }))} testId="comp-filter-kind" />
          <FilterSelect list={q} name="status" all={t('adm.competition.status.all')} options={(['published', 'draft'] as const).map((s) => ({ value: s, label: t(`adm.competition.status.${s}`) }))} testId="comp-filter-status" />
          <KeywordSearch list={q} placeholder={t('adm.competition.field.title')} testId="comp-search" style={{ width: 300 }} />
        </>
      }
      table={{
        list: q,
        sort: { order: 'antd' },
        'data-testid': 'comp-table',
        scroll: { x: 1560 },
        columns: [
          { title: t('adm.table.id'), dataIndex: 'id', key: 'id', width: 70, sorter: true },
          { title: t('adm.competition.kind.label'), dataIndex: 'kind', width: 100, render: (k) => <Tag color={k === 'park' ? 'cyan' : 'magenta'}>{t(`adm.competition.kind.${k}`)}</Tag> },
          { title: t('adm.competition.field.title'), width: 260, render: (_, r) => <span data-testid={`comp-row-title-${r.id}`}>{pick(lang, r.titleZh, r.titleEn)}</span> },
          { title: t('adm.competition.field.start'), dataIndex: 'startTime', key: 'startTime', width: 140, sorter: true, render: (v) => formatTime(v) },
          { title: t('adm.competition.field.end'), dataIndex: 'endTime', width: 140, render: (v) => formatTime(v) },
          { title: t('adm.competition.field.bannerCount'), dataIndex: 'bannerCount', width: 70 },
          { title: t('adm.competition.field.activityCount'), dataIndex: 'activityCount', width: 70 },
          { title: t('adm.competition.field.projectCount'), dataIndex: 'projectCount', width: 70 },
          { title: t('adm.table.status'), dataIndex: 'status', width: 90, render: (s) => <PublishTag status={s} /> },
          { title: t('adm.competition.field.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 140, sorter: true, render: (v) => formatTime(v) },
          actionsColumn<AdminCompetitionRow>(t('adm.table.actions'), 300, (r) => {
            const title = pick(lang, r.titleZh, r.titleEn)
            return (
              <>
                <Permission name="edit">
                  <RowLink onClick={() => edit({ id: r.id })} data-testid={`comp-edit-${r.id}`}>
                    {t('adm.competition.action.edit')}
                  </RowLink>
                </Permission>
                <Permission name="link">
                  <RowLink onClick={() => setLinking({ id: r.id, title })} data-testid={`comp-link-${r.id}`}>
                    {t('adm.competition.action.activities')}
                  </RowLink>
                </Permission>
                <RowLink onClick={() => setProjectsOf({ id: r.id, title })} data-testid={`comp-projects-${r.id}`}>
                  {t('adm.competition.action.projects')}
                </RowLink>
                <Permission name="share">
                  <RowLink onClick={() => void openShare(r.id)} data-testid={`comp-share-${r.id}`}>
                    {t('adm.competition.action.share')}
                  </RowLink>
                </Permission>
                <Permission name="publish">
                  <RowLink onClick={() => void publish(r)} data-testid={`comp-publish-${r.id}`}>
                    {r.status === 'published' ? t('adm.competition.action.unpublish') : t('adm.competition.action.publish')}
                  </RowLink>
                </Permission>
                <Permission name="delete">
                  <ConfirmLink confirm={t('adm.competition.action.deleteConfirm')} onConfirm={() => remove(r.id)} data-testid={`comp-delete-${r.id}`}>
                    {t('adm.competition.action.delete')}
                  </ConfirmLink>
                </Permission>
              </>
            )
          }),
        ],
      }}
    >
      <CompetitionDrawer id={editing?.id ?? null} open={!!editing} onClose={close} onSaved={saved} />
      <ActivityLinkModal competition={linking} lang={lang} onClose={() => setLinking(null)} onChanged={q.reload} />
      <CompetitionProjectsModal competition={projectsOf} lang={lang} onClose={() => setProjectsOf(null)} onChanged={q.reload} />
      <Modal open={!!share} footer={null} onCancel={() => setShare(null)} title={t('adm.competition.share.title')} data-testid="comp-share-modal">
        {share ? (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <Image src={share.qrDataUrl} width={200} preview={false} alt="QR" />
            <Typography.Text type="secondary">{t('adm.competition.share.link')}</Typography.Text>
            <Input readOnly value={share.url} data-testid="comp-share-url" addonAfter={<Typography.Text copyable={{ text: share.url }} />} />
          </Space>
        ) : null}
      </Modal>
    </ListCard>
  )
}
