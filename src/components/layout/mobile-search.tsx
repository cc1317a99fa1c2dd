/** Mobile search bar (spec section 2): on home, topic, activity, information, search and policy pages. */
import { useEffect, useState } from 'react'
import { View, Input, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { go } from '../../shared/router/navigate'
import { searchUrl } from '../../shared/format'

export const MOBILE_SEARCH_PATHS = ['/', '/topic', '/activity', '/information', '/search', '/policy']

export default function MobileSearch({ path, searchPath, keywords: initial }: { path: string; searchPath?: string; keywords?: string }) {
  const { t } = useTranslation()
  const [keywords, setKeywords] = useState(initial || '')
  useEffect(() => setKeywords(initial || ''), [initial])
  const submit = () => void go(searchUrl(searchPath || path, keywords), { replace: path === '/search' })
  return (
    <View className='hj-msearch'>
      <Text className='hj-msearch__icon'>⌕</Text>
      <Input
        className='hj-msearch__input'
        value={keywords}
        placeholder={t('frame.searchBar')}
        confirmType='search'
        onInput={(e) => setKeywords(e.detail.value)}
        onConfirm={submit}
        data-testid='mobile-search'
      />
      <View className='hj-msearch__btn' data-testid='mobile-search-btn' onClick={submit}>
        {t('header.search')}
      </View>
    </View>
  )
}
