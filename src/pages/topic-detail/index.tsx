import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import DetailPage from '../../components/layout/detail-page'
import FavoriteButton from '../../components/engage/favorite-button'
import { useQueryDetail } from '../../shared/hooks/use-detail'
import { Cover, Tags } from '../../components/ui/media'
import { DetailTitle, Meta, RichContent, LinkedSection } from '../../components/ui/detail'
import { ActivityMini } from '../../components/activity/activity-mini'
import { formatDate } from '../../shared/format'
import { getTopicDetail } from '../../shared/api/content'
import { pickLang, pickList } from '../../shared/i18n'
import { InformationRow } from '../../components/information/information-row'
import type { TopicDetail } from '@contracts/topic'
import '../../components/ui/ui.scss'
import '../../shared/i18n/sections/content'

/** /topicDetail?id= — a topic with its linked activities and information. */
export default function TopicDetailPage() {
  const { t } = useTranslation()
  const detail = useQueryDetail<TopicDetail>(getTopicDetail)
  const { lang, title } = detail
  return (
    <DetailPage path='/topicDetail' titleKey='page.topicDetail' detail={detail} testid='topic-detail'>
      {(data) => (
        <>
          <View className='hj-c-detail'>
            {data.coverUrl && (
              <View className='hj-c-hero'>
                <Cover src={data.coverUrl} title={title} />
              </View>
            )}
            <DetailTitle>{title}</DetailTitle>
            <FavoriteButton type='topic' id={data.id} />
            <Meta items={[formatDate(data.publishedAt), t('topic.views', { count: data.viewCount })]} />
            <Tags tags={pickList(data, 'tags', lang)} />
            {pickLang(data, 'summary', lang) && <Text className='hj-c-summary'>{pickLang(data, 'summary', lang)}</Text>}
            <RichContent html={pickLang(data, 'content', lang)} />
          </View>
          <LinkedSection title={t('topic.activities')} testid='topic-activities' empty={data.activities.length === 0}>
            {data.activities.map((a) => (
              <ActivityMini key={a.id} item={a} lang={lang} testid='topic-activity' />
            ))}
          </LinkedSection>
          <LinkedSection title={t('topic.information')} testid='topic-information' empty={data.information.length === 0} className='hj-c-list'>
            {data.information.map((n) => (
              <InformationRow key={n.id} item={n} lang={lang} testid='topic-info' />
            ))}
          </LinkedSection>
        </>
      )}
    </DetailPage>
  )
}
