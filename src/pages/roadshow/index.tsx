import { useEffect, useState } from 'react'
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useLang } from '../../shared/hooks/use-lang'
import { usePagedList } from '../../shared/hooks/use-paged-list'
import { useQueryParam } from '../../shared/hooks/use-query-param'
import { Chips, KeywordBox, ListState, Pager, Tabs } from '../../components/ui/list'
import { PageHead } from '../../components/ui/detail'
import { ContentCard, ContentRow } from '../../components/ui/cards'
import { VideoCard } from '../../components/video/video-card'
import { formatDate } from '../../shared/format'
import { CompetitionGrid } from './competition-grid'
import { getRoadshowFields, getRoadshowProjectList, getRoadshowRecordList, getVideoList } from '../../shared/api/content'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { OptionItem } from '../../shared/contracts/api'
import type { RoadshowProjectListItem, RoadshowRecord } from '../../shared/contracts/roadshow'
import type { VideoItem } from '../../shared/contracts/site'

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
  const list = usePagedList<RoadshowProjectListItem, { kind: string; keyword: string; fieldCode: string }>(getRoadshowProjectList as any, { kind, keyword, fieldCode })
  return (
    <View>
      <View className='hj-c-toolbar'>
        <KeywordBox value={keyword} onSearch={setKeyword} testid='roadshow-keyword' />
        {fields.length > 1 && (
          <View className='hj-c-filters'>
            <Chips
              testid='roadshow-field'
              label={t('polish.roadshowField')}
              value={fieldCode}
              onChange={setFieldCode}
              options={fields.map((f) => ({ value: f.code, label: pickLang(f, 'name', lang) }))}
            />
          </View>
        )}
      </View>
      <ListState items={list.items} loading={list.loading} failed={list.failed} testid='roadshow-list' />
      <View className='hj-c-grid'>
        {(list.items || []).map((p) => (
          <ContentCard
            key={p.id}
            testid='roadshow-item'
            cover={p.coverUrl}
            title={pickLang(p, 'title', lang)}
            summary={pickLang(p, 'summary', lang)}
            badge={p.field ? pickLang(p.field, 'name', lang) : undefined}
            meta={[[pickLang(p, 'stage', lang), pickLang(p, 'organizationName', lang)].filter(Boolean).join(' · '), formatDate(p.publishedAt)]}
            onClick={() => go(`/roadshowDetail?id=${p.id}`)}
          />
        ))}
      </View>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='roadshow' />
    </View>
  )
}

function RecordTab({ lang }: { lang: Lang }) {
  const { t } = useTranslation()
  const list = usePagedList<RoadshowRecord, object>(getRoadshowRecordList as any, {})
  return (
    <View>
      <ListState items={list.items} loading={list.loading} failed={list.failed} testid='roadshow-list' />
      <View className='hj-c-list'>
        {(list.items || []).map((r) => (
          <ContentRow
            key={r.id}
            testid='roadshow-item'
            badge={formatDate(r.heldAt)}
            title={pickLang(r, 'title', lang)}
            summary={pickLang(r, 'result', lang) ? `${t('roadshow.result')}: ${pickLang(r, 'result', lang)}` : ''}
            meta={[pickLang(r, 'city', lang)]}
            onClick={() => go(`/roadshowDetail?id=${r.projectId}`)}
          />
        ))}
      </View>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='roadshow' />
    </View>
  )
}


function VideoTab({ lang }: { lang: Lang }) {
  const list = usePagedList<VideoItem, { category: string }>(getVideoList as any, { category: 'bp' })
  return (
    <View>
      <ListState items={list.items} loading={list.loading} failed={list.failed} testid='roadshow-list' />
      <View className='hj-c-grid hj-c-grid--3'>
        {(list.items || []).map((v) => (
          <VideoCard key={v.id} item={v} lang={lang} testid='roadshow-item' />
        ))}
      </View>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='roadshow' />
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
