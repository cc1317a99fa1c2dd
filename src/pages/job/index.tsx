import { useState } from 'react'
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useLang } from '../../shared/hooks/use-lang'
import { usePagedList, useScrollPagedList } from '../../shared/hooks/use-paged-list'
import { useQueryParam } from '../../shared/hooks/use-query-param'
import { KeywordBox, Tabs, PagedItems } from '../../components/ui/list'
import { PageHead, Section } from '../../components/ui/detail'
import { JobCard, PlatformCard } from '../../components/platform/platform-cards'
import { getJobList, getPlatformList } from '../../shared/api/content'
import type { JobListItem, PlatformListItem } from '@contracts/platform'
import AdvertStrip from '../../components/advert/advert-strip'
import '../../shared/i18n/sections/platforms'

export const JOB_KINDS = ['college', 'enterprise'] as const
type JobKind = (typeof JOB_KINDS)[number]

/** /job — job zones: colleges or enterprises; their platforms as cards, then jobs by keyword and city. */
export default function JobPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const initial = useQueryParam('kind') as JobKind
  const [kind, setKind] = useState<JobKind>(JOB_KINDS.includes(initial) ? initial : 'college')
  const [keyword, setKeyword] = useState('')
  const [city, setCity] = useState('')
  const jobs = useScrollPagedList<JobListItem, { kind: string; keyword: string; city: string }>(getJobList as any, { kind, keyword, city })
  // the zone's platforms: GET /platform/info/list?kind= (college natures or the others)
  const platforms = usePagedList<PlatformListItem, { kind: string }>(getPlatformList as any, { kind }, 6)
  const zonePlatforms = platforms.items || []
  return (
    <Layout path='/job' titleKey='page.job'>
      <PageHead title={t('job.title')} subtitle={t('job.subtitle')} />
      <Tabs<JobKind> testid='job' value={kind} onChange={setKind} tabs={JOB_KINDS.map((k) => ({ key: k, label: t(`job.zone.${k}`) }))} />
      {/* What arrives with its own answer sits in a box of its own that is always there: in the
          mini-program a node inserted before its siblings re-sends them all to the view (the job list
          again, ~16 KB of setData when the platforms answer after the jobs); into a box, only itself. */}
      <View>{kind === 'college' && <AdvertStrip area='college' />}</View>
      <View>
        {zonePlatforms.length > 0 && (
          <Section title={t(`job.platforms.${kind}`)} testid='job-platforms'>
            <View className='hj-c-grid hj-c-grid--3'>
              {zonePlatforms.map((p) => (
                <PlatformCard key={p.id} item={p} lang={lang} testid='job-platform' />
              ))}
            </View>
          </Section>
        )}
      </View>
      <Section title={t('job.jobs')}>
        <View className='hj-c-toolbar'>
          <View className='hj-c-inline hj-c-inline--stack'>
            <KeywordBox value={keyword} onSearch={setKeyword} testid='job-keyword' />
            <KeywordBox value={city} onSearch={setCity} placeholder={t('job.cityPlaceholder')} testid='job-city' />
          </View>
        </View>
        <PagedItems list={jobs} testid='job' className='hj-c-grid hj-c-grid--3'>
          {(j) => <JobCard key={j.id} item={j} lang={lang} testid='job-item' />}
        </PagedItems>
      </Section>
    </Layout>
  )
}
