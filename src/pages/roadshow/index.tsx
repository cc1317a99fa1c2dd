import { useEffect, useState } from 'react'
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useLang } from '../../shared/hooks/use-lang'
import { useScrollPagedList } from '../../shared/hooks/use-paged-list'
import { useQueryParam } from '../../shared/hooks/use-query-param'
import { Chips, KeywordBox, Tabs, PagedItems } from '../../components/ui/list'
import { PageHead } from '../../components/ui/detail'
import { VideoCard } from '../../components/video/video-card'
import { CompetitionGrid } from './competition-grid'
import { getRoadshowFields, getRoadshowProjectList, getRoadshowRecordList, getVideoList } from '../../shared/api/content'
import { pickLang, type Lang } from '../../shared/i18n'
import { ProjectCard, RecordRow } from '../../components/roadshow/roadshow-cards'
import type { OptionItem } from '@contracts/api'
import type { RoadshowProjectListItem, RoadshowRecord } from '@contracts/roadshow'
import type { VideoItem } from '@contracts/site'

export const ROADSHOW_TABS = ['project', 'resource', 'record', 'competition', 'video'] as const
export type RoadshowTab = (typeof ROADSHOW_TABS)[number]

function ProjectTab({ kind, lang }: { kind: 'project' | 'resource'; lang: Lang }) {
  const { t } = useTranslation()
  const [keyword, setKeyword] = useState('')
  const [fieldCode, setFieldCode] = useState('')
  const [fields, setFields] = useState<OptionItem[]>([])
  useEffect(() => {
    getRoadshowFields(kind)
      .then((list) => setFields(Array.isArray(list) ? list : []))
      .catch(() => setFields([]))
  }, [kind])
  const list = useScrollPagedList<RoadshowProjectListItem, { kind: string; keyword: string; fieldCode: string }>(getRoadshowProjectList as any, { kind, keyword, fieldCode })
  return (
    <View>
      <View className='hj-c-toolbar'>
        <KeywordBox value={keyword} onSearch={setKeyword} testid='roadshow-keyword' />
        {fields.length > 1 && (
          <View className='hj-c-filters'>
            <Chips
              testid='roadshow-field'
              label={t('roadshow.field')}
              value={fieldCode}
              onChange={setFieldCode}
              options={fields.map((f) => ({ value: f.code, label: pickLang(f, 'name', lang) }))}
            />
          </View>
        )}
      </View>
      <PagedItems list={list} testid='roadshow'>
        {(p) => <ProjectCard key={p.id} item={p} lang={lang} testid='roadshow-item' />}
      </PagedItems>
    </View>
  )
}

function RecordTab({ lang }: { lang: Lang }) {
  const list = useScrollPagedList<RoadshowRecord, object>(getRoadshowRecordList as any, {})
  return (
    <View>
      <PagedItems list={list} testid='roadshow' className='hj-c-list'>
        {(r) => <RecordRow key={r.id} item={r} lang={lang} testid='roadshow-item' linked />}
      </PagedItems>
    </View>
  )
}

function VideoTab({ lang }: { lang: Lang }) {
  const list = useScrollPagedList<VideoItem, { category: string }>(getVideoList as any, { category: 'bp' })
  return (
    <View>
      <PagedItems list={list} testid='roadshow' className='hj-c-grid hj-c-grid--3'>
        {(v) => <VideoCard key={v.id} item={v} lang={lang} testid='roadshow-item' />}
      </PagedItems>
    </View>
  )
}

/** /roadshow — projects, resources, records, competitions and BP videos in tabs (`?tab=` preselects). */
export default function RoadshowPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const initial = useQueryParam('tab') as RoadshowTab
  const [tab, setTab] = useState<RoadshowTab>(ROADSHOW_TABS.includes(initial) ? initial : 'project')
  return (
    <Layout path='/roadshow' titleKey='page.roadshow'>
      <PageHead title={t('roadshow.title')} subtitle={t('roadshow.subtitle')} />
      <Tabs<RoadshowTab> testid='roadshow' value={tab} onChange={setTab} tabs={ROADSHOW_TABS.map((k) => ({ key: k, label: t(`roadshow.tab.${k}`) }))} />
      {tab === 'project' && <ProjectTab key='project' kind='project' lang={lang} />}
      {tab === 'resource' && <ProjectTab key='resource' kind='resource' lang={lang} />}
      {tab === 'record' && <RecordTab lang={lang} />}
      {tab === 'competition' && <CompetitionGrid lang={lang} testid='roadshow' />}
      {tab === 'video' && <VideoTab lang={lang} />}
    </Layout>
  )
}
