import { useEffect, useState } from 'react'
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useLang } from '../../shared/hooks/use-lang'
import { usePagedList } from '../../shared/hooks/use-paged-list'
import { useQueryParam } from '../../shared/hooks/use-query-param'
import { Chips, KeywordBox, ListState, Pager } from '../../components/ui/list'
import { PageHead } from '../../components/ui/detail'
import { ContentRow } from '../../components/ui/cards'
import { formatDate } from '../../shared/format'
import { getInformationCategories, getInformationList } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { InformationListItem } from '../../shared/contracts/information'
import type { OptionItem } from '../../shared/contracts/api'

/** /information — news and articles: category chips, keyword, paged rows. */
export default function InformationPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const [keyword, setKeyword] = useState(useQueryParam('keyword'))
  const [categoryCode, setCategory] = useState(useQueryParam('categoryCode'))
  const [categories, setCategories] = useState<OptionItem[]>([])
  useEffect(() => {
    getInformationCategories()
      .then((list) => setCategories(list || []))
      .catch(() => setCategories([]))
  }, [])
  const list = usePagedList<InformationListItem, { categoryCode: string; keyword: string }>(getInformationList as any, { categoryCode, keyword })
  return (
    <Layout path='/information' titleKey='page.information'>
      <PageHead title={t('information.title')} subtitle={t('information.subtitle')} />
      <View className='hj-c-toolbar'>
        <KeywordBox value={keyword} onSearch={setKeyword} testid='information-keyword' framed />
        {categories.length > 0 && (
          <Chips
            testid='information-category'
            label={t('information.category')}
            value={categoryCode}
            onChange={setCategory}
            options={categories.map((c) => ({ value: c.code, label: pickLang(c, 'name', lang) }))}
          />
        )}
      </View>
      <ListState items={list.items} loading={list.loading} failed={list.failed} testid='information-list' />
      <View className='hj-c-list'>
        {(list.items || []).map((item) => (
          <ContentRow
            key={item.id}
            testid='information-item'
            cover={item.coverUrl}
            badge={item.category ? pickLang(item.category, 'name', lang) : undefined}
            title={pickLang(item, 'title', lang)}
            summary={pickLang(item, 'summary', lang)}
            meta={[pickLang(item, 'source', lang), formatDate(item.publishedAt), t('topic.views', { count: item.viewCount })]}
            onClick={() => go(`/informationDetail?id=${item.id}`)}
          />
        ))}
      </View>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='information' />
    </Layout>
  )
}
