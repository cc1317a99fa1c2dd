/** An organizer or a place as a list card. */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { SponsorListItem } from '@contracts/sponsor'
import { Logo } from '../ui/media'

export function SponsorCard({ item, lang, testid }: { item: SponsorListItem; lang: Lang; testid: string }) {
  const { t } = useTranslation()
  const name = pickLang(item, 'name', lang)
  return (
    <View className='hj-c-org' data-testid={testid} onClick={() => go(`/sponsor?id=${item.id}`)}>
      <Logo src={item.logoUrl} name={name} />
      <View className='hj-c-org__body'>
        <Text className='hj-c-org__name'>{name}</Text>
        <Text className='hj-c-org__meta'>
          {[pickLang(item, 'city', lang), t('sponsor.activityCount', { count: item.activityCount }), t('sponsor.followers', { count: item.followerCount })].filter(Boolean).join(' · ')}
        </Text>
        <Text className='hj-c-org__intro'>{pickLang(item, 'intro', lang)}</Text>
      </View>
    </View>
  )
}
