/** The range's figures against the previous period of the same length, with the change in per cent. */
import React from 'react'
import { Col, Row, Statistic, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AnalysisBox } from '@contracts/analysis'
import { CardFrame, type CardProps } from './card-frame'

export function BoxCard({ data, range }: CardProps<AnalysisBox>) {
  const { t } = useTranslation()
  return (
    <CardFrame
      card="box"
      title={t('adm.analysis.card.box', { from: data?.previousFrom ?? '', to: data?.previousTo ?? '' })}
      testId="analysis-box"
      range={range}
      head={[t('adm.analysis.figure'), t('adm.analysis.current'), t('adm.analysis.previous'), t('adm.analysis.change')]}
      rows={data && data.items.map((i) => [t(`adm.analysis.total.${i.key}`), i.current, i.previous, i.changePercent ?? ''])}
    >
      <Row gutter={[16, 16]}>
        {(data?.items ?? []).map((i) => (
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
    </CardFrame>
  )
}
