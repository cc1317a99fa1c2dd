import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import DetailPage from '../../components/layout/detail-page'
import { useQueryDetail } from '../../shared/hooks/use-detail'
import { DetailTitle, Meta, RichContent } from '../../components/ui/detail'
import { Logo, Img } from '../../components/ui/media'
import { getTalentDetail } from '../../shared/api/content'
import { pickLang, pickList } from '../../shared/i18n'
import type { TalentDetail } from '@contracts/talent'
import '../../components/ui/ui.scss'
import '../../shared/i18n/sections/content'
import '../../shared/i18n/sections/platforms'

/** /talentDetail?id= — a talent's public profile. */
export default function TalentDetailPage() {
  const { t } = useTranslation()
  const detail = useQueryDetail<TalentDetail>(getTalentDetail, 'name')
  const { data, lang, title: name } = detail
  const achievements = data ? pickList(data, 'achievements', lang) : []
  return (
    <DetailPage path='/talentDetail' titleKey='page.talentDetail' detail={detail} testid='talent-detail'>
      {(data) => (
        <View className='hj-c-two'>
          <View className='hj-c-two__side hj-c-box hj-c-center' style={{ alignItems: 'center', textAlign: 'center' }}>
            {data.avatarUrl ? (
              <Img src={data.avatarUrl} alt={name} mode='aspectFill' className='hj-c-avatar' />
            ) : (
              <Logo src={null} name={name} />
            )}
            <DetailTitle>{name}</DetailTitle>
            <Text className='hj-c-summary' style={{ borderLeft: 'none' }}>
              {pickLang(data, 'title', lang)}
            </Text>
            <Meta
              items={[
                data.field ? pickLang(data.field, 'name', lang) : '',
                pickLang(data, 'countryName', lang) || data.country,
                t(`policy.degree.${data.degree}`),
              ]}
            />
          </View>
          <View className='hj-c-two__main hj-c-detail'>
            <Text className='hj-c-box__title'>{t('talent.intro')}</Text>
            <RichContent html={pickLang(data, 'intro', lang)} />
            {achievements.length > 0 && <Text className='hj-c-box__title'>{t('talent.achievements')}</Text>}
            {achievements.map((a, i) => (
              <Text key={`${i}-${a}`} className='hj-c-rule__cond' data-testid='talent-achievement'>
                ★ {a}
              </Text>
            ))}
          </View>
        </View>
      )}
    </DetailPage>
  )
}
