/**
 * ☆ Favourite / ★ Favourited for an activity, topic or information detail page. Logged out, a click
 * goes to login and comes back here (goLogin keeps the page's query). Logged in, the button reads the
 * "is favourite" flag and toggles it; a 430 (already a favourite elsewhere, e.g. another tab) simply
 * shows the favourite state.
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useAuth } from '../../shared/stores/auth-store'
import { goLogin } from '../../shared/router/navigate'
import { ParticipationApiError, addFavorite, getFavoriteStatus, removeFavorite } from '../../shared/api/participation'
import type { FavoriteType } from '@contracts/participation'
import './engage.scss'
import { toast } from '../../shared/stores/toast-store'

export default function FavoriteButton({ type, id, inline }: { type: FavoriteType; id: number; inline?: boolean }) {
  const { t } = useTranslation()
  const token = useAuth((s) => s.token)
  const [on, setOn] = useState(false)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    setOn(false)
    if (!token || !id) return
    getFavoriteStatus(type, id)
      .then((s) => live && setOn(s.favorite))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [token, type, id])

  const click = async () => {
    if (!token) {
      void goLogin()
      return
    }
    if (busy) return
    setBusy(true)
    try {
      if (on) {
        await removeFavorite(type, id)
        setOn(false)
        toast(t('engage.removed'))
      } else {
        await addFavorite(type, id)
        setOn(true)
        toast(t('engage.added'))
      }
    } catch (err) {
      if (err instanceof ParticipationApiError && err.code === 430) setOn(true)
      else if (err instanceof ParticipationApiError && err.code === 518) setOn(false)
    } finally {
      setBusy(false)
    }
  }

  const button = (
    <View
      className={`hj-engage${on ? ' is-on' : ''}${busy ? ' is-busy' : ''}`}
      data-testid='favorite-button'
      data-favorite={on ? 'true' : 'false'}
      onClick={click}
    >
      <Text className='hj-engage__icon'>{on ? '★' : '☆'}</Text>
      <Text>{on ? t('engage.favorited') : t('engage.favorite')}</Text>
    </View>
  )
  return inline ? button : <View className='hj-engage-wrap'>{button}</View>
}
