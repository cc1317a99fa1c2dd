/**
 * The select-item dialog of a competition's activities: on the left every activity (keyword, paging,
 * several ticked at once; one already in another competition cannot be ticked — the server would answer
 * 626), on the right the linked ones in their order (up / down, unlink, save order).
 */
import React, { useCallback, useEffect, useState } from 'react'
import { Alert, Button, Modal, Space, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ActivityCandidate, AdminLinkedActivity } from '@contracts/admin-competition'
import { linkActivities, linkedActivities, listActivityCandidates, orderActivities, unlinkActivity } from '../../api/competition'
import { feedback } from '../../core/feedback'
import { ListTable } from '../common/list-table'
import { KeywordSearch } from '../common/list-toolbar'
import { useTableList } from '../common/use-table-list'
import { formatTime } from '../common/format'
import { OrderedList } from '../common/ordered-list'
import { pick } from './competition-common'

export function ActivityLinkModal({ competition, lang, onClose, onChanged }: { competition: { id: number; title: string } | null; lang: 'zh' | 'en'; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation()
  const [linked, setLinked] = useState<AdminLinkedActivity[]>([])
  const [ticked, setTicked] = useState<number[]>([])
  const [busy, setBusy] = useState(false)
  const q = useTableList<ActivityCandidate>(competition ? listActivityCandidates : null, {}, 8)
  const cid = competition?.id ?? null

  const refresh = useCallback(async () => {
    if (!cid) return
    const env = await linkedActivities(cid)
    if (env.code === 200 && env.result) setLinked(env.result)
  }, [cid])
  useEffect(() => {
    setLinked([])
    setTicked([])
    refresh().catch(() => undefined)
  }, [refresh])

  const run = async (call: () => Promise<{ code: number; result: AdminLinkedActivity[] | null }>, ok: string) => {
    setBusy(true)
    try {
      const env = await call()
      if (env.code === 200 && env.result) {
        setLinked(env.result)
        setTicked([])
        feedback().success(ok)
        q.reload()
        onChanged()
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open={!!competition} width={1180} footer={null} onCancel={onClose} title={t('adm.competition.link.title', { title: competition?.title ?? '' })} data-testid="comp-link-modal">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('adm.competition.link.help')} />
      <div style={{ display: 'flex', gap: 16 }}>
        <div style={{ flex: 3, minWidth: 0 }}>
          <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }} wrap>
            <KeywordSearch list={q} placeholder={t('adm.competition.link.keyword')} button={false} style={{ width: 320 }} testId="comp-link-search" />
            <Button
              type="primary"
              disabled={!ticked.length}
              loading={busy}
              onClick={() => cid && void run(() => linkActivities(cid, ticked), t('adm.competition.action.saved'))}
              data-testid="comp-link-submit"
            >
              {t('adm.competition.link.linkSelected', { n: ticked.length })}
            </Button>
          </Space>
          <ListTable<ActivityCandidate>
            list={q}
            sort={false}
            size="small"
            pagination={{ ...q.pagination, showSizeChanger: false }}
            rowSelection={{
              selectedRowKeys: ticked,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setTicked(keys.map(Number)),
              getCheckboxProps: (r) => ({ disabled: r.competitionId !== null, 'data-testid': `comp-link-pick-${r.id}` }) as never,
            }}
            columns={[
              { title: t('adm.table.id'), dataIndex: 'id', width: 60 },
              { title: t('adm.competition.field.title'), render: (_, r) => pick(lang, r.titleZh, r.titleEn) },
              { title: t('adm.competition.field.start'), dataIndex: 'startTime', width: 140, render: (v) => formatTime(v) },
              {
                title: '',
                width: 200,
                render: (_, r) =>
                  r.competitionId === cid ? (
                    <Tag color="green">{t('adm.competition.link.here')}</Tag>
                  ) : r.competitionId ? (
                    <Tag color="orange">{t('adm.competition.link.elsewhere', { title: pick(lang, r.competitionTitleZh, r.competitionTitleEn) })}</Tag>
                  ) : null,
              },
            ]}
          />
        </div>
        <div style={{ flex: 2, minWidth: 0 }}>
          <OrderedList
            items={linked}
            onReorder={setLinked}
            onRemove={(item) => cid && void run(() => unlinkActivity(cid, item.id), t('adm.competition.action.saved'))}
            removeLabel={t('adm.competition.link.unlink')}
            removeTestId={(item) => `comp-unlink-${item.id}`}
            label={(item) => <span data-testid={`comp-linked-${item.id}`}>{pick(lang, item.titleZh, item.titleEn)}</span>}
            header={t('adm.competition.link.linked', { n: linked.length })}
            empty={t('adm.competition.link.none')}
            testId="comp-linked-list"
          />
          <Button
            block
            style={{ marginTop: 12 }}
            disabled={linked.length < 2}
            loading={busy}
            onClick={() => cid && void run(() => orderActivities(cid, linked.map((a) => a.id)), t('adm.competition.link.orderSaved'))}
            data-testid="comp-link-order"
          >
            {t('adm.competition.link.saveOrder')}
          </Button>
        </div>
      </div>
    </Modal>
  )
}
