import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import DetailPage from '../../components/layout/detail-page'
import { useQueryDetail } from '../../shared/hooks/use-detail'
import { Cover } from '../../components/ui/media'
import { DetailTitle, Meta, RichContent, LinkedSection } from '../../components/ui/detail'
import { Tag } from '../../components/ui/tag'
import { VideoCard } from '../../components/video/video-card'
import { formatDate } from '../../shared/format'
import { getRoadshowProjectDetail } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import { RecordRow } from '../../components/roadshow/roadshow-cards'
import { go } from '../../shared/router/navigate'
import type { RoadshowProjectDetail } from '@contracts/roadshow'
import '../../components/ui/ui.scss'

/** /roadshowDetail?id= — a roadshow project or resource with its BP video and roadshow records. */
export default function RoadshowDetailPage() {
  const { t } = useTranslation()
  const detail = useQueryDetail<RoadshowProjectDetail>(getRoadshowProjectDetail)
  const { lang, title } = detail
  return (
    <DetailPage path='/roadshowDetail' titleKey='page.roadshowDetail' detail={detail} testid='roadshow-detail'>
      {(data) => (
        <>
          <View className='hj-c-two'>
            <View className='hj-c-two__main hj-c-detail'>
              {data.coverUrl && (
                <View className='hj-c-hero'>
                  <Cover src={data.coverUrl} title={title} />
                </View>
              )}
              <View className='hj-c-inline'>
                <Text className='hj-c-badge'>{t(`roadshow.kind.${data.kind}`)}</Text>
                {data.field && <Tag>{pickLang(data.field, 'name', lang)}</Tag>}
              </View>
              <DetailTitle>{title}</DetailTitle>
              <Meta items={[pickLang(data, 'stage', lang) && `${t('roadshow.stage')}: ${pickLang(data, 'stage', lang)}`, formatDate(data.publishedAt)]} />
              {pickLang(data, 'summary', lang) && <Text className='hj-c-summary'>{pickLang(data, 'summary', lang)}</Text>}
              <RichContent html={pickLang(data, 'content', lang)} />
            </View>
            <View className='hj-c-two__side hj-c-list'>
              {(data.organizationId || pickLang(data, 'organizationName', lang)) && (
                <View
                  className='hj-c-box'
                  data-testid='roadshow-org'
                  onClick={() => data.organizationId && go(`/sponsor?id=${data.organizationId}`)}
                >
                  <Text className='hj-c-box__title'>{t('roadshow.organization')}</Text>
                  <Text className='hj-c-link'>{pickLang(data, 'organizationName', lang)}</Text>
                </View>
              )}
              {data.bpVideo && (
                <View className='hj-c-box'>
                  <Text className='hj-c-box__title'>{t('roadshow.bpVideo')}</Text>
                  <VideoCard item={data.bpVideo} lang={lang} testid='roadshow-bp-video' />
                </View>
              )}
            </View>
          </View>
          <LinkedSection title={t('roadshow.records')} testid='roadshow-records' empty={data.records.length === 0} className='hj-c-list'>
            {data.records.map((r) => (
              <RecordRow key={r.id} item={r} lang={lang} testid='roadshow-record' />
            ))}
          </LinkedSection>
        </>
      )}
    </DetailPage>
  )
}
