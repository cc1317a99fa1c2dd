/**
 * Enrolment: the funnel (views → enrolments → approved → checked in at the door), enrolments per activity type, the status tags,
 * and, when one activity is picked, each choice question's answers. A click on the funnel calls
 * `onFunnel`, on a type `onType`.
 */
import React, { useMemo } from 'react'
import { Col, Empty, Row, Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ActivityTypeFilter, AnalysisEnrolment, AnalysisQuestion } from '@contracts/analysis'
import { pick, type Lang } from '../../common/bilingual'
import { Chart } from '../analysis-chart'
import { CardFrame, type CardProps } from './card-frame'

type Labelled = { labelZh: string; labelEn: string }

interface EnrolmentCardProps extends CardProps<AnalysisEnrolment> {
  lang: Lang
  onFunnel(): void
  onType(type: ActivityTypeFilter): void
}

export function EnrolmentCard({ data, range, lang, onFunnel, onType }: EnrolmentCardProps) {
  const { t } = useTranslation()
  const labelOf = (o: Labelled) => pick(lang, o.labelZh, o.labelEn)
  const funnelOption = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'funnel',
            sort: 'none',
            left: '10%',
            width: '80%',
            label: { show: true, position: 'inside', formatter: '{b}: {c}' },
            data: [
              { name: t('adm.analysis.views'), value: data.funnel.views },
              { name: t('adm.analysis.enrollments'), value: data.funnel.enrollments },
              { name: t('adm.analysis.approved'), value: data.funnel.approved },
              ...(data.funnel.checkedIn !== undefined ? [{ name: t('adm.analysis.checkedIn'), value: data.funnel.checkedIn }] : []),
            ],
          },
        ],
      },
    [data, t],
  )
  const typeOption = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        grid: { left: 48, right: 16, top: 16, bottom: 32 },
        xAxis: { type: 'category', axisLabel: { interval: 0 }, data: data.byType.map((x) => t(`adm.analysis.type.${x.type}`)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ name: t('adm.analysis.enrollments'), type: 'bar', data: data.byType.map((x) => x.enrollments) }],
      },
    [data, t],
  )
  return (
    <CardFrame
      card="enrolment"
      title={t('adm.analysis.card.enrolment')}
      range={range}
      head={[t('adm.analysis.figure'), t('adm.analysis.value')]}
      rows={
        data && [
          [t('adm.analysis.views'), data.funnel.views],
          [t('adm.analysis.enrollments'), data.funnel.enrollments],
          [t('adm.analysis.approved'), data.status.approved],
          [t('adm.analysis.pending'), data.status.pending],
          [t('adm.analysis.rejected'), data.status.rejected],
          ...data.byType.map((x) => [t(`adm.analysis.type.${x.type}`), x.enrollments]),
          ...(data.questions ?? []).flatMap((qq) => qq.options.map((o) => [`${labelOf(qq)} · ${labelOf(o)}`, o.count])),
        ]
      }
    >
      <Row gutter={8}>
        <Col span={12}>{funnelOption ? <Chart testId="analysis-funnel-chart" height={220} option={funnelOption} onClick={onFunnel} /> : <Empty />}</Col>
        <Col span={12}>{typeOption ? <Chart testId="analysis-type-chart" height={220} option={typeOption} onClick={(e) => data && onType(data.byType[e.dataIndex].type)} /> : <Empty />}</Col>
      </Row>
      {data ? (
        <Space size={12} wrap>
          <Tag color="orange">{t('adm.analysis.pending')}: {data.status.pending}</Tag>
          <Tag color="green">{t('adm.analysis.approved')}: {data.status.approved}</Tag>
          <Tag color="red">{t('adm.analysis.rejected')}: {data.status.rejected}</Tag>
          {data.status.cancelled !== undefined && <Tag>{t('adm.analysis.cancelled')}: {data.status.cancelled}</Tag>}
          {data.funnel.noShowRate !== undefined && data.funnel.noShowRate !== null && (
            <Tag color="purple" data-testid="analysis-no-show">
              {t('adm.analysis.noShow')}: {Math.round(data.funnel.noShowRate * 1000) / 10}%
            </Tag>
          )}
        </Space>
      ) : null}
      {data?.questions ? (
        data.questions.length ? (
          data.questions.map((qq) => <QuestionChart key={qq.key} question={qq} labelOf={labelOf} answered={t('adm.analysis.answered', { n: qq.answered })} />)
        ) : (
          <Typography.Paragraph type="secondary">{t('adm.analysis.noChoiceQuestions')}</Typography.Paragraph>
        )
      ) : (
        <Typography.Paragraph type="secondary">{t('adm.analysis.pickForQuestions')}</Typography.Paragraph>
      )}
    </CardFrame>
  )
}

function QuestionChart({ question, labelOf, answered }: { question: AnalysisQuestion; labelOf(o: Labelled): string; answered: string }) {
  return (
    <div data-testid={`analysis-question-${question.key}`}>
      <Typography.Text strong>
        {labelOf(question)} ({answered})
      </Typography.Text>
      <Chart
        testId={`analysis-question-chart-${question.key}`}
        height={160}
        option={{
          tooltip: { trigger: 'axis' },
          grid: { left: 16, right: 32, top: 8, bottom: 8, containLabel: true },
          xAxis: { type: 'value', minInterval: 1 },
          yAxis: { type: 'category', data: question.options.map((o) => labelOf(o)) },
          series: [{ type: 'bar', data: question.options.map((o) => o.count) }],
        }}
      />
    </div>
  )
}
