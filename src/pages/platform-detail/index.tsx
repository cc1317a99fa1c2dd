import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import DetailPage from '../../components/layout/detail-page'
import { useQueryDetail } from '../../shared/hooks/use-detail'
import { DetailTitle, Meta, RichContent, LinkedSection } from '../../components/ui/detail'
import { JobCard } from '../../components/platform/platform-cards'
import { Logo } from '../../components/ui/media'
import { getPlatformDetail } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import type { PlatformDetail } from '@contracts/platform'
import '../../components/ui/ui.scss'
import '../../shared/i18n/sections/platforms'

/** /platformDetail?id= — a hiring platform (college, enterprise, institute) with its jobs. */
export default function PlatformDetailPage() {
  const { t } = useTranslation()
  const detail = useQueryDetail<PlatformDetail>(getPlatformDetail, 'name')
  const { lang, title: name } = detail
  return (
    <DetailPage path='/platformDetail' titleKey='page.platformDetail' detail={detail} testid='platform-detail'>
      {(data) => (
        <>
          <View className='hj-c-detail'>
            <View className='hj-c-inline' style={{ alignItems: 'center' }}>
              <Logo src={data.logoUrl} name={name} />
              <View style={{ display: 'flex', flexDirection: 'column', gap: '6px', flex: 1 }}>
                <DetailTitle>{name}</DetailTitle>
                <Meta
                  items={[data.nature ? pickLang(data.nature, 'name', lang) : '', pickLang(data, 'city', lang), t('platform.jobCount', { count: data.jobCount })]}
                />
              </View>
            </View>
            {pickLang(data, 'intro', lang) && <Text className='hj-c-summary'>{pickLang(data, 'intro', lang)}</Text>}
            <RichContent html={pickLang(data, 'content', lang)} />
            {data.website && (
              <Text className='hj-c-link' data-testid='platform-website'>
                {t('sponsor.website')}: {data.website}
              </Text>
            )}
          </View>
          <LinkedSection title={t('platform.jobs')} testid='platform-jobs' empty={data.jobs.length === 0} className='hj-c-grid hj-c-grid--3'>
            {data.jobs.map((j) => (
              <JobCard key={j.id} item={j} lang={lang} testid='platform-job' />
            ))}
          </LinkedSection>
        </>
      )}
    </DetailPage>
  )
}
