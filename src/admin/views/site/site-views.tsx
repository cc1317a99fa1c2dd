/**
 * The site content list views: banners, adverts (four areas), videos, cases, partners, platforms and
 * roadshow settings (projects + records), each a SiteCrudView configuration.
 */
import React, { useState } from 'react'
import { Button, Card, Tabs, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { ADVERT_AREAS, BANNER_POSITIONS, ROADSHOW_KINDS, VIDEO_CATEGORIES, type RoadshowOptions } from '@contracts/admin-site'
import { platformOptions, roadshowOptions } from '../../api/site'
import type { ViewProps } from '../view-props'
import { SiteCrudView } from './crud-view'
import { pick, type CrudViewConfig, type Lang, type Option } from './crud-config'
import { imageCol, textCol, timeCol, titleCol, windowColumn } from './crud-columns'

type T = (k: string, o?: any) => string

const enumOptions = (t: T, group: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`adm.site.${group}.${v}`) }))
const linkCol = (t: T) => ({ title: t('adm.site.field.linkUrl'), dataIndex: 'linkUrl', key: 'linkUrl', width: 180, ellipsis: true, render: (v: string | null) => v || '—' })

const BANNER: CrudViewConfig = {
  key: 'banner',
  testid: 'site-banner',
  hasStatus: true,
  hasSort: true,
  defaults: { position: 'home', sort: 0 },
  filters: [{ name: 'position', options: (_e, _l) => [] }],
  columns: (t, lang) => [
    imageCol(t, 'imageUrl', 'imageUrl'),
    titleCol(t, lang),
    { title: t('adm.site.field.position'), dataIndex: 'position', key: 'position', width: 110, sorter: true, render: (v: string) => <Tag>{t(`adm.site.position.${v}`)}</Tag> },
    linkCol(t),
    windowColumn(t),
  ],
  fields: [
    { name: 'title', type: 'text', bilingual: true, required: true, max: 200 },
    { name: 'position', type: 'select', required: true },
    { name: 'imageUrl', type: 'image', kind: 'image', hint: 'banner', required: true },
    { name: 'linkUrl', type: 'url', max: 500 },
    { name: 'sort', type: 'number' },
    { name: 'startAt', type: 'datetime' },
    { name: 'endAt', type: 'datetime' },
  ],
}

const ADVERT: CrudViewConfig = {
  key: 'advert',
  testid: 'site-advert',
  hasStatus: true,
  hasSort: true,
  defaults: { area: 'area', sort: 0 },
  filters: [{ name: 'area', options: () => [] }],
  columns: (t, lang) => [
    imageCol(t, 'imageUrl', 'imageUrl'),
    titleCol(t, lang),
    { title: t('adm.site.field.area'), dataIndex: 'area', key: 'area', width: 110, sorter: true, render: (v: string) => <Tag color="purple">{t(`adm.site.area.${v}`)}</Tag> },
    linkCol(t),
    windowColumn(t),
  ],
  fields: [
    { name: 'area', type: 'select', required: true },
    { name: 'title', type: 'text', bilingual: true, required: true, max: 200 },
    { name: 'imageUrl', type: 'image', kind: 'image', hint: 'advert', required: true },
    { name: 'linkUrl', type: 'url', max: 500 },
    { name: 'sort', type: 'number' },
    { name: 'startAt', type: 'datetime' },
    { name: 'endAt', type: 'datetime' },
  ],
}

const VIDEO: CrudViewConfig = {
  key: 'video',
  testid: 'site-video',
  hasStatus: true,
  defaults: { category: 'about', durationSeconds: 0 },
  filters: [{ name: 'category', options: () => [] }],
  columns: (t, lang) => [
    imageCol(t, 'coverUrl', 'coverUrl'),
    titleCol(t, lang),
    { title: t('adm.site.field.category'), dataIndex: 'category', key: 'category', width: 110, sorter: true, render: (v: string) => <Tag>{t(`adm.site.category.${v}`)}</Tag> },
    {
      title: t('adm.site.field.durationSeconds'),
      dataIndex: 'durationSeconds',
      key: 'durationSeconds',
      width: 100,
      sorter: true,
      render: (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`,
    },
    timeCol(t, 'publishedAt'),
  ],
  fields: [
    { name: 'title', type: 'text', bilingual: true, required: true, max: 200 },
    { name: 'category', type: 'select', required: true },
    { name: 'videoUrl', type: 'video', required: true, coverField: 'coverUrl', durationField: 'durationSeconds' },
    { name: 'coverUrl', type: 'image', kind: 'videoCover', hint: 'videoCover' },
    { name: 'durationSeconds', type: 'number', max: 86400 },
    { name: 'publishedAt', type: 'datetime' },
  ],
}

const CASE: CrudViewConfig = {
  key: 'case',
  testid: 'site-case',
  hasStatus: true,
  hasSort: true,
  defaults: { sort: 0 },
  columns: (t, lang) => [
    imageCol(t, 'coverUrl', 'coverUrl'),
    titleCol(t, lang),
    textCol(t, lang, 'summary'),
    timeCol(t, 'updatedAt'),
  ],
  fields: [
    { name: 'title', type: 'text', bilingual: true, required: true, max: 200 },
    { name: 'summary', type: 'textarea', bilingual: true, max: 1000 },
    { name: 'coverUrl', type: 'image', kind: 'image', hint: 'cover' },
    { name: 'content', type: 'rich', bilingual: true },
    { name: 'sort', type: 'number' },
  ],
}

const PARTNER: CrudViewConfig = {
  key: 'partner',
  testid: 'site-partner',
  hasStatus: true,
  hasSort: true,
  defaults: { sort: 0 },
  columns: (t, lang) => [
    imageCol(t, 'logoUrl', 'logoUrl'),
    titleCol(t, lang, 'name'),
    {
      title: t('adm.site.field.website'),
      dataIndex: 'website',
      key: 'website',
      render: (v: string | null) => (v ? <a href={v} target="_blank" rel="noopener noreferrer">{v}</a> : '—'),
    },
  ],
  fields: [
    { name: 'name', type: 'text', bilingual: true, required: true, max: 100 },
    { name: 'logoUrl', type: 'image', kind: 'logo', hint: 'logo' },
    { name: 'website', type: 'url', max: 500 },
    { name: 'sort', type: 'number' },
  ],
}

const natureOptions = (extra: { natures?: { code: string; nameZh: string; nameEn: string }[] } | null, lang: Lang): Option[] =>
  (extra?.natures ?? []).map((n) => ({ value: n.code, label: pick(n, 'name', lang) }))

const PLATFORM: CrudViewConfig = {
  key: 'platform',
  testid: 'site-platform',
  hasStatus: true,
  hasSort: true,
  extra: platformOptions,
  defaults: { sort: 0 },
  filters: [{ name: 'natureCode', options: natureOptions, width: 170 }],
  columns: (t, lang, extra) => [
    imageCol(t, 'logoUrl', 'logoUrl'),
    titleCol(t, lang, 'name'),
    {
      title: t('adm.site.field.natureCode'),
      dataIndex: 'natureCode',
      key: 'natureCode',
      width: 140,
      sorter: true,
      render: (v: string) => natureOptions(extra, lang).find((o) => o.value === v)?.label ?? v,
    },
    textCol(t, lang, 'city', 110),
    { title: t('adm.site.field.website'), dataIndex: 'website', key: 'website', width: 200, ellipsis: true, render: (v: string | null) => v || '—' },
  ],
  fields: [
    { name: 'name', type: 'text', bilingual: true, required: true, max: 100 },
    { name: 'natureCode', type: 'select', required: true, options: natureOptions },
    { name: 'city', type: 'text', bilingual: true, max: 50 },
    { name: 'logoUrl', type: 'image', kind: 'logo', hint: 'logo' },
    { name: 'website', type: 'url', max: 500 },
    { name: 'intro', type: 'textarea', bilingual: true, max: 1000 },
    { name: 'content', type: 'rich', bilingual: true },
    { name: 'sort', type: 'number' },
  ],
}

const sel = (list: { id: number; titleZh: string; titleEn: string }[] | undefined, lang: Lang): Option[] =>
  (list ?? []).map((o) => ({ value: o.id, label: `${pick(o, 'title', lang)} (#${o.id})` }))

const roadshowConfig = (onRecords: (id: number) => void, t: T): CrudViewConfig => ({
  key: 'roadshow',
  testid: 'site-roadshow',
  hasStatus: true,
  extra: roadshowOptions,
  defaults: { kind: 'project' },
  filters: [
    { name: 'kind', options: () => [] },
    { name: 'fieldCode', options: (e: RoadshowOptions | null, lang) => (e?.fields ?? []).map((f) => ({ value: f.code, label: pick(f, 'name', lang) })), width: 170 },
  ],
  columns: (tt, lang, extra: RoadshowOptions | null) => [
    imageCol(tt, 'coverUrl', 'coverUrl'),
    titleCol(tt, lang),
    { title: tt('adm.site.field.kind'), dataIndex: 'kind', key: 'kind', width: 90, sorter: true, render: (v: string) => <Tag>{tt(`adm.site.kind.${v}`)}</Tag> },
    {
      title: tt('adm.site.field.fieldCode'),
      dataIndex: 'fieldCode',
      key: 'fieldCode',
      width: 130,
      sorter: true,
      render: (v: string) => {
        const f = extra?.fields.find((x) => x.code === v)
        return f ? pick(f, 'name', lang) : v
      },
    },
    {
      title: tt('adm.site.field.connect'),
      key: 'connect',
      width: 200,
      render: (_: unknown, r: any) => (
        <div style={{ fontSize: 12 }}>
          {r.competitionId ? <div>{tt('adm.site.field.competitionId')}: {sel(extra?.competitions, lang).find((o) => o.value === r.competitionId)?.label ?? `#${r.competitionId}`}</div> : null}
          {r.bpVideoId ? <div>{tt('adm.site.field.bpVideoId')}: {sel(extra?.videos, lang).find((o) => o.value === r.bpVideoId)?.label ?? `#${r.bpVideoId}`}</div> : null}
          {!r.competitionId && !r.bpVideoId ? '—' : null}
        </div>
      ),
    },
    timeCol(tt, 'publishedAt'),
  ],
  rowActions: (row) => (
    <Button size="small" type="link" data-testid={`site-roadshow-records-${row.id}`} onClick={() => onRecords(row.id)}>
      {t('adm.site.roadshow.records')} ({row.recordCount ?? 0})
    </Button>
  ),
  fields: [
    { name: 'kind', type: 'select', required: true },
    { name: 'title', type: 'text', bilingual: true, required: true, max: 200 },
    { name: 'fieldCode', type: 'select', required: true, options: (e: RoadshowOptions | null, lang) => (e?.fields ?? []).map((f) => ({ value: f.code, label: pick(f, 'name', lang) })) },
    { name: 'summary', type: 'textarea', bilingual: true, max: 1000 },
    { name: 'stage', type: 'text', bilingual: true, max: 100 },
    { name: 'coverUrl', type: 'image', kind: 'image', hint: 'cover' },
    { name: 'organizationId', type: 'select', optional: true, options: (e: RoadshowOptions | null, lang) => sel(e?.organizations, lang) },
    { name: 'competitionId', type: 'select', optional: true, options: (e: RoadshowOptions | null, lang) => sel(e?.competitions, lang) },
    { name: 'bpVideoId', type: 'bpVideo', options: (e: RoadshowOptions | null, lang) => sel(e?.videos, lang) },
    { name: 'content', type: 'rich', bilingual: true },
    { name: 'publishedAt', type: 'datetime' },
  ],
})

const recordConfig = (projectId: number | undefined): CrudViewConfig => ({
  key: 'roadshowRecord',
  testid: 'site-record',
  initialFilters: projectId ? { projectId } : {},
  extra: roadshowOptions,
  filters: [{ name: 'projectId', options: (e: RoadshowOptions | null, lang) => sel(e?.projects, lang), width: 260 }],
  columns: (t, lang, extra: RoadshowOptions | null) => [
    titleCol(t, lang),
    {
      title: t('adm.site.field.projectId'),
      dataIndex: 'projectId',
      key: 'projectId',
      width: 220,
      render: (v: number) => sel(extra?.projects, lang).find((o) => o.value === v)?.label ?? `#${v}`,
    },
    timeCol(t, 'heldAt'),
    textCol(t, lang, 'city', 110),
    textCol(t, lang, 'result'),
  ],
  fields: [
    { name: 'projectId', type: 'select', required: true, options: (e: RoadshowOptions | null, lang) => sel(e?.projects, lang) },
    { name: 'title', type: 'text', bilingual: true, required: true, max: 200 },
    { name: 'heldAt', type: 'datetime', required: true },
    { name: 'city', type: 'text', bilingual: true, max: 50 },
    { name: 'result', type: 'textarea', bilingual: true, max: 500 },
  ],
})

/** enum choices need `t`: filled per render */
function withEnums(c: CrudViewConfig, t: T): CrudViewConfig {
  const enums: Record<string, Option[]> = {
    position: enumOptions(t, 'position', BANNER_POSITIONS),
    area: enumOptions(t, 'area', ADVERT_AREAS),
    category: enumOptions(t, 'category', VIDEO_CATEGORIES),
    kind: enumOptions(t, 'kind', ROADSHOW_KINDS),
  }
  return {
    ...c,
    filters: c.filters?.map((f) => (enums[f.name] ? { ...f, options: () => enums[f.name] } : f)),
    fields: c.fields.map((f) => (enums[f.name] ? { ...f, options: () => enums[f.name] } : f)),
  }
}

function useConfig(c: CrudViewConfig): CrudViewConfig {
  // t changes with the language, so the enum labels follow it
  const { t } = useTranslation()
  return React.useMemo(() => withEnums(c, t), [c, t])
}

export function BannerView({ lang }: ViewProps) {
  return <SiteCrudView config={useConfig(BANNER)} lang={lang} />
}
export function AdvertView({ lang }: ViewProps) {
  return <SiteCrudView config={useConfig(ADVERT)} lang={lang} />
}
export function VideoView({ lang }: ViewProps) {
  return <SiteCrudView config={useConfig(VIDEO)} lang={lang} />
}
export function CaseView({ lang }: ViewProps) {
  return <SiteCrudView config={useConfig(CASE)} lang={lang} />
}
export function PartnerView({ lang }: ViewProps) {
  return <SiteCrudView config={useConfig(PARTNER)} lang={lang} />
}
export function PlatformView({ lang }: ViewProps) {
  return <SiteCrudView config={useConfig(PLATFORM)} lang={lang} />
}

/** Roadshow settings: projects (connect a competition and a BP video) and their records. */
export function RoadshowView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const [tab, setTab] = useState('projects')
  const [projectId, setProjectId] = useState<number | undefined>(undefined)
  const projects = React.useMemo(
    () =>
      roadshowConfig((id) => {
        setProjectId(id)
        setTab('records')
      }, t),
    [t],
  )
  const projectsCfg = React.useMemo(() => withEnums(projects, t), [projects, t])
  const records = React.useMemo(() => withEnums(recordConfig(projectId), t), [projectId, t])
  return (
    <Card styles={{ body: { paddingTop: 8 } }} data-testid="site-roadshow-tabs">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'projects', label: t('adm.site.roadshow.projects'), children: <SiteCrudView config={projectsCfg} lang={lang} /> },
          {
            key: 'records',
            label: t('adm.site.roadshow.records'),
            children: <SiteCrudView key={projectId ?? 0} config={records} lang={lang} />,
          },
        ]}
      />
    </Card>
  )
}
