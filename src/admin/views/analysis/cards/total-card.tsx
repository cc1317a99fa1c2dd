/** The totals of the filtered range, one figure per key. */
import React from 'react'
import { Col, Row, Statistic } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AnalysisTotals } from '@contracts/analysis'
import { CardFrame, type CardProps } from './card-frame'

const TOTAL_KEYS = ['activitiesPublished', 'enrollments', 'approved', 'pending', 'participants', 'views', 'subscribers', 'chats'] as const

export function TotalCard({ data, range }: CardProps<AnalysisTotals>) {
  const { t } = useTranslation()
  return (
    <CardFrame
      card="total"
      title={t('adm.analysis.card.total')}
      testId="analysis-total"
      range={range}
      head={[t('adm.analysis.figure'), t('adm.analysis.value')]}
      rows={data && TOTAL_KEYS.map((k) => [t(`adm.analysis.total.${k}`), data[k] ?? ''])}
    >
      <Row gutter={[16, 16]}>
        {TOTAL_KEYS.map((k) => (
          <Col span={3} key={k}>
            <Statistic title={t(`adm.analysis.total.${k}`)} value={data ? (data[k] ?? '—') : '—'} valueStyle={{ fontSize: 22 }} />
          </Col>
        ))}
      </Row>
    </CardFrame>
  )
}
