/**
 * Content area: talents (/talentDetail), the platforms' jobs (/job, /platformDetail) and premium places
 * (/premiumPlace, /sponsor?id=), each a SiteCrudView configuration: search, filters, sortable columns,
 * paging, publish switch, order and delete; every write is read by the consumer pages at once.
 */
import React from 'react'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { DEGREES, type JobOptions, type TalentOptions } from '@contracts/admin-site'
import type { OptionItem } from '@contracts/api'
import { jobOptions, talentOptions } from '../../api/content'
import type { ViewProps } from '../view-props'
import { SiteCrudView } from '../site/crud-view'
import { pick, type CrudViewConfig, type Lang, type Option } from '../site/crud-config'
import { imageCol, textCol, timeCol, titleCol } from '../site/crud-columns'

type T = (k: string, o?: any) => string

const codes = (list: OptionItem[] | undefined, lang: Lang): Option[] => (list ?? []).map((o) => ({ value: o.code, label: pick(o, 'name', lang) }))
const nameOf = (options: Option[], v: unknown) => options.find((o) => o.value === v)?.label ?? (v == null || v === '' ? '—' : String(v))
const degrees = (t: T): Option[] => DEGREES.map((d) => ({ value: d, label: t(`adm.content.degree.${d}`) }))

const talentConfig = (t: T): CrudViewConfig => ({
  key: 'talent',
  testid: 'content-talent',
  hasStatus: true,
  hasSort: true,
  extra: talentOptions,
  defaults: { degree: 'doctor', sort: 0 },
  filters: [
    { name: 'fieldCode', options: (e: TalentOptions | null, lang) => codes(e?.fields, lang), width: 170 },
    { name: 'country', options: (e: TalentOptions | null, lang) => codes(e?.countries, lang), width: 150 },
  ],
  columns: (tt, lang, extra: TalentOptions | null) => [
    imageCol(tt, 'avatarUrl', 'avatarUrl'),
    titleCol(tt, lang, 'name'),
    textCol(tt, lang, 'title', 200),
    { title: tt('adm.site.field.fieldCode'), dataIndex: 'fieldCode', key: 'fieldCode', width: 130, sorter: true, render: (v: string) => nameOf(codes(extra?.fields, lang), v) },
    { title: tt('adm.site.field.country'), dataIndex: 'country', key: 'country', width: 110, sorter: true, render: (v: string) => nameOf(codes(extra?.countries, lang), v) },
    { title: tt('adm.site.field.degree'), dataIndex: 'degree', key: 'degree', width: 90, render: (v: string) => nameOf(degrees(tt), v) },
    timeCol(tt, 'updatedAt'),
  ],
  fields: [
    { name: 'name', type: 'text', bilingual: true, required: true, max: 100 },
    { name: 'title', type: 'text', bilingual: true, max: 200 },
    { name: 'fieldCode', type: 'select', required: true, options: (e: TalentOptions | null, lang) => codes(e?.fields, lang) },
    { name: 'country', type: 'select', required: true, optional: true, options: (e: TalentOptions | null, lang) => codes(e?.countries, lang) },
    { name: 'degree', type: 'select', required: true, options: () => degrees(t) },
    { name: 'avatarUrl', type: 'image', kind: 'avatar', hint: 'avatar' },
    { name: 'intro', type: 'rich', bilingual: true },
    { name: 'achievements', type: 'textarea', bilingual: true, max: 4000, help: 'achievements' },
    { name: 'sort', type: 'number' },
  ],
})

const platforms = (e: JobOptions | null, lang: Lang): Option[] => (e?.platforms ?? []).map((p) => ({ value: p.id, label: `${pick(p, 'title', lang)} (#${p.id})` }))

const jobConfig = (t: T): CrudViewConfig => ({
  key: 'job',
  testid: 'content-job',
  hasStatus: true,
  extra: jobOptions,
  filters: [{ name: 'platformId', options: platforms, width: 260 }],
  columns: (tt, lang, extra: JobOptions | null) => [
    titleCol(tt, lang),
    { title: tt('adm.site.field.platformId'), dataIndex: 'platformId', key: 'platformId', width: 220, sorter: true, render: (v: number) => nameOf(platforms(extra, lang), v) },
    { title: tt('adm.site.field.zone'), dataIndex: 'kind', key: 'kind', width: 100, sorter: true, render: (v: string) => <Tag color={v === 'college' ? 'blue' : 'purple'}>{tt(`adm.content.zone.${v}`)}</Tag> },
    textCol(tt, lang, 'city', 100),
    textCol(tt, lang, 'salary', 140),
    timeCol(tt, 'publishedAt'),
  ],
  fields: [
    { name: 'platformId', type: 'select', required: true, optional: true, options: platforms },
    { name: 'title', type: 'text', bilingual: true, required: true, max: 200 },
    { name: 'city', type: 'text', bilingual: true, max: 50, help: 'jobCity' },
    { name: 'salary', type: 'text', bilingual: true, max: 100 },
    { name: 'degree', type: 'select', optional: true, options: () => degrees(t) },
    { name: 'description', type: 'textarea', bilingual: true, max: 5000 },
    { name: 'publishedAt', type: 'datetime' },
  ],
})

const PLACE: CrudViewConfig = {
  key: 'place',
  testid: 'content-place',
  hasStatus: true,
  hasSort: true,
  statusText: { title: 'adm.content.premium.title', on: 'adm.content.premium.on', off: 'adm.content.premium.off' },
  defaults: { sort: 0 },
  columns: (t, lang) => [
    imageCol(t, 'logoUrl', 'logoUrl'),
    titleCol(t, lang, 'name'),
    textCol(t, lang, 'city', 100),
    imageCol(t, 'bannerUrl', 'bannerUrl'),
    { title: t('adm.site.field.followerCount'), dataIndex: 'followerCount', key: 'followerCount', width: 100, sorter: true },
    { title: t('adm.site.field.website'), dataIndex: 'website', key: 'website', width: 200, ellipsis: true, render: (v: string | null) => v || '—' },
  ],
  fields: [
    { name: 'name', type: 'text', bilingual: true, required: true, max: 100 },
    { name: 'city', type: 'text', bilingual: true, max: 50 },
    { name: 'logoUrl', type: 'image', kind: 'logo', hint: 'logo' },
    { name: 'bannerUrl', type: 'image', kind: 'image', hint: 'banner' },
    { name: 'intro', type: 'textarea', bilingual: true, max: 1000 },
    { name: 'content', type: 'rich', bilingual: true },
    { name: 'website', type: 'url', max: 500 },
    { name: 'sort', type: 'number' },
  ],
}

/** configs whose labels need `t`: rebuilt when the language changes */
function useTConfig(build: (t: T) => CrudViewConfig): CrudViewConfig {
  const { t } = useTranslation()
  return React.useMemo(() => build(t), [build, t])
}

export function TalentView({ lang }: ViewProps) {
  return <SiteCrudView config={useTConfig(talentConfig)} lang={lang} />
}
export function JobView({ lang }: ViewProps) {
  return <SiteCrudView config={useTConfig(jobConfig)} lang={lang} />
}
export function PlaceView({ lang }: ViewProps) {
  return <SiteCrudView config={PLACE} lang={lang} />
}
