/**
 * Winners of a raffle: search the person or the gift, filter by gift and claim status, mark a prize
 * claimed (who and when are recorded) or back to unclaimed, export the filtered list to Excel.
 */
import React, { useEffect, useState } from 'react'
import { Button, Drawer, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import type { AdminRaffle, AdminRaffleGift, AdminRaffleWinner } from '@contracts/raffle'
import { claimRafflePrize, exportRaffleWinners, listRaffleGifts, listRaffleWinners } from '../../api/raffle'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { FilterSelect, KeywordSearch } from '../common/list-toolbar'
import { ConfirmLink, RowLink } from '../common/row-actions'
import { useTableList } from '../common/use-table-list'

type Lang = 'zh' | 'en'
const pick = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh || en : en || zh)

/** mounted per opened raffle, so the list starts with its raffleId */
function WinnersContent({ raffle, lang }: { raffle: AdminRaffle; lang: Lang }) {
  const { t } = useTranslation()
  const q = useTableList<AdminRaffleWinner>(listRaffleWinners, { raffleId: raffle.id })
  const raffleId = raffle.id
  const [gifts, setGifts] = useState<AdminRaffleGift[]>([])
  const [exporting, setExporting] = useState(false)
  const canClaim = usePermission('claim')
  useEffect(() => {
    void listRaffleGifts(raffleId).then((env) => env.code === 200 && setGifts(env.result))
  }, [raffleId])

  const claim = async (w: AdminRaffleWinner, claimed: boolean) => {
    const env = await claimRafflePrize(w.id, claimed)
    if (env.code === 200) {
      void feedback().success(t(claimed ? 'adm.raffle.claimedOk' : 'adm.raffle.unclaimedOk'))
      q.reload()
    }
  }
  const doExport = async () => {
    setExporting(true)
    try {
      const { keyword, giftId, claimed } = q.filters
      const name = await exportRaffleWinners({ raffleId, keyword: keyword ? String(keyword) : undefined, giftId: giftId ? Number(giftId) : undefined, claimed: claimed ? String(claimed) : undefined }, lang)
      void feedback().success(t('adm.raffle.exported', { name }))
    } catch (e) {
      console.warn('[admin] export failed', e)
      void feedback().error(t('adm.raffle.exportFailed'))
    } finally {
      setExporting(false)
    }
  }

  const columns: ColumnsType<AdminRaffleWinner> = [
    { key: 'person', title: t('adm.raffle.person'), render: (_, w) => <span>{w.nickName}<br /><Typography.Text type="secondary">{w.email}</Typography.Text></span> },
    { key: 'gift', title: t('adm.raffle.gift'), render: (_, w) => pick(lang, w.giftNameZh, w.giftNameEn) },
    { key: 'wonAt', title: t('adm.raffle.wonAt'), width: 150, render: (_, w) => formatTime(w.wonAt) },
    {
      key: 'claim',
      title: t('adm.raffle.claimStatus'),
      width: 220,
      render: (_, w) =>
        w.claimedAt ? (
          <span data-testid="raffle-winner-claimed">
            <Tag color="green">{t('adm.raffle.claimed')}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {w.claimedByName} · {formatTime(w.claimedAt)}
            </Typography.Text>
          </span>
        ) : (
          <Tag>{t('adm.raffle.unclaimed')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('adm.table.actions'),
      width: 120,
      render: (_, w) =>
        canClaim ? (
          w.claimedAt ? (
            <ConfirmLink confirm={t('adm.raffle.confirmUnclaim')} onConfirm={() => claim(w, false)} okTestId="raffle-unclaim-ok" data-testid="raffle-unclaim">
              {t('adm.raffle.unclaim')}
            </ConfirmLink>
          ) : (
            <RowLink onClick={() => void claim(w, true)} data-testid="raffle-claim">
              {t('adm.raffle.claim')}
            </RowLink>
          )
        ) : null,
    },
  ]

  return (
    <>
          <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
            <Space wrap>
              <KeywordSearch list={q} placeholder={t('adm.raffle.winnerKeyword')} style={{ width: 280 }} testId="raffle-winners-search" />
              <FilterSelect list={q} name="giftId" all={t('adm.raffle.allGifts')} width={180} options={gifts.map((g) => ({ value: g.id, label: pick(lang, g.nameZh, g.nameEn) }))} testId="raffle-winners-gift" />
              <FilterSelect
                list={q}
                name="claimed"
                all={t('adm.raffle.allClaim')}
                options={[
                  { value: 'no', label: t('adm.raffle.unclaimed') },
                  { value: 'yes', label: t('adm.raffle.claimed') },
                ]}
                testId="raffle-winners-claimed"
              />
            </Space>
            <Permission name="export">
              <Button type="primary" loading={exporting} onClick={() => void doExport()} data-testid="raffle-winners-export">
                {t('adm.raffle.export')}
              </Button>
            </Permission>
          </Space>
          <Table<AdminRaffleWinner> rowKey="id" size="middle" loading={q.loading} dataSource={q.data.list} columns={columns} pagination={q.pagination} data-testid="raffle-winners-table" />
    </>
  )
}

export function WinnersDrawer({ raffle, lang, onClose }: { raffle: AdminRaffle | null; lang: Lang; onClose(): void }) {
  const { t } = useTranslation()
  return (
    <Drawer open={!!raffle} size={980} title={raffle ? `${t('adm.raffle.winners')} · ${pick(lang, raffle.nameZh, raffle.nameEn)}` : ''} onClose={onClose} destroyOnHidden data-testid="raffle-winners-drawer">
      {raffle && <WinnersContent key={raffle.id} raffle={raffle} lang={lang} />}
    </Drawer>
  )
}
