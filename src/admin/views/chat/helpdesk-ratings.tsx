/**
 * Visitors' ratings of closed conversations over a date range (Beijing dates by default): the overall
 * average and spread, then per agent and per service category, for operations (site settings menu).
 */
import React, { useCallback, useEffect, useState } from 'react'
import { Card, DatePicker, Empty, Progress, Select, Space, Statistic, Table, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { HelpdeskRatingReport, RatingBucket } from '@contracts/helpdesk'
import { getRatingReport } from '../../api/helpdesk'
import { COMMON_ZONES } from './helpdesk-settings'
import { todayIn } from '../analysis/analysis-filters'
import './advisor-view.scss'

/** "4.3" or "—" */
export const average = (b: RatingBucket): string => (b.average == null ? '—' : b.average.toFixed(1))

function Spread({ b }: { b: RatingBucket }) {
  return (
    <div className="hj-adv__spread">
      {[5, 4, 3, 2, 1].map((s) => (
        <div key={s} className="hj-adv__spread-row">
          <span>{s}★</span>
          <Progress percent={b.count ? Math.round((b.distribution[s - 1] / b.count) * 100) : 0} size="small" showInfo={false} style={{ width: 90, margin: 0 }} />
          <span>{b.distribution[s - 1]}</span>
        </div>
      ))}
    </div>
  )
}

/** the report's zone until operations pick another: Beijing */
const DEFAULT_ZONE = 'Asia/Shanghai'

export function HelpdeskRatingsCard() {
  const { t, i18n } = useTranslation()
  const k = (key: string, o?: Record<string, unknown>) => t(`adm.helpdesk.ratings.${key}`, o)
  const [tz, setTz] = useState(DEFAULT_ZONE)
  // the last 30 days as calendar days of the report's zone, not of the browser's: between 16:00 and
  // 24:00 UTC a browser in UTC is still on yesterday in Beijing, and today's ratings fell outside
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const today = dayjs(todayIn(DEFAULT_ZONE))
    return [today.subtract(29, 'day'), today]
  })
  const [report, setReport] = useState<HelpdeskRatingReport | null>(null)
  const [loading, setLoading] = useState(false)

  const load = useCallback(async () => {
    setLoading(true)
    try {
      const env = await getRatingReport(range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD'), tz)
      if (env.code === 200) setReport(env.result)
    } finally {
      setLoading(false)
    }
  }, [range, tz])
  useEffect(() => {
    void load()
  }, [load])

  const columns = (nameTitle: string, name: (r: any) => string) => [
    { title: nameTitle, render: (_: unknown, r: any) => name(r), key: 'name' },
    { title: k('count'), dataIndex: 'count', width: 90 },
    { title: k('average'), width: 90, render: (_: unknown, r: RatingBucket) => <Typography.Text strong>{average(r)}</Typography.Text>, key: 'avg' },
    { title: k('spread'), width: 200, render: (_: unknown, r: RatingBucket) => <Spread b={r} />, key: 'spread' },
  ]
  const zh = i18n.language !== 'en'
  return (
    <Card
      title={k('title')}
      data-testid="helpdesk-ratings"
      style={{ marginTop: 16 }}
      extra={
        <Space>
          <DatePicker.RangePicker
            data-testid="helpdesk-ratings-range"
            value={range}
            allowClear={false}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          />
          <Select value={tz} onChange={setTz} style={{ width: 180 }} options={COMMON_ZONES.map((z) => ({ value: z, label: z }))} aria-label={k('timeZone')} />
        </Space>
      }
    >
      {report ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Space size={48} align="start" data-testid="helpdesk-ratings-total">
            <Statistic title={k('count')} value={report.total.count} />
            <Statistic title={k('average')} value={average(report.total)} suffix={report.total.average == null ? '' : '/ 5'} />
            <Spread b={report.total} />
          </Space>
          <div>
            <Typography.Title level={5}>{k('byAgent')}</Typography.Title>
            <Table
              size="small"
              loading={loading}
              pagination={false}
              rowKey={(r) => String(r.kefuId)}
              dataSource={report.byAgent}
              data-testid="helpdesk-ratings-agents"
              columns={columns(k('agent'), (r) => r.name ?? k('noAgent'))}
            />
          </div>
          <div>
            <Typography.Title level={5}>{k('byCategory')}</Typography.Title>
            <Table
              size="small"
              loading={loading}
              pagination={false}
              rowKey={(r) => String(r.categoryId)}
              dataSource={report.byCategory}
              data-testid="helpdesk-ratings-categories"
              columns={columns(k('category'), (r) => (zh ? r.nameZh || r.nameEn : r.nameEn || r.nameZh) ?? k('general'))}
            />
          </div>
        </Space>
      ) : (
        <Empty />
      )}
    </Card>
  )
}
