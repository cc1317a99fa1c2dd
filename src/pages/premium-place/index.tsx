import { useState } from 'react'
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useLang } from '../../shared/hooks/use-lang'
import { useScrollPagedList } from '../../shared/hooks/use-paged-list'
import { KeywordBox, PagedItems } from '../../components/ui/list'
import { PageHead } from '../../components/ui/detail'
import { SponsorCard } from '../../components/sponsor/sponsor-card'
import { getSponsorList } from '../../shared/api/content'
import type { SponsorListItem } from '@contracts/sponsor'
import AdvertStrip from '../../components/advert/advert-strip'
import '../../shared/i18n/sections/platforms'

/** /premiumPlace — premium places (parks, cities, hubs), keyword, paged. */
export default function PremiumPlacePage() {
  const { t } = useTranslation()
  const lang = useLang()
  const [keyword, setKeyword] = useState('')
  const list = useScrollPagedList<SponsorListItem, { kind: string; premium: boolean; keyword: string }>(getSponsorList as any, { kind: 'place', premium: true, keyword })
  return (
    <Layout path='/premiumPlace' titleKey='page.premiumPlace'>
      <PageHead title={t('place.title')} subtitle={t('place.subtitle')} />
      <AdvertStrip area='area' />
      <View className='hj-c-toolbar'>
        <KeywordBox value={keyword} onSearch={setKeyword} testid='place-keyword' />
      </View>
      <PagedItems list={list} testid='place' className='hj-c-grid hj-c-grid--3'>
        {(item) => <SponsorCard key={item.id} item={item} lang={lang} testid='place-item' />}
      </PagedItems>
    </Layout>
  )
}
