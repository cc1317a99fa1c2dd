/**
 * 'analysis/index' (/admin/analysis): the dashboard. A filter bar (range with presets, time zone,
 * organisation for operations, activity, type; kept in the address) drives seven cards — totals, the
 * box against the previous period, per day, seven days, country, enrolment (funnel, status, type and
 * one activity's choice answers) and the top 10 — each with its CSV export. Clicking an activity's bar
 * or row opens its enrolment list; a day narrows the range to that day; a type narrows to that type.
 */
import React, { useCallback, useEffect, useMemo, useState } from 'react'
import { Button, Card, Col, DatePicker, Empty, Row, Select, Space, Statistic, Table, Tag, Typography, message } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { ViewProps } from '../view-props'
import { Permission } from '../../core/permission'
import { Chart } from './analysis-chart'
import { TIME_ZONES, lastDays, queryFromSearch, searchOf } from './analysis-filters'
import {
  analysisActivities,
  analysisBox,
  analysisCountry,
  analysisDay,
  analysisEnrolment,
  analysisOrganizations,
  analysisSevenDay,
  analysisTop,
  analysisTotal,
  saveCsv,
} from '../../api/analysis'
import type {
  AnalysisBox,
  AnalysisCountry,
  AnalysisDaySeries,
  AnalysisEnrolment,
  AnalysisOption,
  AnalysisQuery,
  AnalysisSevenDay,
  AnalysisTopActivity,
  AnalysisTotals,
} from '@contracts/analysis'

type Lang = 'zh' | 'en'
interface Cards {
  total: AnalysisTotals | null
  box: AnalysisBox | null
  day: AnalysisDaySeries | null
  seven: AnalysisSevenDay | null
  country: AnalysisCountry | null
  enrolment: AnalysisEnrolment | null
  top: AnalysisTopActivity[] | null
}
const EMPTY: Cards = { total: null, box: null, day: null, seven: null, country: null, enrolment: null, top: null }
const ENROLL_LIST = '/activity/enroll'
const TOTAL_KEYS = ['activitiesPublished', 'enrollments', 'approved', 'pending', 'participants', 'views', 'subscribers', 'chats'] as const

const nameOf = (o: { nameZh: string; nameEn: string }, lang: Lang) => (lang === 'zh' ? o.nameZh || o.nameEn : o.nameEn || o.nameZh)
const labelOf = (o: { labelZh: string; labelEn: string }, lang: Lang) => (lang === 'zh' ? o.labelZh || o.labelEn : o.labelEn || o.labelZh)
const titleOf = (o: { titleZh: string; titleEn: string }, lang: Lang) => (lang === 'zh' ? o.titleZh || o.titleEn : o.titleEn || o.titleZh)

export default function AnalysisView({ lang, open }: ViewProps) {
  const { t } = useTranslation()
  const [query, setQuery] = useState<AnalysisQuery>(() => queryFromSearch(typeof window === 'undefined' ? '' : window.location.search))
  const [cards, setCards] = useState<Cards>(EMPTY)
  const [loading, setLoading] = useState(false)
  const [orgs, setOrgs] = useState<AnalysisOption[]>([])
  const [activities, setActivities] = useState<AnalysisOption[]>([])

  const change = useCallback((patch: Partial<AnalysisQuery>) => {
    setQuery((q) => {
      const next = { ...q, ...patch }
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${searchOf(next)}`)
      return next
    })
  }, [])

  useEffect(() => {
    void analysisOrganizations().then((r) => r.code === 200 && setOrgs(r.result))
  }, [])
  const searchActivities = useCallback((keyword = '') => {
    void analysisActivities(keyword).then((r) => r.code === 200 && setActivities(r.result))
  }, [])
  useEffect(() => searchActivities(), [searchActivities])

  useEffect(() => {
    let alive = true
    setLoading(true)
    const calls = [analysisTotal, analysisBox, analysisDay, analysisSevenDay, analysisCountry, analysisEnrolment, analysisTop] as const
    Promise.all(calls.map((c) => (c as (q: AnalysisQuery) => Promise<{ code: number; result: unknown }>)(query)))
      .then(([total, box, day, seven, country, enrolment, top]) => {
        if (!alive) return
        const ok = <T,>(r: { code: number; result: unknown }) => (r.code === 200 ? (r.result as T) : null)
        setCards({
          total: ok<AnalysisTotals>(total),
          box: ok<AnalysisBox>(box),
          day: ok<AnalysisDaySeries>(day),
          seven: ok<AnalysisSevenDay>(seven),
          country: ok<AnalysisCountry>(country),
          enrolment: ok<AnalysisEnrolment>(enrolment),
          top: ok<AnalysisTopActivity[]>(top),
        })
      })
      .catch((e) => console.warn('[admin] analysis failed', e))
      .finally(() => alive && setLoading(false))
    return () => {
      alive = false
    }
  }, [query])

  const range = `${query.from}_${query.to}`
  const exportCard = useCallback(
    (card: string, head: string[], rows: unknown[][]) => {
      const filename = `analysis-${card}-${range}.csv`
      saveCsv(filename, head, rows)
      void message.success(t('adm.analysis.exported', { name: filename }))
    },
    [range, t],
  )
  const exportButton = (card: string, head: string[], rows: unknown[][] | null) => (
    <Permission name="export">
      <Button size="small" data-testid={`analysis-export-${card}`} disabled={!rows} onClick={() => rows && exportCard(card, head, rows)}>
        {t('adm.analysis.export')}
      </Button>
    </Permission>
  )
  const openEnrolments = (activityId: number) => open(`${ENROLL_LIST}?activityId=${activityId}`)
  const typeText = (type: string) => t(`adm.analysis.type.${type}`)
  const { total, box, day, seven, country, enrolment, top } = cards

  const dayOption = useMemo(
    () =>
      day && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('adm.analysis.enrollments'), t('adm.analysis.views')] },
        grid: { left: 48, right: 48, top: 40, bottom: 32 },
        xAxis: { type: 'category', data: day.days.map((d) => d.day) },
        yAxis: [{ type: 'value', minInterval: 1 }, { type: 'value', minInterval: 1 }],
        series: [
          { name: t('adm.analysis.enrollments'), type: 'line', smooth: true, data: day.days.map((d) => d.enrollments) },
          { name: t('adm.analysis.views'), type: 'line', smooth: true, yAxisIndex: 1, data: day.days.map((d) => d.views) },
        ],
      },
    [day, t],
  )
  const sevenOption = useMemo(
    () =>
      seven && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('adm.analysis.thisWeek'), t('adm.analysis.lastWeek')] },
        grid: { left: 48, right: 16, top: 40, bottom: 32 },
        xAxis: { type: 'category', data: seven.current.map((d) => d.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('adm.analysis.thisWeek'), type: 'bar', data: seven.current.map((d) => d.enrollments) },
          { name: t('adm.analysis.lastWeek'), type: 'bar', data: seven.previous.map((d) => d.enrollments) },
        ],
      },
    [seven, t],
  )
  const countryOption = useMemo(
    () =>
      country && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('adm.analysis.enrollments'), t('adm.analysis.participants'), t('adm.analysis.activities')] },
        grid: { left: 48, right: 16, top: 40, bottom: 32 },
        xAxis: { type: 'category', axisLabel: { interval: 0 }, data: country.items.map((c) => nameOf({ nameZh: c.nameZh, nameEn: c.nameEn }, lang)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('adm.analysis.enrollments'), type: 'bar', data: country.items.map((c) => c.enrollments) },
          { name: t('adm.analysis.participants'), type: 'bar', data: country.items.map((c) => c.participants) },
          { name: t('adm.analysis.activities'), type: 'bar', data: country.items.map((c) => c.activities) },
        ],
      },
    [country, lang, t],
  )
  const funnelOption = useMemo(
    () =>
      enrolment && {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'funnel',
            sort: 'none',
            left: '10%',
            width: '80%',
            label: { show: true, position: 'inside', formatter: '{b}: {c}' },
            data: [
              { name: t('adm.analysis.views'), value: enrolment.funnel.views },
              { name: t('adm.analysis.enrollments'), value: enrolment.funnel.enrollments },
              { name: t('adm.analysis.approved'), value: enrolment.funnel.approved },
            ],
          },
        ],
      },
    [enrolment, t],
  )
  const typeOption = useMemo(
    () =>
      enrolment && {
        tooltip: { trigger: 'axis' },
        grid: { left: 48, right: 16, top: 16, bottom: 32 },
        xAxis: { type: 'category', axisLabel: { interval: 0 }, data: enrolment.byType.map((x) => typeText(x.type)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ name: t('adm.analysis.enrollments'), type: 'bar', data: enrolment.byType.map((x) => x.enrollments) }],
      },
    // typeText follows t
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [enrolment, t],
  )
  const topOption = useMemo(
    () =>
      top && {
        tooltip: { trigger: 'axis' },
        grid: { left: 16, right: 32, top: 8, bottom: 8, containLabel: true },
        xAxis: { type: 'value', minInterval: 1 },
        yAxis: { type: 'category', inverse: true, data: top.map((a) => titleOf(a, lang).slice(0, 18)) },
        series: [{ name: t('adm.analysis.enrollments'), type: 'bar', data: top.map((a) => a.enrollments) }],
      },
    [top, lang, t],
  )

  const pickedRange: [Dayjs, Dayjs] = [dayjs(query.from), dayjs(query.to)]
  const presets = [7, 30, 90, 365].map((n) => ({ label: t('adm.analysis.lastDays', { n }), value: n }))

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="analysis-view">
      <Card size="small">
        <Space wrap>
          <DatePicker.RangePicker
            data-testid="analysis-range"
            allowClear={false}
            value={pickedRange}
            onChange={(v) => v?.[0] && v?.[1] && change({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') })}
          />
          {presets.map((p) => (
            <Button key={p.value} size="small" data-testid={`analysis-preset-${p.value}`} onClick={() => change(lastDays(p.value, query.tz || TIME_ZONES[0]))}>
              {p.label}
            </Button>
          ))}
          <Select
            data-testid="analysis-tz"
            style={{ width: 200 }}
            value={query.tz}
            options={TIME_ZONES.map((z) => ({ value: z, label: z }))}
            onChange={(tz: string) => change({ tz })}
          />
          {orgs.length > 1 ? (
            <Select
              data-testid="analysis-org"
              allowClear
              style={{ width: 220 }}
              placeholder={t('adm.analysis.allOrganizations')}
              value={query.organizationId}
              options={orgs.map((o) => ({ value: o.id, label: nameOf(o, lang) }))}
              onChange={(organizationId?: number) => change({ organizationId, activityId: undefined })}
            />
          ) : null}
          <Select
            data-testid="analysis-activity"
            allowClear
            showSearch={{ filterOption: false, onSearch: (k: string) => searchActivities(k.trim()) }}
            style={{ width: 260 }}
            placeholder={t('adm.analysis.allActivities')}
            value={query.activityId}
            options={activities.map((a) => ({ value: a.id, label: nameOf(a, lang) }))}
            onChange={(activityId?: number) => change({ activityId })}
          />
          <Select
            data-testid="analysis-type"
            allowClear
            style={{ width: 140 }}
            placeholder={t('adm.analysis.allTypes')}
            value={query.type}
            options={(['online', 'offline', 'both'] as const).map((x) => ({ value: x, label: typeText(x) }))}
            onChange={(type?: AnalysisQuery['type']) => change({ type })}
          />
          {loading ? <Tag color="processing">{t('adm.analysis.loading')}</Tag> : null}
        </Space>
      </Card>

      <Card
        title={t('adm.analysis.card.total')}
        size="small"
        data-testid="analysis-total"
        extra={exportButton('total', [t('adm.analysis.figure'), t('adm.analysis.value')], total && TOTAL_KEYS.map((k) => [t(`adm.analysis.total.${k}`), total[k] ?? '']))}
      >
        <Row gutter={[16, 16]}>
          {TOTAL_KEYS.map((k) => (
            <Col span={3} key={k}>
              <Statistic title={t(`adm.analysis.total.${k}`)} value={total ? (total[k] ?? '—') : '—'} valueStyle={{ fontSize: 22 }} />
            </Col>
          ))}
        </Row>
      </Card>

      <Card
        title={t('adm.analysis.card.box', { from: box?.previousFrom ?? '', to: box?.previousTo ?? '' })}
        size="small"
        data-testid="analysis-box"
        extra={exportButton('box', [t('adm.analysis.figure'), t('adm.analysis.current'), t('adm.analysis.previous'), t('adm.analysis.change')], box && box.items.map((i) => [t(`adm.analysis.total.${i.key}`), i.current, i.previous, i.changePercent ?? '']))}
      >
        <Row gutter={[16, 16]}>
          {(box?.items ?? []).map((i) => (
            <Col span={4} key={i.key}>
              <Statistic
                title={t(`adm.analysis.total.${i.key}`)}
                value={i.current}
                valueStyle={{ fontSize: 20 }}
                suffix={
                  <Typography.Text type={i.changePercent === null ? 'secondary' : i.changePercent >= 0 ? 'success' : 'danger'} style={{ fontSize: 13 }}>
                    {i.changePercent === null ? t('adm.analysis.noPrevious') : `${i.changePercent >= 0 ? '↑' : '↓'}${Math.abs(i.changePercent)}%`} ({i.previous})
                  </Typography.Text>
                }
              />
            </Col>
          ))}
        </Row>
      </Card>

      <Row gutter={16}>
        <Col span={14}>
          <Card
            title={t('adm.analysis.card.day')}
            size="small"
            extra={exportButton('day', [t('adm.analysis.day'), t('adm.analysis.enrollments'), t('adm.analysis.views')], day && day.days.map((d) => [d.day, d.enrollments, d.views]))}
          >
            {dayOption ? (
              <Chart
                testId="analysis-day-chart"
                option={dayOption}
                onClick={(e) => (query.activityId ? openEnrolments(query.activityId) : change({ from: e.name, to: e.name }))}
              />
            ) : (
              <Empty />
            )}
            <Typography.Text type="secondary" data-testid="analysis-day-summary">
              {day ? t('adm.analysis.daySummary', { days: day.days.length, enrollments: day.days.reduce((n, d) => n + d.enrollments, 0) }) : ''}
            </Typography.Text>
          </Card>
        </Col>
        <Col span={10}>
          <Card
            title={t('adm.analysis.card.sevenDay')}
            size="small"
            extra={exportButton(
              'seven-day',
              [t('adm.analysis.day'), t('adm.analysis.enrollments'), t('adm.analysis.views'), t('adm.analysis.previousDay'), t('adm.analysis.previousEnrollments'), t('adm.analysis.previousViews')],
              seven && seven.current.map((d, i) => [d.day, d.enrollments, d.views, seven.previous[i].day, seven.previous[i].enrollments, seven.previous[i].views]),
            )}
          >
            {sevenOption ? <Chart testId="analysis-seven-chart" option={sevenOption} onClick={(e) => seven && change({ from: seven.current[e.dataIndex].day, to: seven.current[e.dataIndex].day })} /> : <Empty />}
          </Card>
        </Col>
      </Row>

      <Row gutter={16}>
        <Col span={12}>
          <Card
            title={t('adm.analysis.card.country')}
            size="small"
            extra={exportButton(
              'country',
              [t('adm.analysis.country'), t('adm.analysis.enrollments'), t('adm.analysis.participants'), t('adm.analysis.activities')],
              country && country.items.map((c) => [nameOf(c, lang), c.enrollments, c.participants, c.activities]),
            )}
          >
            {countryOption && country?.items.length ? <Chart testId="analysis-country-chart" option={countryOption} /> : <Empty />}
          </Card>
        </Col>
        <Col span={12}>
          <Card
            title={t('adm.analysis.card.enrolment')}
            size="small"
            extra={exportButton(
              'enrolment',
              [t('adm.analysis.figure'), t('adm.analysis.value')],
              enrolment && [
                [t('adm.analysis.views'), enrolment.funnel.views],
                [t('adm.analysis.enrollments'), enrolment.funnel.enrollments],
                [t('adm.analysis.approved'), enrolment.status.approved],
                [t('adm.analysis.pending'), enrolment.status.pending],
                [t('adm.analysis.rejected'), enrolment.status.rejected],
                ...enrolment.byType.map((x) => [typeText(x.type), x.enrollments]),
                ...(enrolment.questions ?? []).flatMap((qq) => qq.options.map((o) => [`${labelOf(qq, lang)} · ${labelOf(o, lang)}`, o.count])),
              ],
            )}
          >
            <Row gutter={8}>
              <Col span={12}>{funnelOption ? <Chart testId="analysis-funnel-chart" height={220} option={funnelOption} onClick={() => query.activityId && openEnrolments(query.activityId)} /> : <Empty />}</Col>
              <Col span={12}>{typeOption ? <Chart testId="analysis-type-chart" height={220} option={typeOption} onClick={(e) => enrolment && change({ type: enrolment.byType[e.dataIndex].type })} /> : <Empty />}</Col>
            </Row>
            {enrolment ? (
              <Space size={12}>
                <Tag color="orange">{t('adm.analysis.pending')}: {enrolment.status.pending}</Tag>
                <Tag color="green">{t('adm.analysis.approved')}: {enrolment.status.approved}</Tag>
                <Tag color="red">{t('adm.analysis.rejected')}: {enrolment.status.rejected}</Tag>
              </Space>
            ) : null}
            {enrolment?.questions ? (
              enrolment.questions.length ? (
                enrolment.questions.map((qq) => (
                  <div key={qq.key} data-testid={`analysis-question-${qq.key}`}>
                    <Typography.Text strong>
                      {labelOf(qq, lang)} ({t('adm.analysis.answered', { n: qq.answered })})
                    </Typography.Text>
                    <Chart
                      testId={`analysis-question-chart-${qq.key}`}
                      height={160}
                      option={{
                        tooltip: { trigger: 'axis' },
                        grid: { left: 16, right: 32, top: 8, bottom: 8, containLabel: true },
                        xAxis: { type: 'value', minInterval: 1 },
                        yAxis: { type: 'category', data: qq.options.map((o) => labelOf(o, lang)) },
                        series: [{ type: 'bar', data: qq.options.map((o) => o.count) }],
                      }}
                    />
                  </div>
                ))
              ) : (
                <Typography.Paragraph type="secondary">{t('adm.analysis.noChoiceQuestions')}</Typography.Paragraph>
              )
            ) : (
              <Typography.Paragraph type="secondary">{t('adm.analysis.pickForQuestions')}</Typography.Paragraph>
            )}
          </Card>
        </Col>
      </Row>

      <Card
        title={t('adm.analysis.card.top')}
        size="small"
        data-testid="analysis-top"
        extra={exportButton(
          'top',
          ['#', t('adm.analysis.activity'), t('adm.analysis.enrollments'), t('adm.analysis.approved'), t('adm.analysis.views')],
          top && top.map((a, i) => [i + 1, titleOf(a, lang), a.enrollments, a.approved, a.views]),
        )}
      >
        <Row gutter={16}>
          <Col span={10}>{topOption && top?.length ? <Chart testId="analysis-top-chart" height={320} option={topOption} onClick={(e) => top && openEnrolments(top[e.dataIndex].id)} /> : <Empty />}</Col>
          <Col span={14}>
            <Table<AnalysisTopActivity>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={top ?? []}
              columns={[
                { title: '#', key: 'rank', width: 48, render: (_v, _r, i) => i + 1 },
                { title: t('adm.analysis.activity'), key: 'title', render: (_v, a) => <Typography.Link onClick={() => openEnrolments(a.id)}>{titleOf(a, lang)}</Typography.Link> },
                { title: t('adm.analysis.enrollments'), dataIndex: 'enrollments', width: 100 },
                { title: t('adm.analysis.approved'), dataIndex: 'approved', width: 100 },
                { title: t('adm.analysis.views'), dataIndex: 'views', width: 100 },
              ]}
            />
          </Col>
        </Row>
      </Card>
    </Space>
  )
}
