/** The raffles of an activity on its detail page (nothing when it has none): a tap opens the raffle. */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { getActivityRaffles } from '../../shared/api/raffle'
import type { RaffleBrief } from '@contracts/raffle'
import { raffleWindow } from './raffle-time'
import './raffle.scss'
import '../../shared/i18n/sections/raffle'

export default function RaffleEntry({ activityId, lang }: { activityId: number; lang: Lang }) {
  const { t } = useTranslation()
  const [raffles, setRaffles] = useState<RaffleBrief[]>([])
  useEffect(() => {
    let alive = true
    getActivityRaffles(activityId)
      .then((list) => alive && setRaffles(Array.isArray(list) ? list : []))
      .catch(() => alive && setRaffles([]))
    return () => {
      alive = false
    }
  }, [activityId])
  if (!raffles.length) return null
  return (
    <View className='hj-block' data-testid='activity-raffles'>
      <Text className='hj-block__title'>{t('raffle.entryTitle')}</Text>
      {raffles.map((r) => (
        <View key={r.id} className='hj-rf-entry' data-testid='activity-raffle-entry' onClick={() => go(`/raffle?id=${r.id}`)}>
          <Text className='hj-rf-entry__icon'>★</Text>
          <View className='hj-rf-entry__body'>
            <Text className='hj-rf-entry__name'>{pickLang(r, 'name', lang)}</Text>
            <Text className='hj-rf-entry__meta'>{raffleWindow(r)}</Text>
          </View>
          <Text className='hj-rf-entry__go'>{t('raffle.go')} ›</Text>
        </View>
      ))}
    </View>
  )
}
