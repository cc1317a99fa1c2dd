/**
 * / — home: banners, hot and upcoming activities, topics, information, policies and places,
 * all from GET /content/home (when that fails, the plain activity list); then the partners.
 */
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { Loading } from '../../components/ui/loading'
import { View, Text } from '@tarojs/components'
import { Img } from '../../components/ui/media'
import Carousel from '../../components/ui/carousel'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import Layout from '../../components/layout'
import ActivityCard from '../../components/activity/activity-card'
import { PartnerTiles, usePartners } from '../../components/showcase/partner-wall'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import { usePaintedOnce } from '../../shared/hooks/use-after-paint'
import { useSkipFirstLoad } from '../../shared/hooks/use-skip-first-load'
import { arrivedHome, getActivityList, getHome } from '../../shared/api/content'
import type { ActivityListItem } from '@contracts/activity'
import type { Banner, HomeContent } from '@contracts/site'
import type { InformationListItem } from '@contracts/information'
import type { PolicyListItem } from '@contracts/policy'
import type { SponsorListItem } from '@contracts/sponsor'
import type { TopicListItem } from '@contracts/topic'
import { pickLang, type Lang } from '../../shared/i18n'
import { go, openContentLink } from '../../shared/router/navigate'
import { formatDateTime } from '../../shared/format'
import { useReleaseServerFirstScreen } from '../../shared/platform/first-screen'
import './index.scss'

export const HOME_PAGE_SIZE = 12
/** the banner pictures' intrinsic size (the generated ones are 1600 × 400; uploads are cropped to the box) */
const BANNER_SIZE = { width: 1600, height: 400 }

const EMPTY: HomeContent = { banners: [], hotActivities: [], upcomingActivities: [], topics: [], information: [], policies: [], places: [] }

function Section({ title, more, moreUrl, testId, children }: { title: string; more?: string; moreUrl?: string; testId: string; children: ReactNode }) {
  return (
    <View className='hj-section' data-testid={testId}>
      <View className='hj-section__head'>
        <Text className='hj-section__title'>{title}</Text>
        {moreUrl && (
          <Text className='hj-link' onClick={() => go(moreUrl)}>
            {more} ›
          </Text>
        )}
      </View>
      {children}
    </View>
  )
}

function Banners({ banners, lang }: { banners: Banner[]; lang: Lang }) {
  const { t } = useTranslation()
  if (!banners.length) {
    return (
      <View className='hj-hero'>
        <Text className='hj-hero__title'>{t('home.heroTitle')}</Text>
        <Text className='hj-hero__text'>{t('home.heroText')}</Text>
      </View>
    )
  }
  return (
    <Carousel
      className='hj-banner'
      interval={5000}
      testid='home-banners'
      slides={banners.map((b, i) => ({
        key: b.id,
        node: (
          <View className='hj-banner__item' data-testid='home-banner' onClick={() => openContentLink(b.linkUrl)}>
            {/* the first banner is the page's largest paint: fetched first; its title is the text beside it */}
            <Img className='hj-banner__img' src={b.imageUrl} alt='' mode='aspectFill' priority={i === 0} lazyLoad={i > 0} size={BANNER_SIZE} />
            <Text className='hj-banner__title'>{pickLang(b, 'title', lang)}</Text>
          </View>
        ),
      }))}
    />
  )
}

function TopicCard({ item, lang }: { item: TopicListItem; lang: Lang }) {
  const title = pickLang(item, 'title', lang)
  return (
    <View className='hj-tcard' data-testid='home-topic' onClick={() => go(`/topicDetail?id=${item.id}`)}>
      {item.coverUrl ? <Img className='hj-tcard__img' src={item.coverUrl} alt='' mode='aspectFill' lazyLoad /> : <View className='hj-tcard__img hj-tcard__img--empty' />}
      <View className='hj-tcard__mask'>
        <Text className='hj-tcard__title'>{title}</Text>
        <Text className='hj-tcard__summary'>{pickLang(item, 'summary', lang)}</Text>
      </View>
    </View>
  )
}

function InfoRow({ item, lang }: { item: InformationListItem; lang: Lang }) {
  return (
    <View className='hj-row' data-testid='home-information' onClick={() => go(`/informationDetail?id=${item.id}`)}>
      <View className='hj-row__main'>
        <Text className='hj-row__title'>{pickLang(item, 'title', lang)}</Text>
        <Text className='hj-row__meta'>
          {[item.category ? pickLang(item.category, 'name', lang) : '', pickLang(item, 'source', lang), formatDateTime(item.publishedAt).slice(0, 10)].filter(Boolean).join(' · ')}
        </Text>
      </View>
      {item.coverUrl && <Img className='hj-row__img' src={item.coverUrl} alt='' mode='aspectFill' lazyLoad />}
    </View>
  )
}

function PolicyRow({ item, lang }: { item: PolicyListItem; lang: Lang }) {
  const { t } = useTranslation()
  return (
    <View className='hj-row' data-testid='home-policy' onClick={() => go(`/policyDetail?id=${item.id}`)}>
      <View className='hj-row__main'>
        <View className='hj-row__line'>
          <Text className={`hj-badge hj-badge--${item.level}`}>{t(`match.level.${item.level}`)}</Text>
          <Text className='hj-row__title'>{pickLang(item, 'title', lang)}</Text>
        </View>
        <Text className='hj-row__meta'>{[pickLang(item, 'issuer', lang), pickLang(item, 'city', lang), formatDateTime(item.publishedAt).slice(0, 10)].filter(Boolean).join(' · ')}</Text>
      </View>
    </View>
  )
}

function PlaceCard({ item, lang }: { item: SponsorListItem; lang: Lang }) {
  const name = pickLang(item, 'name', lang)
  return (
    <View className='hj-pcard' data-testid='home-place' onClick={() => go(`/sponsor?id=${item.id}`)}>
      {item.logoUrl ? (
        <View className='hj-pcard__logo hj-logo'>
          <Img className='hj-logo__img' src={item.logoUrl} alt={name} mode='aspectFit' lazyLoad />
        </View>
      ) : (
        <Text className='hj-pcard__logo hj-pcard__logo--empty'>{name.slice(0, 1)}</Text>
      )}
      <View className='hj-pcard__body'>
        <Text className='hj-pcard__name'>{name}</Text>
        <Text className='hj-pcard__city'>{pickLang(item, 'city', lang)}</Text>
        <Text className='hj-pcard__intro'>{pickLang(item, 'intro', lang)}</Text>
      </View>
    </View>
  )
}

export default function HomePage() {
  const { t } = useTranslation()
  const lang = useLang()
  const mobile = useIsMobile()
  // the answer the app asked for as it started, when it has already arrived: banners in the first render
  const [first] = useState(() => {
    const arrived = arrivedHome()
    return arrived && Array.isArray(arrived.hotActivities) ? { ...EMPTY, ...arrived } : null
  })
  const [home, setHome] = useState<HomeContent | null>(first)
  const [failed, setFailed] = useState(false)

  const load = useCallback(async () => {
    try {
      const res = await getHome()
      if (res && Array.isArray(res.hotActivities)) {
        setHome({ ...EMPTY, ...res })
        setFailed(false)
        return
      }
    } catch {
      /* fall back below */
    }
    // without the home content: the plain activity list
    try {
      const page = await getActivityList({ page: 1, pageSize: HOME_PAGE_SIZE })
      setHome({ ...EMPTY, upcomingActivities: (page?.list || []) as ActivityListItem[] })
      setFailed(false)
    } catch {
      setFailed(true)
      setHome(EMPTY)
    }
  }, [])

  const skipFirstLoad = useSkipFirstLoad(first !== null)
  useEffect(() => {
    if (!skipFirstLoad()) void load()
  }, [load, skipFirstLoad])
  usePullDownRefresh(() => {
    void load().finally(() => Taro.stopPullDownRefresh())
  })

  const h = home || EMPTY
  const partners = usePartners(10).items ?? []
  const nothing = home !== null && !h.hotActivities.length && !h.upcomingActivities.length
  const n = mobile ? 4 : 8
  // the banner (the page's largest picture) is drawn first, the sections under it one frame later
  const below = usePaintedOnce(home !== null)
  // the server's drawing of the bar and banner gives way in the commit that draws the page's own
  useReleaseServerFirstScreen(home !== null)

  return (
    <Layout path='/'>
      <Banners banners={h.banners} lang={lang} />
      {home === null && <Loading className='hj-muted' text={t('common.loading')} />}
      {nothing && (
        <Text className='hj-muted' data-testid='home-empty'>
          {failed ? t('common.networkError') : t('common.empty')}
        </Text>
      )}
      {below && h.hotActivities.length > 0 && (
        <Section title={t('home.hot')} more={t('home.viewMore')} moreUrl='/activity' testId='home-hot'>
          <View className='hj-cards'>
            {h.hotActivities.slice(0, n).map((item) => (
              <ActivityCard key={item.id} item={item} lang={lang} testId='home-activity' />
            ))}
          </View>
        </Section>
      )}
      {below && h.upcomingActivities.length > 0 && (
        <Section title={home && home.hotActivities.length ? t('home.upcoming') : t('home.title')} more={t('home.viewMore')} moreUrl='/activity?status=upcoming' testId='home-upcoming'>
          <View className='hj-cards'>
            {h.upcomingActivities.slice(0, mobile ? 4 : HOME_PAGE_SIZE).map((item) => (
              <ActivityCard key={item.id} item={item} lang={lang} testId='home-activity' />
            ))}
          </View>
        </Section>
      )}
      {below && h.topics.length > 0 && (
        <Section title={t('home.topics')} more={t('home.viewMore')} moreUrl='/topic' testId='home-topics'>
          <View className='hj-tcards'>
            {h.topics.slice(0, mobile ? 4 : 6).map((item) => (
              <TopicCard key={item.id} item={item} lang={lang} />
            ))}
          </View>
        </Section>
      )}
      {below && (h.information.length > 0 || h.policies.length > 0) && (
        <View className='hj-home__two'>
          {h.information.length > 0 && (
            <Section title={t('home.information')} more={t('home.viewMore')} moreUrl='/information' testId='home-informations'>
              <View className='hj-rows'>
                {h.information.slice(0, 6).map((item) => (
                  <InfoRow key={item.id} item={item} lang={lang} />
                ))}
              </View>
            </Section>
          )}
          {h.policies.length > 0 && (
            <Section title={t('home.policies')} more={t('home.viewMore')} moreUrl='/policy' testId='home-policies'>
              <View className='hj-rows'>
                {h.policies.slice(0, 6).map((item) => (
                  <PolicyRow key={item.id} item={item} lang={lang} />
                ))}
              </View>
            </Section>
          )}
        </View>
      )}
      {below && h.places.length > 0 && (
        <Section title={t('home.places')} more={t('home.viewMore')} moreUrl='/premiumPlace' testId='home-places'>
          <View className='hj-pcards'>
            {h.places.slice(0, mobile ? 4 : 8).map((item) => (
              <PlaceCard key={item.id} item={item} lang={lang} />
            ))}
          </View>
        </Section>
      )}
      {below && partners.length > 0 && (
        <Section title={t('showcase.ourPartners')} more={t('home.viewMore')} moreUrl='/website' testId='home-partners'>
          <PartnerTiles items={partners.slice(0, mobile ? 4 : 10)} lang={lang} />
        </Section>
      )}
    </Layout>
  )
}
