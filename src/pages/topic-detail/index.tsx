import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import FavoriteButton from '../../components/engage/favorite-button'
import { useDetail } from '../../shared/hooks/use-detail'
import { useLang } from '../../shared/hooks/use-lang'
import { useQueryId } from '../../shared/hooks/use-query-param'
import { Cover, Tags } from '../../components/ui/media'
import { DetailBody, DetailTitle, Meta, RichContent, Section } from '../../components/ui/detail'
import { ActivityMini } from '../../components/activity/activity-mini'
import { ContentRow } from '../../components/ui/cards'
import { formatDate } from '../../shared/format'
import { getTopicDetail } from '../../shared/api/content'
import { pickLang, pickList } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { TopicDetail } from '../../shared/contracts/topic'
import '../../components/ui/ui.scss'

/** /topicDetail?id= — a topic with its linked activities and information. */
export default function TopicDetailPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const id = useQueryId()
  const { data, loading, missing } = useDetail<TopicDetail>(() => getTopicDetail(id), id, id > 0)
  const title = data ? pickLang(data, 'title', lang) : ''
  return (
    <Layout path='/topicDetail' titleKey='page.topicDetail' title={title}>
      <DetailBody loading={loading} missing={missing} testid='topic-detail'>
        {data && (
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
        )}
        {data && (
          <Section title={t('topic.activities')} testid='topic-activities'>
            {data.activities.length === 0 && <Text className='hj-c-muted'>{t('common.empty')}</Text>}
            <View className='hj-c-grid'>
              {data.activities.map((a) => (
                <ActivityMini key={a.id} item={a} lang={lang} testid='topic-activity' />
              ))}
            </View>
          </Section>
        )}
        {data && (
          <Section title={t('topic.information')} testid='topic-information'>
            {data.information.length === 0 && <Text className='hj-c-muted'>{t('common.empty')}</Text>}
            <View className='hj-c-list'>
              {data.information.map((n) => (
                <ContentRow
                  key={n.id}
                  testid='topic-info'
                  cover={n.coverUrl}
                  title={pickLang(n, 'title', lang)}
                  summary={pickLang(n, 'summary', lang)}
                  meta={[pickLang(n, 'source', lang), formatDate(n.publishedAt)]}
                  onClick={() => go(`/informationDetail?id=${n.id}`)}
                />
              ))}
            </View>
          </Section>
        )}
      </DetailBody>
    </Layout>
  )
}
