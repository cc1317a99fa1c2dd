/**
 * Live adverts of one area (GET /content/advert/list?area=), as a row of image cards above a list.
 * Renders nothing while loading, on failure or when the area has no live advert. Weapp-safe (Taro only).
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { Img } from '../ui/media'
import { getAdverts } from '../../shared/api/content'
import type { AdvertArea, SiteAdvert } from '@contracts/admin-site'
import { pickLang } from '../../shared/i18n'
import { openContentLink } from '../../shared/router/navigate'
import { useLang } from '../../shared/hooks/use-lang'
import './advert-strip.scss'

export default function AdvertStrip({ area }: { area: AdvertArea }) {
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
    <View className='hj-adverts' data-testid={`adverts-${area}`}>
      {ads.map((a) => (
        <View key={a.id} className='hj-advert' data-testid='advert' data-id={a.id} onClick={() => openContentLink(a.linkUrl)}>
          <Img className='hj-advert__img' src={a.imageUrl} alt='' mode='aspectFill' />
          <Text className='hj-advert__title'>{pickLang(a, 'title', lang)}</Text>
        </View>
      ))}
    </View>
  )
}
