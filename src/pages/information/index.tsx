import { useEffect, useState } from 'react'
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useLang } from '../../shared/hooks/use-lang'
import { useScrollPagedList } from '../../shared/hooks/use-paged-list'
import { useQueryParam } from '../../shared/hooks/use-query-param'
import { Chips, KeywordBox, PagedItems } from '../../components/ui/list'
import { PageHead } from '../../components/ui/detail'
import { getInformationCategories, getInformationList } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import { InformationRow } from '../../components/information/information-row'
import type { InformationListItem } from '@contracts/information'
import type { OptionItem } from '@contracts/api'
import '../../shared/i18n/sections/content'

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
  const list = useScrollPagedList<InformationListItem, { categoryCode: string; keyword: string }>(getInformationList as any, { categoryCode, keyword })
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
      <PagedItems list={list} testid='information' className='hj-c-list'>
        {(item) => <InformationRow key={item.id} item={item} lang={lang} testid='information-item' full />}
      </PagedItems>
    </Layout>
  )
}
