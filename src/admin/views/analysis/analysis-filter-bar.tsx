/**
 * The dashboard's filters: range (with presets), time zone, organisation (shown when the user sees more
 * than one), activity (searched on the server) and type. Each change goes to `change`; the view keeps
 * them in the address.
 */
import React, { useCallback, useEffect, useState } from 'react'
import { Button, Card, DatePicker, Select, Space, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { AnalysisOption, AnalysisQuery } from '@contracts/analysis'
import { analysisActivities, analysisOrganizations } from '../../api/analysis'
import { pick, type Lang } from '../common/bilingual'
import { TIME_ZONES, lastDays } from './analysis-filters'

const PRESET_DAYS = [7, 30, 90, 365]

interface FilterBarProps {
  query: AnalysisQuery
  change(patch: Partial<AnalysisQuery>): void
  lang: Lang
  loading: boolean
}

export function AnalysisFilterBar({ query, change, lang, loading }: FilterBarProps) {
  const { t } = useTranslation()
  const [orgs, setOrgs] = useState<AnalysisOption[]>([])
  const [activities, setActivities] = useState<AnalysisOption[]>([])
  useEffect(() => {
    void analysisOrganizations().then((r) => r.code === 200 && setOrgs(r.result))
  }, [])
  const searchActivities = useCallback((keyword = '') => {
    void analysisActivities(keyword).then((r) => r.code === 200 && setActivities(r.result))
  }, [])
  useEffect(() => searchActivities(), [searchActivities])

  const pickedRange: [Dayjs, Dayjs] = [dayjs(query.from), dayjs(query.to)]
  const nameOf = (o: AnalysisOption) => pick(lang, o.nameZh, o.nameEn)
  return (
    <Card size="small">
      <Space wrap>
        <DatePicker.RangePicker
          data-testid="analysis-range"
          allowClear={false}
          value={pickedRange}
          onChange={(v) => v?.[0] && v?.[1] && change({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') })}
        />
        {PRESET_DAYS.map((n) => (
          <Button key={n} size="small" data-testid={`analysis-preset-${n}`} onClick={() => change(lastDays(n, query.tz || TIME_ZONES[0]))}>
            {t('adm.analysis.lastDays', { n })}
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
            options={orgs.map((o) => ({ value: o.id, label: nameOf(o) }))}
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
          options={activities.map((a) => ({ value: a.id, label: nameOf(a) }))}
          onChange={(activityId?: number) => change({ activityId })}
        />
        <Select
          data-testid="analysis-type"
          allowClear
          style={{ width: 140 }}
          placeholder={t('adm.analysis.allTypes')}
          value={query.type}
          options={(['online', 'offline', 'both'] as const).map((x) => ({ value: x, label: t(`adm.analysis.type.${x}`) }))}
          onChange={(type?: AnalysisQuery['type']) => change({ type })}
        />
        {loading ? <Tag color="processing">{t('adm.analysis.loading')}</Tag> : null}
      </Space>
    </Card>
  )
}
