/** The last seven days against the seven before, per day; a click on a day calls `onDay`. */
import React, { useMemo } from 'react'
import { Empty } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AnalysisSevenDay } from '@contracts/analysis'
import { Chart } from '../analysis-chart'
import { CardFrame, type CardProps } from './card-frame'

export function SevenDayCard({ data, range, onDay }: CardProps<AnalysisSevenDay> & { onDay(day: string): void }) {
  const { t } = useTranslation()
  const option = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('adm.analysis.thisWeek'), t('adm.analysis.lastWeek')] },
        grid: { left: 48, right: 16, top: 40, bottom: 32 },
        xAxis: { type: 'category', data: data.current.map((d) => d.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('adm.analysis.thisWeek'), type: 'bar', data: data.current.map((d) => d.enrollments) },
          { name: t('adm.analysis.lastWeek'), type: 'bar', data: data.previous.map((d) => d.enrollments) },
        ],
      },
    [data, t],
  )
  return (
    <CardFrame
      card="seven-day"
      title={t('adm.analysis.card.sevenDay')}
      range={range}
      head={[t('adm.analysis.day'), t('adm.analysis.enrollments'), t('adm.analysis.views'), t('adm.analysis.previousDay'), t('adm.analysis.previousEnrollments'), t('adm.analysis.previousViews')]}
      rows={data && data.current.map((d, i) => [d.day, d.enrollments, d.views, data.previous[i].day, data.previous[i].enrollments, data.previous[i].views])}
    >
      {option ? <Chart testId="analysis-seven-chart" option={option} onClick={(e) => data && onDay(data.current[e.dataIndex].day)} /> : <Empty />}
    </CardFrame>
  )
}
