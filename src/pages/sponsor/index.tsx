import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import DetailPage from '../../components/layout/detail-page'
import { useQueryDetail } from '../../shared/hooks/use-detail'
import { DetailTitle, Meta, RichContent, LinkedSection } from '../../components/ui/detail'
import { ActivityMini } from '../../components/activity/activity-mini'
import { Logo, Img } from '../../components/ui/media'
import { getSponsorDetail } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import FollowButton from '../../components/engage/follow-button'
import type { SponsorDetail } from '@contracts/sponsor'
import '../../components/ui/ui.scss'
import './index.scss'

/** /sponsor?id= — an organizer (or place): profile, content, its activities, followers. */
export default function SponsorPage() {
  const { t } = useTranslation()
  const detail = useQueryDetail<SponsorDetail>(getSponsorDetail, 'name')
  const { lang, title: name } = detail
  // the follower count after a follow / unfollow on this page (null = as loaded)
  const [followers, setFollowers] = useState<number | null>(null)
  return (
    <DetailPage path='/sponsor' titleKey='page.sponsor' detail={detail} testid='sponsor-detail'>
      {(data) => (
        <View className='hj-sp'>
          <View className='hj-sp__banner'>
            {data.bannerUrl ? <Img className='hj-sp__banner-img' src={data.bannerUrl} alt='' mode='aspectFill' /> : <View className='hj-sp__banner-img hj-sp__banner-img--empty' />}
          </View>
          <View className='hj-sp__card'>
            <Logo src={data.logoUrl} name={name} className='hj-sp__logo' />
            <View className='hj-sp__info'>
              <DetailTitle>{name}</DetailTitle>
              <Meta
                items={[
                  t(`sponsor.kind.${data.kind}`) + (data.isPremium ? ` · ${t('sponsor.premium')}` : ''),
                  pickLang(data, 'city', lang),
                ]}
              />
              <View className='hj-sp__stats'>
                <View className='hj-sp__stat'>
                  <Text className='hj-sp__stat-num' data-testid='sponsor-followers'>
                    {followers ?? data.followerCount}
                  </Text>
                  <Text className='hj-sp__stat-label'>{t('sponsor.followerLabel')}</Text>
                </View>
                <View className='hj-sp__stat'>
                  <Text className='hj-sp__stat-num'>{data.activityCount}</Text>
                  <Text className='hj-sp__stat-label'>{t('sponsor.activityLabel')}</Text>
                </View>
              </View>
            </View>
            <View className='hj-sp__actions'>
              <FollowButton id={data.id} followed={data.followed} onChange={(f) => setFollowers(f.followerCount)} />
            </View>
          </View>
          <View className='hj-c-detail'>
            <Text className='hj-c-box__title'>{t('sponsor.intro')}</Text>
            {pickLang(data, 'intro', lang) && <Text className='hj-c-summary'>{pickLang(data, 'intro', lang)}</Text>}
            <RichContent html={pickLang(data, 'content', lang)} />
            {data.website && (
              <Text className='hj-c-link' data-testid='sponsor-website'>
                {t('sponsor.website')}: {data.website}
              </Text>
            )}
          </View>
          <LinkedSection title={t('sponsor.activities')} testid='sponsor-activities' empty={data.activities.length === 0}>
            {data.activities.map((a) => (
              <ActivityMini key={a.id} item={a} lang={lang} testid='sponsor-activity' />
            ))}
          </LinkedSection>
        </View>
      )}
    </DetailPage>
  )
}
