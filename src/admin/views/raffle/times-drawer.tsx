/**
 * Draw times of a raffle: per person the default, the extra granted and the used draws; grant extra
 * draws with a reason to a person found by e-mail or picked from the activity's enrolment list.
 */
import React, { useCallback, useEffect, useState } from 'react'
import { Button, Drawer, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { RAFFLE_LIMITS, type AdminRaffle, type AdminRaffleCandidate, type AdminRaffleTimes } from '@contracts/raffle'
import { grantRaffleTimes, listRaffleTimes, raffleCandidates } from '../../api/raffle'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { KeywordSearch } from '../common/list-toolbar'
import { useTableList } from '../common/use-table-list'

type Lang = 'zh' | 'en'
const pick = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh || en : en || zh)

function GrantForm({ raffle, onGranted }: { raffle: AdminRaffle; onGranted(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ userId: number; times: number; reason: string }>()
  const [options, setOptions] = useState<AdminRaffleCandidate[]>([])
  const [saving, setSaving] = useState(false)
  const search = useCallback(
    (keyword?: string) => {
      void raffleCandidates(raffle.id, keyword).then((env) => env.code === 200 && setOptions(env.result))
    },
    [raffle.id],
  )
  useEffect(() => search(), [search])
  const grant = async (v: { userId: number; times: number; reason: string }) => {
    setSaving(true)
    try {
      const env = await grantRaffleTimes({ raffleId: raffle.id, userId: v.userId, times: v.times, reason: v.reason.trim() })
      if (env.code === 200) {
        void feedback().success(t('adm.raffle.granted', { n: v.times }))
        form.resetFields(['userId', 'reason'])
        onGranted()
      }
    } finally {
      setSaving(false)
    }
  }
  return (
    <Form form={form} layout="inline" initialValues={{ times: 1 }} onFinish={(v) => void grant(v)} style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="userId" rules={[{ required: true, message: t('adm.raffle.required') }]}>
        <Select
          style={{ width: 300 }}
          placeholder={t('adm.raffle.personPlaceholder')}
          showSearch={{ filterOption: false, onSearch: (k: string) => search(k.trim() || undefined) }}
          options={options.map((o) => ({ value: o.userId, label: `${o.nickName} · ${o.email}${o.enrolled ? ` (${t('adm.raffle.enrolled')})` : ''}` }))}
          data-testid="raffle-grant-person"
        />
      </Form.Item>
      <Form.Item name="times" label={t('adm.raffle.extraTimes')} rules={[{ required: true, message: t('adm.raffle.required') }]}>
        <InputNumber min={1} max={RAFFLE_LIMITS.grantMax} precision={0} data-testid="raffle-grant-times" />
      </Form.Item>
      <Form.Item name="reason" rules={[{ required: true, whitespace: true, message: t('adm.raffle.reasonRequired') }]}>
        <Input style={{ width: 240 }} maxLength={RAFFLE_LIMITS.reasonMax} placeholder={t('adm.raffle.reason')} data-testid="raffle-grant-reason" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="raffle-grant-save">
        {t('adm.raffle.grant')}
      </Button>
    </Form>
  )
}

/** mounted per opened raffle, so the list starts with its raffleId */
function TimesContent({ raffle }: { raffle: AdminRaffle }) {
  const { t } = useTranslation()
  const q = useTableList<AdminRaffleTimes>(listRaffleTimes, { raffleId: raffle.id })
  const columns: ColumnsType<AdminRaffleTimes> = [
    { key: 'person', title: t('adm.raffle.person'), render: (_, r) => <span>{r.nickName}<br /><Typography.Text type="secondary">{r.email}</Typography.Text></span> },
    { key: 'default', title: t('adm.raffle.defaultTimes'), dataIndex: 'defaultTimes', width: 90 },
    { key: 'extra', title: t('adm.raffle.extraTimes'), dataIndex: 'extraTimes', width: 90 },
    { key: 'used', title: t('adm.raffle.usedTimes'), dataIndex: 'usedTimes', width: 90 },
    { key: 'remaining', title: t('adm.raffle.remaining'), width: 90, render: (_, r) => <Tag color={r.remaining ? 'green' : 'default'}>{r.remaining}</Tag> },
    { key: 'reason', title: t('adm.raffle.reason'), render: (_, r) => r.lastReason || '—' },
    { key: 'time', title: t('adm.raffle.updatedAt'), width: 150, render: (_, r) => formatTime(r.updatedAt) },
  ]
  return (
    <>
      <Permission name="times">
        <GrantForm raffle={raffle} onGranted={q.reload} />
      </Permission>
      <Space style={{ marginBottom: 12 }}>
        <KeywordSearch list={q} placeholder={t('adm.raffle.personKeyword')} testId="raffle-times-search" />
      </Space>
      <Table<AdminRaffleTimes> rowKey="userId" size="middle" loading={q.loading} dataSource={q.data.list} columns={columns} pagination={q.pagination} data-testid="raffle-times-table" />
    </>
  )
}

export function TimesDrawer({ raffle, lang, onClose }: { raffle: AdminRaffle | null; lang: Lang; onClose(): void }) {
  const { t } = useTranslation()
  return (
    <Drawer open={!!raffle} size={980} title={raffle ? `${t('adm.raffle.times')} · ${pick(lang, raffle.nameZh, raffle.nameEn)}` : ''} onClose={onClose} destroyOnHidden data-testid="raffle-times-drawer">
      {raffle && <TimesContent key={raffle.id} raffle={raffle} />}
    </Drawer>
  )
}
