/** Mobile search bar (spec section 2): on home, topic, activity, information, search and policy pages. */
import { useEffect, useState } from 'react'
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { go } from '../../shared/router/navigate'
import { searchUrl } from '../../shared/format'
import SearchBox from '../ui/search-box'

export const MOBILE_SEARCH_PATHS = ['/', '/topic', '/activity', '/information', '/search', '/policy']

export default function MobileSearch({ path, searchPath, keywords: initial, onSearch }: { path: string; searchPath?: string; keywords?: string; onSearch?: (keywords: string) => void }) {
  const { t } = useTranslation()
  const [keywords, setKeywords] = useState(initial || '')
  useEffect(() => setKeywords(initial || ''), [initial])
  // a list page that filters by keyword itself (the activity list) takes the keywords in place
  const submit = () => (onSearch ? onSearch(keywords.trim()) : void go(searchUrl(searchPath || path, keywords), { replace: path === '/search' }))
  return (
    <View className='hj-msearch'>
      <SearchBox value={keywords} onInput={setKeywords} onSubmit={submit} placeholder={t('frame.searchBar')} testid='mobile-search' label={t('header.search')} />
    </View>
  )
}
