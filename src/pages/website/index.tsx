import { View, Text, Swiper, SwiperItem } from '@tarojs/components'
import { Img } from '../../components/ui/media'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useDetail } from '../../shared/hooks/use-detail'
import { useLang } from '../../shared/hooks/use-lang'
import { DetailBody, PageHead, RichContent, Section } from '../../components/ui/detail'
import { VideoCard } from '../../components/video/video-card'
import { CaseList } from '../../components/showcase/case-list'
import { PartnerWall } from '../../components/showcase/partner-wall'
import { getWebsite } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import type { WebsiteContent } from '@contracts/site'
import '../../components/ui/ui.scss'
import './index.scss'
import '../../shared/i18n/sections/platforms'

/** /website — about Haijiao: swiper, intro, timeline, video, industry cases and partners. */
export default function WebsitePage() {
  const { t } = useTranslation()
  const lang = useLang()
  const { data, loading, missing } = useDetail<WebsiteContent>(() => getWebsite())
  return (
    <Layout path='/website' titleKey='page.website'>
      <PageHead title={t('website.title')} subtitle={t('website.subtitle')} />
      <DetailBody loading={loading} missing={missing} testid='website'>
        {data && (
          <View className='hj-web__top'>
            {data.swiper.length > 0 && (
              <Swiper className='hj-web__swiper' data-testid='website-swiper' indicatorDots autoplay circular interval={4000} indicatorActiveColor='#d7000f'>
                {data.swiper.map((s, i) => (
                  <SwiperItem key={`${i}-${s.imageUrl}`}>
                    <View className='hj-web__slide'>
                      <Img className='hj-web__slide-img' src={s.imageUrl} alt={pickLang(s, 'caption', lang) || ''} mode='aspectFill' />
                      {pickLang(s, 'caption', lang) && <Text className='hj-web__caption'>{pickLang(s, 'caption', lang)}</Text>}
                    </View>
                  </SwiperItem>
                ))}
              </Swiper>
            )}
            <View className='hj-c-box hj-web__intro' data-testid='website-intro'>
              <Text className='hj-c-box__title'>{t('website.intro')}</Text>
              <RichContent html={pickLang(data, 'intro', lang)} />
            </View>
          </View>
        )}
        {data && data.timeline.length > 0 && (
          <Section title={t('website.timeline')} testid='website-timeline'>
            <View className='hj-web__timeline'>
              {data.timeline.map((e, i) => (
                <View key={`${i}-${e.year}`} className='hj-web__event' data-testid='website-event'>
                  <View className='hj-web__dot' />
                  <Text className='hj-web__year'>{e.year}</Text>
                  <View className='hj-web__event-body'>
                    <Text className='hj-web__event-title'>{pickLang(e, 'title', lang)}</Text>
                    <Text className='hj-web__event-text'>{pickLang(e, 'text', lang)}</Text>
                  </View>
                </View>
              ))}
            </View>
          </Section>
        )}
        {data && data.video && (
          <Section title={t('website.video')} testid='website-video'>
            <View className='hj-web__video'>
              <VideoCard item={data.video} lang={lang} testid='website-video-card' />
            </View>
          </Section>
        )}
      </DetailBody>
      <Section title={t('showcase.cases')} testid='website-cases'>
        <CaseList lang={lang} />
      </Section>
      <Section title={t('showcase.partners')} testid='website-partners'>
        <PartnerWall lang={lang} />
      </Section>
    </Layout>
  )
}
