/** Enrolments, participants and activities per country of the activities in the range. */
import React, { useMemo } from 'react'
import { Empty } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AnalysisCountry } from '@contracts/analysis'
import { pick, type Lang } from '../../common/bilingual'
import { Chart } from '../analysis-chart'
import { CardFrame, type CardProps } from './card-frame'

export function CountryCard({ data, range, lang }: CardProps<AnalysisCountry> & { lang: Lang }) {
  const { t } = useTranslation()
  const option = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('adm.analysis.enrollments'), t('adm.analysis.participants'), t('adm.analysis.activities')] },
        grid: { left: 48, right: 16, top: 40, bottom: 32 },
        xAxis: { type: 'category', axisLabel: { interval: 0 }, data: data.items.map((c) => pick(lang, c.nameZh, c.nameEn)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('adm.analysis.enrollments'), type: 'bar', data: data.items.map((c) => c.enrollments) },
          { name: t('adm.analysis.participants'), type: 'bar', data: data.items.map((c) => c.participants) },
          { name: t('adm.analysis.activities'), type: 'bar', data: data.items.map((c) => c.activities) },
        ],
      },
    [data, lang, t],
  )
  return (
    <CardFrame
      card="country"
      title={t('adm.analysis.card.country')}
      range={range}
      head={[t('adm.analysis.country'), t('adm.analysis.enrollments'), t('adm.analysis.participants'), t('adm.analysis.activities')]}
      rows={data && data.items.map((c) => [pick(lang, c.nameZh, c.nameEn), c.enrollments, c.participants, c.activities])}
    >
      {option && data?.items.length ? <Chart testId="analysis-country-chart" option={option} /> : <Empty />}
    </CardFrame>
  )
}
