/** Platforms (colleges, institutes, enterprises) and their jobs, as list cards. */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatDate } from '../../shared/format'
import type { JobListItem, PlatformListItem } from '@contracts/platform'
import { Logo, Img } from '../ui/media'
import { Tag } from '../ui/tag'
import '../../shared/i18n/sections/content'
import '../../shared/i18n/sections/platforms'

export function PlatformCard({ item, lang, testid }: { item: PlatformListItem; lang: Lang; testid: string }) {
  const { t } = useTranslation()
  const name = pickLang(item, 'name', lang)
  return (
    <View className='hj-c-org' data-testid={testid} onClick={() => go(`/platformDetail?id=${item.id}`)}>
      <Logo src={item.logoUrl} name={name} />
      <View className='hj-c-org__body'>
        <Text className='hj-c-org__name'>{name}</Text>
        <Text className='hj-c-org__meta'>
          {[item.nature ? pickLang(item.nature, 'name', lang) : '', pickLang(item, 'city', lang), t('platform.jobCount', { count: item.jobCount })].filter(Boolean).join(' · ')}
        </Text>
        <Text className='hj-c-org__intro'>{pickLang(item, 'intro', lang)}</Text>
      </View>
    </View>
  )
}

export function JobCard({ item, lang, testid }: { item: JobListItem; lang: Lang; testid: string }) {
  const { t } = useTranslation()
  const platform = pickLang(item, 'platformName', lang)
  return (
    <View className='hj-c-job' data-testid={testid} onClick={() => go(`/platformDetail?id=${item.platformId}`)}>
      <View className='hj-c-job__top'>
        <Text className='hj-c-job__title'>{pickLang(item, 'title', lang)}</Text>
        <Text className='hj-c-job__salary'>{pickLang(item, 'salary', lang)}</Text>
      </View>
      <View className='hj-c-job__tags'>
        <Tag>{pickLang(item, 'city', lang)}</Tag>
        {item.degree && <Tag>{t(`policy.degree.${item.degree}`)}</Tag>}
        <Tag>{t(`job.kind.${item.kind}`)}</Tag>
      </View>
      <Text className='hj-c-job__desc'>{pickLang(item, 'description', lang)}</Text>
      <View className='hj-c-job__platform'>
        {item.platformLogoUrl ? (
          <View className='hj-c-job__logo hj-logo'>
            <Img className='hj-logo__img' src={item.platformLogoUrl} alt='' mode='aspectFit' />
          </View>
        ) : (
          <View className='hj-c-job__logo hj-c-logo--empty'>{platform.slice(0, 1)}</View>
        )}
        <Text className='hj-c-job__platform-name'>{platform}</Text>
        <Text className='hj-c-job__date'>{formatDate(item.publishedAt)}</Text>
      </View>
    </View>
  )
}
