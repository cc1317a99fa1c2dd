import { useState } from 'react'
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import { useLang } from '../../shared/hooks/use-lang'
import { useScrollPagedList } from '../../shared/hooks/use-paged-list'
import { useQueryParam } from '../../shared/hooks/use-query-param'
import { KeywordBox, PagedItems } from '../../components/ui/list'
import { PageHead } from '../../components/ui/detail'
import { ContentCard } from '../../components/ui/cards'
import { formatDate } from '../../shared/format'
import { getTopicList } from '../../shared/api/content'
import { pickLang, pickList } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { TopicListItem } from '@contracts/topic'
import '../../shared/i18n/sections/content'

/** /topic — topics, newest first, keyword search, paged. */
export default function TopicPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const mobile = useIsMobile()
  const [keyword, setKeyword] = useState(useQueryParam('keyword'))
  const list = useScrollPagedList<TopicListItem, { keyword: string }>(getTopicList as any, { keyword })
  return (
    <Layout path='/topic' titleKey='page.topic'>
      <PageHead title={t('topic.title')} subtitle={t('topic.subtitle')} />
      {!mobile && (
        <View className='hj-c-toolbar'>
          <KeywordBox value={keyword} onSearch={setKeyword} testid='topic-keyword' framed />
        </View>
      )}
      <PagedItems list={list} testid='topic' className='hj-c-grid hj-c-grid--3'>
        {(item) => (
          <ContentCard
            key={item.id}
            testid='topic-item'
            cover={item.coverUrl}
            title={pickLang(item, 'title', lang)}
            summary={pickLang(item, 'summary', lang)}
            meta={[`${formatDate(item.publishedAt)} · ${t('topic.views', { count: item.viewCount })}`]}
            tags={pickList(item, 'tags', lang)}
            onClick={() => go(`/topicDetail?id=${item.id}`)}
          />
        )}
      </PagedItems>
    </Layout>
  )
}
