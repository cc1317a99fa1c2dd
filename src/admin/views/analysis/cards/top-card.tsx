/** The ten activities with the most enrolments, as bars and as a table; either opens an activity's enrolments. */
import React, { useMemo } from 'react'
import { Col, Empty, Row, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AnalysisTopActivity } from '@contracts/analysis'
import { pick, type Lang } from '../../common/bilingual'
import { Chart } from '../analysis-chart'
import { CardFrame, type CardProps } from './card-frame'

export function TopCard({ data, range, lang, onActivity }: CardProps<AnalysisTopActivity[]> & { lang: Lang; onActivity(id: number): void }) {
  const { t } = useTranslation()
  const titleOf = (a: AnalysisTopActivity) => pick(lang, a.titleZh, a.titleEn)
  const option = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        grid: { left: 16, right: 32, top: 8, bottom: 8, containLabel: true },
        xAxis: { type: 'value', minInterval: 1 },
        yAxis: { type: 'category', inverse: true, data: data.map((a) => pick(lang, a.titleZh, a.titleEn).slice(0, 18)) },
        series: [{ name: t('adm.analysis.enrollments'), type: 'bar', data: data.map((a) => a.enrollments) }],
      },
    [data, lang, t],
  )
  return (
    <CardFrame
      card="top"
      title={t('adm.analysis.card.top')}
      testId="analysis-top"
      range={range}
      head={['#', t('adm.analysis.activity'), t('adm.analysis.enrollments'), t('adm.analysis.approved'), t('adm.analysis.views')]}
      rows={data && data.map((a, i) => [i + 1, titleOf(a), a.enrollments, a.approved, a.views])}
    >
      <Row gutter={16}>
        <Col span={10}>{option && data?.length ? <Chart testId="analysis-top-chart" height={320} option={option} onClick={(e) => onActivity(data[e.dataIndex].id)} /> : <Empty />}</Col>
        <Col span={14}>
          <Table<AnalysisTopActivity>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data ?? []}
            columns={[
              { title: '#', key: 'rank', width: 48, render: (_v, _r, i) => i + 1 },
              { title: t('adm.analysis.activity'), key: 'title', render: (_v, a) => <Typography.Link onClick={() => onActivity(a.id)}>{titleOf(a)}</Typography.Link> },
              { title: t('adm.analysis.enrollments'), dataIndex: 'enrollments', width: 100 },
              { title: t('adm.analysis.approved'), dataIndex: 'approved', width: 100 },
              { title: t('adm.analysis.views'), dataIndex: 'views', width: 100 },
            ]}
          />
        </Col>
      </Row>
    </CardFrame>
  )
}
