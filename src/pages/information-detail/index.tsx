import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import DetailPage from '../../components/layout/detail-page'
import FavoriteButton from '../../components/engage/favorite-button'
import { useQueryDetail } from '../../shared/hooks/use-detail'
import { Cover, Tags } from '../../components/ui/media'
import { DetailTitle, Meta, RichContent } from '../../components/ui/detail'
import { formatDate } from '../../shared/format'
import { getInformationDetail } from '../../shared/api/content'
import { pickLang, pickList } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { InformationDetail } from '@contracts/information'
import '../../components/ui/ui.scss'
import '../../shared/i18n/sections/content'

/** /informationDetail?id= — one article. */
export default function InformationDetailPage() {
  const { t } = useTranslation()
  const detail = useQueryDetail<InformationDetail>(getInformationDetail)
  const { lang, title } = detail
  return (
    <DetailPage path='/informationDetail' titleKey='page.informationDetail' detail={detail} testid='information-detail'>
      {(data) => (
        <View className='hj-c-detail'>
          {data.category && (
            <View className='hj-c-inline'>
              <Text className='hj-c-badge' onClick={() => go(`/information?categoryCode=${data.category!.code}`)}>
                {pickLang(data.category, 'name', lang)}
              </Text>
            </View>
          )}
          <DetailTitle>{title}</DetailTitle>
          <FavoriteButton type='information' id={data.id} />
          <Meta
            items={[
              pickLang(data, 'source', lang) && `${t('information.source')}: ${pickLang(data, 'source', lang)}`,
              formatDate(data.publishedAt),
              t('topic.views', { count: data.viewCount }),
            ]}
          />
          <Tags tags={pickList(data, 'tags', lang)} />
          {pickLang(data, 'summary', lang) && <Text className='hj-c-summary'>{pickLang(data, 'summary', lang)}</Text>}
          {data.coverUrl && (
            <View className='hj-c-hero'>
              <Cover src={data.coverUrl} title={title} />
            </View>
          )}
          <RichContent html={pickLang(data, 'content', lang)} />
          <View className='hj-c-inline'>
            <Text className='hj-c-link' data-testid='information-back-list' onClick={() => go('/information')}>
              ‹ {t('information.backToList')}
            </Text>
          </View>
        </View>
      )}
    </DetailPage>
  )
}
