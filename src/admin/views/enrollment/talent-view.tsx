/**
 * 'activity/talent/list' (my talent activity): per activity, the people promoters brought
 * (activity_enrollments.promoter_user_id) — activities with promoted enrolments on the left, the
 * enrolments of the chosen one on the right (search by person, answers, promoter or share code), and
 * the activity talent detail in a drawer. Operations see every organization, organizers their own.
 */
import React, { useState } from 'react'
import { Badge, Card, Col, Empty, List, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AdminEnrollActivity, AdminEnrollItem, AdminEnrollListPage } from '@contracts/admin-enrollment'
import { listTalentActivities, listTalentEnrollments, talentDetail } from '../../api/enrollment'
import { formatTime } from '../common/format'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { KeywordSearch } from '../common/list-toolbar'
import { RowLink } from '../common/row-actions'
import type { ViewProps } from '../view-props'
import { answerText, fieldLabel, pick } from './enroll-rows'
import { PersonCell, PromoterCell, StatusTag, TalentDrawer } from './enroll-parts'

export default function TalentView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const acts = useTableList<AdminEnrollActivity>(listTalentActivities, {}, 10)
  const [activity, setActivity] = useState<AdminEnrollActivity | null>(null)
  const list = useTableList<AdminEnrollItem>(activity ? listTalentEnrollments : null)
  const [detail, setDetail] = useState<number | null>(null)
  const page = list.data as AdminEnrollListPage
  const fields = (page.activity && page.activity.id === activity?.id ? page.fields : []) ?? []
  // the first two form fields (usually name and e-mail) summarise what the person answered
  const shown = fields.filter((f) => f.type !== 'attachment').slice(0, 2)

  return (
    <Row gutter={16} data-testid="adm-talent">
      <Col span={8}>
        <Card title={t('adm.enrollment.talentView.activities')}>
          <KeywordSearch placeholder={t('adm.enrollment.pickPlaceholder')} button={false} style={{ width: '100%', marginBottom: 12 }} list={acts} testId="adm-talent-activity-search" />
          <List<AdminEnrollActivity>
            loading={acts.loading}
            dataSource={acts.data.list}
            pagination={{ current: acts.pagination.current, pageSize: acts.pagination.pageSize, total: acts.pagination.total, onChange: acts.pagination.onChange, showSizeChanger: false, size: 'small' }}
            locale={{ emptyText: <Empty description={t('adm.enrollment.talentView.noActivities')} /> }}
            renderItem={(a) => (
              <List.Item
                key={a.id}
                onClick={() => {
                  setActivity(a)
                  list.setFilters({ activityId: a.id })
                }}
                style={{ cursor: 'pointer', background: activity?.id === a.id ? 'rgba(22,119,255,0.08)' : undefined, paddingInline: 8 }}
                data-testid="adm-talent-activity"
              >
                <List.Item.Meta title={pick(lang, a.titleZh, a.titleEn)} description={`${formatTime(a.startTime).slice(0, 10)} · ${pick(lang, a.organizationNameZh, a.organizationNameEn)}`} />
                <Badge count={t('adm.enrollment.talentView.promoted', { count: a.promotedCount })} color="blue" />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col span={16}>
        <Card title={activity ? `${t('adm.enrollment.talentView.people')} · ${pick(lang, activity.titleZh, activity.titleEn)}` : t('adm.enrollment.talentView.people')}>
          {!activity ? (
            <Empty description={t('adm.enrollment.talentView.pick')} />
          ) : (
            <>
              <KeywordSearch placeholder={t('adm.enrollment.talentView.keyword')} style={{ width: 340, marginBottom: 12 }} list={list} testId="adm-talent-search" />
              <ListTable<AdminEnrollItem>
                list={list}
                sort={false}
                size="middle"
                scroll={{ x: 'max-content' }}
                columns={[
                  ...shown.map((f) => ({ key: f.key, title: fieldLabel(f, lang), render: (_: unknown, r: AdminEnrollItem) => answerText(f, r.answers[f.key], lang) || '—' })),
                  { key: 'person', title: t('adm.enrollment.person'), render: (_, r) => <PersonCell item={r} /> },
                  { key: 'promoter', title: t('adm.enrollment.promoter'), render: (_, r) => <PromoterCell item={r} /> },
                  { key: 'status', title: t('adm.table.status'), width: 100, render: (_, r) => <StatusTag status={r.status} /> },
                  { key: 'time', title: t('adm.enrollment.time'), width: 150, render: (_, r) => formatTime(r.createdAt) },
                  {
                    key: 'actions',
                    title: t('adm.table.actions'),
                    width: 90,
                    render: (_, r) => (
                      <RowLink onClick={() => setDetail(r.id)} data-testid="adm-talent-detail">
                        {t('adm.enrollment.talentView.detail')}
                      </RowLink>
                    ),
                  },
                ]}
              />
            </>
          )}
        </Card>
      </Col>
      <TalentDrawer load={talentDetail} enrollmentId={detail} lang={lang} onClose={() => setDetail(null)} />
    </Row>
  )
}
