/**
 * 'activity/raffle/list' (/admin/activity/raffle): the raffles of the caller's activities (organizer) or
 * all (operations). Add and edit (buttons add / edit), the gifts with their live odds (edit), the draw
 * times with extra grants (times), the winners with claim and the Excel export (claim / export), close
 * early (close). `?activityId=N` narrows the list to one activity.
 */
import React, { useState } from 'react'
import { Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import type { AdminRaffle } from '@contracts/raffle'
import { closeRaffle, listRaffles } from '../../api/raffle'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { ListCard } from '../common/list-card'
import { KeywordSearch } from '../common/list-toolbar'
import { ConfirmLink, RowLink, actionsColumn } from '../common/row-actions'
import { useEditing } from '../common/use-editing'
import { useTableList } from '../common/use-table-list'
import { formatInZone } from '../activity/time'
import type { ViewProps } from '../view-props'
import { RaffleFormDrawer } from './raffle-form'
import { GiftDrawer } from './gift-drawer'
import { TimesDrawer } from './times-drawer'
import { WinnersDrawer } from './winners-drawer'

type Lang = 'zh' | 'en'
const pick = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh || en : en || zh)

function activityIdFrom(search: string): number | undefined {
  const n = Number(new URLSearchParams(search).get('activityId'))
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** open, not started, running, ended or closed, from the window and the status */
function phaseOf(r: AdminRaffle, now = Date.now()): 'closed' | 'upcoming' | 'running' | 'ended' {
  if (r.status === 'closed') return 'closed'
  if (now < Date.parse(r.startTime)) return 'upcoming'
  if (now >= Date.parse(r.endTime)) return 'ended'
  return 'running'
}
const PHASE_COLOR = { closed: 'default', upcoming: 'blue', running: 'green', ended: 'default' } as const

export default function RaffleListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const activityId = activityIdFrom(typeof window === 'undefined' ? '' : window.location.search)
  const q = useTableList<AdminRaffle>(listRaffles, { activityId })
  const { editing, edit, close: closeForm, saved } = useEditing<AdminRaffle | 'new'>(q.reload)
  const [gifts, setGifts] = useState<AdminRaffle | null>(null)
  const [times, setTimes] = useState<AdminRaffle | null>(null)
  const [winners, setWinners] = useState<AdminRaffle | null>(null)

  const close = async (r: AdminRaffle) => {
    const env = await closeRaffle(r.id)
    if (env.code === 200) {
      void feedback().success(t('adm.raffle.closedOk'))
      q.reload()
    }
  }

  const columns: ColumnsType<AdminRaffle> = [
    { key: 'id', title: t('adm.table.id'), dataIndex: 'id', width: 70 },
    {
      key: 'name',
      title: t('adm.raffle.name'),
      render: (_, r) => (
        <span data-testid="raffle-row-name">
          {pick(lang, r.nameZh, r.nameEn)}
          {r.activityId ? (
            <>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {pick(lang, r.activityTitleZh, r.activityTitleEn)}
              </Typography.Text>
            </>
          ) : null}
        </span>
      ),
    },
    {
      key: 'window',
      title: t('adm.raffle.window'),
      width: 230,
      render: (_, r) => (
        <span style={{ fontSize: 12 }}>
          {formatInZone(r.startTime, r.timeZone)}
          <br />
          {formatInZone(r.endTime, r.timeZone)}
        </span>
      ),
    },
    { key: 'who', title: t('adm.raffle.eligibility'), width: 130, render: (_, r) => t(`adm.raffle.who.${r.eligibility}`) },
    { key: 'times', title: t('adm.raffle.defaultTimes'), dataIndex: 'defaultTimes', width: 90 },
    { key: 'counts', title: t('adm.raffle.counts'), width: 150, render: (_, r) => t('adm.raffle.countsValue', { gifts: r.giftCount, draws: r.drawCount, winners: r.winnerCount }) },
    {
      key: 'status',
      title: t('adm.table.status'),
      width: 100,
      render: (_, r) => {
        const p = phaseOf(r)
        return <Tag color={PHASE_COLOR[p]} data-testid="raffle-row-status">{t(`adm.raffle.phase.${p}`)}</Tag>
      },
    },
    actionsColumn<AdminRaffle>(t('adm.table.actions'), 260, (r) => (
      <>
        <Permission name="edit">
          <RowLink onClick={() => edit(r)} data-testid="raffle-edit">
            {t('adm.raffle.editShort')}
          </RowLink>
        </Permission>
        <RowLink onClick={() => setGifts(r)} data-testid="raffle-gifts">
          {t('adm.raffle.gifts')}
        </RowLink>
        <RowLink onClick={() => setTimes(r)} data-testid="raffle-times">
          {t('adm.raffle.times')}
        </RowLink>
        <RowLink onClick={() => setWinners(r)} data-testid="raffle-winners">
          {t('adm.raffle.winners')}
        </RowLink>
        {r.status !== 'closed' && (
          <Permission name="close">
            <ConfirmLink confirm={t('adm.raffle.confirmClose')} onConfirm={() => close(r)} okTestId="raffle-close-ok" data-testid="raffle-close">
              {t('adm.raffle.close')}
            </ConfirmLink>
          </Permission>
        )}
      </>
    )),
  ]

  return (
    <ListCard<AdminRaffle>
      testId="raffle-list"
      add={{ label: t('adm.raffle.add'), onClick: () => edit('new'), testId: 'raffle-add' }}
      filters={<KeywordSearch list={q} placeholder={t('adm.raffle.keyword')} testId="raffle-search" />}
      table={{ list: q, sort: false, size: 'middle', columns, scroll: { x: 'max-content' }, 'data-testid': 'raffle-table' }}
    >
      <RaffleFormDrawer open={editing !== null} raffle={editing === 'new' ? null : editing} lang={lang} onClose={closeForm} onSaved={saved} />
      <GiftDrawer raffle={gifts} lang={lang} onClose={() => setGifts(null)} onChanged={q.reload} />
      <TimesDrawer raffle={times} lang={lang} onClose={() => setTimes(null)} />
      <WinnersDrawer raffle={winners} lang={lang} onClose={() => setWinners(null)} />
    </ListCard>
  )
}
