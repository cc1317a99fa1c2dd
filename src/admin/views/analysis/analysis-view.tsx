/**
 * 'analysis/index' (/admin/analysis): the dashboard. A filter bar (range with presets, time zone,
 * organisation for operations, activity, type; kept in the address) drives seven cards — totals, the
 * box against the previous period, per day, seven days, country, enrolment (funnel, status, type and
 * one activity's choice answers) and the top 10 — each with its CSV export (cards/card-frame.tsx).
 * Clicking an activity's bar or row opens its enrolment list; a day narrows the range to that day; a
 * type narrows to that type.
 */
import React, { useCallback, useEffect, useState } from 'react'
import { Col, Row, Space } from 'antd'
import type { ViewProps } from '../view-props'
import { queryFromSearch, searchOf } from './analysis-filters'
import { AnalysisFilterBar } from './analysis-filter-bar'
import { TotalCard } from './cards/total-card'
import { BoxCard } from './cards/box-card'
import { DayCard } from './cards/day-card'
import { SevenDayCard } from './cards/seven-day-card'
import { CountryCard } from './cards/country-card'
import { EnrolmentCard } from './cards/enrolment-card'
import { TopCard } from './cards/top-card'
import {
  analysisBox,
  analysisCountry,
  analysisDay,
  analysisEnrolment,
  analysisSevenDay,
  analysisTop,
  analysisTotal,
} from '../../api/analysis'
import type {
  AnalysisBox,
  AnalysisCountry,
  AnalysisDaySeries,
  AnalysisEnrolment,
  AnalysisQuery,
  AnalysisSevenDay,
  AnalysisTopActivity,
  AnalysisTotals,
} from '@contracts/analysis'

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

export default function AnalysisView({ lang, open }: ViewProps) {
  const [query, setQuery] = useState<AnalysisQuery>(() => queryFromSearch(typeof window === 'undefined' ? '' : window.location.search))
  const [cards, setCards] = useState<Cards>(EMPTY)
  const [loading, setLoading] = useState(false)

  const change = useCallback((patch: Partial<AnalysisQuery>) => {
    setQuery((q) => {
      const next = { ...q, ...patch }
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${searchOf(next)}`)
      return next
    })
  }, [])

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
  const openEnrolments = (activityId: number) => open(`${ENROLL_LIST}?activityId=${activityId}`)
  const toDay = (day: string) => change({ from: day, to: day })

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="analysis-view">
      <AnalysisFilterBar query={query} change={change} lang={lang} loading={loading} />
      <TotalCard data={cards.total} range={range} />
      <BoxCard data={cards.box} range={range} />
      <Row gutter={16}>
        <Col span={14}>
          {/* with one activity picked, a day of it opens that activity's enrolments */}
          <DayCard data={cards.day} range={range} onDay={(day) => (query.activityId ? openEnrolments(query.activityId) : toDay(day))} />
        </Col>
        <Col span={10}>
          <SevenDayCard data={cards.seven} range={range} onDay={toDay} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <CountryCard data={cards.country} range={range} lang={lang} />
        </Col>
        <Col span={12}>
          <EnrolmentCard
            data={cards.enrolment}
            range={range}
            lang={lang}
            onFunnel={() => query.activityId && openEnrolments(query.activityId)}
            onType={(type) => change({ type })}
          />
        </Col>
      </Row>
      <TopCard data={cards.top} range={range} lang={lang} onActivity={openEnrolments} />
    </Space>
  )
}
