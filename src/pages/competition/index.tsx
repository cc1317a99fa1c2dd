import { View, Text, Swiper, SwiperItem } from '@tarojs/components'
import { Img } from '../../components/ui/media'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import NotFoundView from '../../components/layout/not-found-view'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import { useDetail, useDetailTitle } from '../../shared/hooks/use-detail'
import { useLang } from '../../shared/hooks/use-lang'
import { useQueryId } from '../../shared/hooks/use-query-param'
import { BareBar, DetailBody, DetailTitle, RichContent, LinkedSection } from '../../components/ui/detail'
import { ActivityMini } from '../../components/activity/activity-mini'
import { getCompetitionDetail } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import { ProjectCard } from '../../components/roadshow/roadshow-cards'
import { ContentRow } from '../../components/ui/cards'
import { go } from '../../shared/router/navigate'
import { formatRange } from '../../shared/format'
import type { CompetitionDetail } from '@contracts/competition'
import type { Lang } from '../../shared/i18n'
import '../../components/ui/ui.scss'
import './index.scss'
import '../../shared/i18n/sections/projects'

function CompetitionView({ id, lang }: { id: number; lang: Lang }) {
  const { t } = useTranslation()
  const { data, loading, missing } = useDetail<CompetitionDetail>(() => getCompetitionDetail(id), id)
  const title = data ? pickLang(data, 'title', lang) : ''
  useDetailTitle(title)
  const banners = data ? (data.banners && data.banners.length ? data.banners : data.bannerUrl ? [data.bannerUrl] : []) : []
  return (
    <DetailBody loading={loading} missing={missing} testid='competition-detail'>
      {data && (
        <View className='hj-comp__hero'>
          {banners.length > 0 ? (
            // the test id on a wrapper: the H5 Swiper does not pass it through
            <View className='hj-comp__swiper' data-testid='competition-banners'>
              <Swiper className='hj-comp__swiper-inner' indicatorDots={banners.length > 1} autoplay={banners.length > 1} circular interval={4500}>
                {banners.map((b, i) => (
                  <SwiperItem key={`${i}-${b}`}>
                    <Img className='hj-comp__banner' src={b} alt={title} mode='aspectFill' />
                  </SwiperItem>
                ))}
              </Swiper>
            </View>
          ) : (
            <View className='hj-comp__swiper hj-comp__swiper--empty' />
          )}
          <View className='hj-comp__info'>
            <View className='hj-c-inline'>
              <Text className='hj-c-badge' data-testid='competition-kind'>
                {t(`competition.kind.${data.kind}`)}
              </Text>
            </View>
            <DetailTitle>{title}</DetailTitle>
            <Text className='hj-comp__time'>
              {t(data.kind === 'park' ? 'competition.parkTime' : 'competition.time')}: {formatRange(data.startTime, data.endTime)}
            </Text>
            {pickLang(data, 'summary', lang) && <Text className='hj-c-summary'>{pickLang(data, 'summary', lang)}</Text>}
            <View className='hj-c-inline'>
              <Text className='hj-c-badge'>{t('competition.orgProjectCount', { count: data.orgProjects.length })}</Text>
              <Text className='hj-c-badge'>{t('competition.activityCount', { count: data.activities.length })}</Text>
            </View>
          </View>
        </View>
      )}
      {data && (
        <View className='hj-c-detail hj-comp__content'>
          <RichContent html={pickLang(data, 'content', lang)} />
        </View>
      )}
      {data && (
        <LinkedSection title={t('competition.projects')} testid='competition-org-projects' empty={data.orgProjects.length === 0} className='hj-c-list'>
          {data.orgProjects.map((p) => (
            <ContentRow
              key={p.id}
              testid='competition-org-project'
              badge={p.field ? pickLang(p.field, 'name', lang) : undefined}
              title={pickLang(p, 'title', lang)}
              summary={pickLang(p, 'summary', lang)}
              meta={[
                pickLang(p, 'organizationName', lang),
                pickLang(p, 'stage', lang),
                p.openRequirementCount > 0 && t('project.openRequirements', { count: p.openRequirementCount }),
              ]}
              onClick={() => go(`/project?id=${p.id}`)}
            />
          ))}
        </LinkedSection>
      )}
      {data && data.projects.length > 0 && (
        <LinkedSection title={t('competition.roadshowProjects')} testid='competition-projects' empty={false}>
          {data.projects.map((p) => (
            <ProjectCard key={p.id} item={p} lang={lang} testid='competition-project' brief />
          ))}
        </LinkedSection>
      )}
      {data && (
        <LinkedSection title={t('competition.activities')} testid='competition-activities' empty={data.activities.length === 0}>
          {data.activities.map((a) => (
            <ActivityMini key={a.id} item={a} lang={lang} testid='competition-activity' />
          ))}
        </LinkedSection>
      )}
    </DetailBody>
  )
}

/** /competition?id= (also /competition/:id) — the desktop frame is hidden (spec); our strip leads home. */
export default function CompetitionPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const id = useQueryId()
  const mobile = useIsMobile()
  // the route guard sends /competition without an id to /404 (spec section 2); until it has, and should
  // the page stay, it is the not-found page with its title, not an empty "Competition"
  if (!(id > 0)) return <NotFoundView />
  return (
    <Layout path='/competition' titleKey='page.competition'>
      {!mobile && (
        <View className='hj-comp__bar'>
          <BareBar title={t('page.competition')} />
        </View>
      )}
      <CompetitionView id={id} lang={lang} />
    </Layout>
  )
}
