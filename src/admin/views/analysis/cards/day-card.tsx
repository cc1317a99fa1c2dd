/** Enrolments and views per day of the range (two axes); a click on a day calls `onDay`. */
import React, { useMemo } from 'react'
import { Empty, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AnalysisDaySeries } from '@contracts/analysis'
import { Chart } from '../analysis-chart'
import { CardFrame, type CardProps } from './card-frame'

export function DayCard({ data, range, onDay }: CardProps<AnalysisDaySeries> & { onDay(day: string): void }) {
  const { t } = useTranslation()
  const option = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('adm.analysis.enrollments'), t('adm.analysis.views')] },
        grid: { left: 48, right: 48, top: 40, bottom: 32 },
        xAxis: { type: 'category', data: data.days.map((d) => d.day) },
        yAxis: [{ type: 'value', minInterval: 1 }, { type: 'value', minInterval: 1 }],
        series: [
          { name: t('adm.analysis.enrollments'), type: 'line', smooth: true, data: data.days.map((d) => d.enrollments) },
          { name: t('adm.analysis.views'), type: 'line', smooth: true, yAxisIndex: 1, data: data.days.map((d) => d.views) },
        ],
      },
    [data, t],
  )
  return (
    <CardFrame
      card="day"
      title={t('adm.analysis.card.day')}
      range={range}
      head={[t('adm.analysis.day'), t('adm.analysis.enrollments'), t('adm.analysis.views')]}
      rows={data && data.days.map((d) => [d.day, d.enrollments, d.views])}
    >
      {option ? <Chart testId="analysis-day-chart" option={option} onClick={(e) => onDay(e.name)} /> : <Empty />}
      <Typography.Text type="secondary" data-testid="analysis-day-summary">
        {data ? t('adm.analysis.daySummary', { days: data.days.length, enrollments: data.days.reduce((n, d) => n + d.enrollments, 0) }) : ''}
      </Typography.Text>
    </CardFrame>
  )
}
