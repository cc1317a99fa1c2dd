import { useCallback, useEffect, useState } from 'react'
import { View, Text, Image } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { request } from '../../shared/api/request'
import { API, type ActivitySummary, type Page } from '../../shared/contracts/api'
import { pickLang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatRange } from '../../shared/format'
import './index.scss'

export const HOME_PAGE_SIZE = 12

export function ActivityCard({ item, lang }: { item: ActivitySummary; lang: 'zh' | 'en' }) {
  const { t } = useTranslation()
  const title = pickLang(item, 'title', lang)
  const city = pickLang(item, 'city', lang)
  return (
    <View className='hj-card' data-testid='home-activity' onClick={() => go(`/activityDetail?id=${item.id}`)}>
      <View className='hj-card__poster'>
        {item.posterUrl ? (
          <Image className='hj-card__img' src={item.posterUrl} mode='aspectFill' lazyLoad />
        ) : (
          <View className='hj-card__img hj-card__img--empty'>
            <Text>{title.slice(0, 2)}</Text>
          </View>
        )}
        <Text className={`hj-card__type hj-card__type--${item.type}`}>{t(`home.type.${item.type}`)}</Text>
      </View>
      <View className='hj-card__body'>
        <Text className='hj-card__title'>{title}</Text>
        <Text className='hj-card__meta'>{formatRange(item.startTime, item.endTime)}</Text>
        <Text className='hj-card__meta'>
          {city || item.country}
          {item.timeZone ? ` · ${item.timeZone}` : ''}
        </Text>
      </View>
    </View>
  )
}

export default function HomePage() {
  const { t, i18n } = useTranslation()
  const lang = i18n.language === 'en' ? 'en' : 'zh'
  const [items, setItems] = useState<ActivitySummary[] | null>(null)
  const [failed, setFailed] = useState(false)

  const load = useCallback(async () => {
    try {
      const env = await request<Page<ActivitySummary>>({ url: API.activityList, data: { page: 1, pageSize: HOME_PAGE_SIZE } })
      setItems(env.code === 200 && env.result ? env.result.list : [])
      setFailed(false)
    } catch {
      setFailed(true)
      setItems([])
    }
  }, [])

  useEffect(() => {
    void load()
  }, [load])
  usePullDownRefresh(() => {
    void load().finally(() => Taro.stopPullDownRefresh())
  })

  return (
    <Layout path='/'>
      <View className='hj-hero'>
        <Text className='hj-hero__title'>{t('home.heroTitle')}</Text>
        <Text className='hj-hero__text'>{t('home.heroText')}</Text>
      </View>
      <View className='hj-section'>
        <View className='hj-section__head'>
          <Text className='hj-section__title'>{t('home.title')}</Text>
          <Text className='hj-link' onClick={() => go('/activity')}>
            {t('home.more')} ›
          </Text>
        </View>
        {items === null && <Text className='hj-muted'>{t('common.loading')}</Text>}
        {items !== null && items.length === 0 && (
          <Text className='hj-muted' data-testid='home-empty'>
            {failed ? t('common.networkError') : t('common.empty')}
          </Text>
        )}
        <View className='hj-cards'>
          {(items || []).map((item) => (
            <ActivityCard key={item.id} item={item} lang={lang} />
          ))}
        </View>
      </View>
    </Layout>
  )
}
