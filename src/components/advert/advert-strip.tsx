/**
 * Live adverts of one area (GET /content/advert/list?area=), as a row of advert cards above a list.
 * Renders nothing while loading, on failure or when the area has no live advert. Weapp-safe (Taro only).
 * Each card is the advert's picture as the background (cropped to the slot, aspectFill) with its title,
 * an "Ad" mark and a call to action written over it in the page's language: the seeded pictures
 * (`advert-*`, poster.ts) are wordless art drawn for this slot.
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { Img } from '../ui/media'
import { getAdverts } from '../../shared/api/content'
import type { AdvertArea, SiteAdvert } from '@contracts/admin-site'
import { pickLang } from '../../shared/i18n'
import { openContentLink } from '../../shared/router/navigate'
import { useLang } from '../../shared/hooks/use-lang'
import './advert-strip.scss'

export default function AdvertStrip({ area }: { area: AdvertArea }) {
  const { t } = useTranslation()
  const lang = useLang()
  const [ads, setAds] = useState<SiteAdvert[]>([])
  useEffect(() => {
    let alive = true
    getAdverts(area)
      .then((env) => alive && env.code === 200 && Array.isArray(env.result) && setAds(env.result.slice(0, 3)))
      .catch(() => undefined)
    return () => {
      alive = false
    }
  }, [area])
  if (!ads.length) return null
  return (
    <View className={`hj-adverts${ads.length === 1 ? ' hj-adverts--one' : ''}`} data-testid={`adverts-${area}`}>
      {ads.map((a) => (
        <View key={a.id} className='hj-advert' data-testid='advert' data-id={a.id} onClick={() => openContentLink(a.linkUrl)}>
          <Img className='hj-advert__img' src={a.imageUrl} alt='' mode='aspectFill' />
          <View className='hj-advert__body'>
            <Text className='hj-advert__tag'>{t('common.adLabel')}</Text>
            <Text className='hj-advert__title' data-testid='advert-title'>
              {pickLang(a, 'title', lang)}
            </Text>
          </View>
          <Text className='hj-advert__cta'>{t('common.learnMore')} ›</Text>
        </View>
      ))}
    </View>
  )
}
