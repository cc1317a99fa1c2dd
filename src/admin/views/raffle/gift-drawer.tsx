/**
 * A raffle's gifts: name, image, number (stock) and how many are won, sequence, weight. Each gift's
 * chance of one draw and the expected winners over N draws follow the weights as they are typed (the
 * editor computes them with the same rule as the server: gifts with stock left plus "no prize").
 */
import React, { useCallback, useEffect, useMemo, useState } from 'react'
import { Button, Drawer, Form, Image, InputNumber, Space, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { RAFFLE_LIMITS, giftOdds, type AdminRaffle, type AdminRaffleGift, type AdminRaffleGiftBody } from '@contracts/raffle'
import { addRaffleGift, deleteRaffleGift, listRaffleGifts, updateRaffleGift } from '../../api/raffle'
import { BilingualInput } from '../../components/bilingual-input'
import { ImageUpload } from '../../components/image-upload'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { FormModal } from '../common/form-dialogs'
import { ConfirmLink, RowLink } from '../common/row-actions'

type Lang = 'zh' | 'en'
const pick = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh || en : en || zh)
export const percent = (p: number) => `${(p * 100).toFixed(p > 0 && p < 0.001 ? 3 : 2)}%`

type GiftForm = Pick<AdminRaffleGiftBody, 'nameZh' | 'nameEn' | 'imageUrl' | 'stock' | 'sequence' | 'weight'>

function GiftModal({ raffle, gift, gifts, open, onClose, onSaved }: { raffle: AdminRaffle; gift: AdminRaffleGift | null; gifts: AdminRaffleGift[]; open: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<GiftForm>()
  const [saving, setSaving] = useState(false)
  const weight = Form.useWatch('weight', form) ?? 0
  const stock = Form.useWatch('stock', form) ?? 0
  useEffect(() => {
    if (open) form.setFieldsValue(gift ? { ...gift } : { nameZh: '', nameEn: '', imageUrl: null, stock: 10, sequence: gifts.length + 1, weight: 10 })
  }, [open, gift, gifts.length, form])
  // the chance of this gift with the typed weight, the others as stored
  const others = gifts.filter((g) => g.id !== gift?.id)
  const odds = giftOdds([...others, { weight, stock, wonCount: gift?.wonCount ?? 0 }], raffle.noPrizeWeight)
  const mine = odds[odds.length - 1].probability

  const save = async () => {
    const v = await form.validateFields()
    setSaving(true)
    try {
      const body: AdminRaffleGiftBody = { raffleId: raffle.id, ...v, imageUrl: v.imageUrl || null }
      const env = gift ? await updateRaffleGift(gift.id, body) : await addRaffleGift(body)
      if (env.code === 200) {
        void feedback().success(t('adm.raffle.saved'))
        onSaved()
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <FormModal open={open} title={t(gift ? 'adm.raffle.giftEdit' : 'adm.raffle.giftAdd')} onCancel={onClose} onSave={() => void save()} saving={saving} saveTestId="raffle-gift-save" destroyOnHidden width={640}>
      <Form<GiftForm> form={form} layout="vertical">
        <BilingualInput names={['nameZh', 'nameEn']} label={t('adm.raffle.giftName')} required maxLength={RAFFLE_LIMITS.nameMax} testId="raffle-gift-name" />
        <Form.Item name="imageUrl" label={t('adm.raffle.giftImage')}>
          <ImageUpload hint="1:1" data-testid="raffle-gift-image" />
        </Form.Item>
        <Space size={16} wrap>
          <Form.Item name="stock" label={t('adm.raffle.stock')} rules={[{ required: true, message: t('adm.raffle.required') }]} extra={gift ? t('adm.raffle.wonSoFar', { n: gift.wonCount }) : undefined}>
            <InputNumber min={gift?.wonCount ?? 0} max={RAFFLE_LIMITS.stockMax} precision={0} data-testid="raffle-gift-stock" />
          </Form.Item>
          <Form.Item name="sequence" label={t('adm.raffle.sequence')} rules={[{ required: true, message: t('adm.raffle.required') }]}>
            <InputNumber min={0} max={100000} precision={0} data-testid="raffle-gift-sequence" />
          </Form.Item>
          <Form.Item name="weight" label={t('adm.raffle.weight')} rules={[{ required: true, message: t('adm.raffle.required') }]}>
            <InputNumber min={0} max={RAFFLE_LIMITS.weightMax} precision={0} data-testid="raffle-gift-weight" />
          </Form.Item>
        </Space>
        <Typography.Text type="secondary" data-testid="raffle-gift-probability">
          {t('adm.raffle.liveProbability', { p: percent(mine) })}
        </Typography.Text>
      </Form>
    </FormModal>
  )
}

export function GiftDrawer({ raffle, lang, onClose, onChanged }: { raffle: AdminRaffle | null; lang: Lang; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation()
  const [gifts, setGifts] = useState<AdminRaffleGift[]>([])
  const [loading, setLoading] = useState(false)
  const [draws, setDraws] = useState(100)
  const [editing, setEditing] = useState<AdminRaffleGift | 'new' | null>(null)
  const raffleId = raffle?.id
  const load = useCallback(() => {
    if (!raffleId) return
    setLoading(true)
    void listRaffleGifts(raffleId)
      .then((env) => env.code === 200 && setGifts(env.result))
      .finally(() => setLoading(false))
  }, [raffleId])
  useEffect(() => load(), [load])

  const odds = useMemo(() => giftOdds(gifts, raffle?.noPrizeWeight ?? 0, draws), [gifts, raffle?.noPrizeWeight, draws])
  const noPrize = useMemo(() => {
    const p = giftOdds([...gifts, { weight: raffle?.noPrizeWeight ?? 0, stock: 1 }], 0)
    return p[p.length - 1].probability
  }, [gifts, raffle?.noPrizeWeight])

  const remove = async (g: AdminRaffleGift) => {
    const env = await deleteRaffleGift(g.id)
    if (env.code === 200) {
      load()
      onChanged()
    }
  }

  const columns: ColumnsType<AdminRaffleGift> = [
    { key: 'seq', title: t('adm.raffle.sequence'), dataIndex: 'sequence', width: 70 },
    {
      key: 'name',
      title: t('adm.raffle.giftName'),
      render: (_, g) => (
        <Space>
          {g.imageUrl && <Image src={g.imageUrl} width={36} height={36} style={{ objectFit: 'cover' }} />}
          <span>{pick(lang, g.nameZh, g.nameEn)}</span>
        </Space>
      ),
    },
    { key: 'stock', title: t('adm.raffle.stockWon'), width: 110, render: (_, g) => `${g.wonCount} / ${g.stock}` },
    { key: 'weight', title: t('adm.raffle.weight'), dataIndex: 'weight', width: 80 },
    { key: 'p', title: t('adm.raffle.probability'), width: 100, render: (_, g, i) => <span data-testid="raffle-gift-p">{percent(odds[i]?.probability ?? 0)}</span> },
    { key: 'e', title: t('adm.raffle.expected', { n: draws }), width: 130, render: (_, g, i) => (odds[i]?.expected ?? 0).toFixed(1) },
    {
      key: 'actions',
      title: t('adm.table.actions'),
      width: 140,
      render: (_, g) => (
        <Permission name="edit">
          <RowLink onClick={() => setEditing(g)} data-testid="raffle-gift-edit">
            {t('adm.raffle.editShort')}
          </RowLink>
          {g.wonCount === 0 && (
            <ConfirmLink confirm={t('adm.raffle.confirmDeleteGift')} onConfirm={() => remove(g)} okTestId="raffle-gift-delete-ok" data-testid="raffle-gift-delete">
              {t('adm.raffle.delete')}
            </ConfirmLink>
          )}
        </Permission>
      ),
    },
  ]

  return (
    <Drawer open={!!raffle} size={920} title={raffle ? `${t('adm.raffle.gifts')} · ${pick(lang, raffle.nameZh, raffle.nameEn)}` : ''} onClose={onClose} destroyOnHidden data-testid="raffle-gift-drawer">
      {raffle && (
        <>
          <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
            <Permission name="edit">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="raffle-gift-add">
                {t('adm.raffle.giftAdd')}
              </Button>
            </Permission>
            <Space>
              <Typography.Text type="secondary">{t('adm.raffle.noPrizeChance', { p: percent(noPrize), w: raffle.noPrizeWeight })}</Typography.Text>
              <span>{t('adm.raffle.drawsFor')}</span>
              <InputNumber min={0} max={10_000_000} precision={0} value={draws} onChange={(v) => setDraws(Number(v ?? 0))} data-testid="raffle-gift-draws" />
            </Space>
          </Space>
          <Table<AdminRaffleGift> rowKey="id" size="middle" loading={loading} dataSource={gifts} columns={columns} pagination={false} data-testid="raffle-gift-table" />
          <GiftModal
            raffle={raffle}
            gift={editing === 'new' ? null : editing}
            gifts={gifts}
            open={editing !== null}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null)
              load()
              onChanged()
            }}
          />
        </>
      )}
    </Drawer>
  )
}
