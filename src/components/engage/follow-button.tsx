/**
 * + Follow / ✓ Following on an organizer's page (/sponsor?id=). Logged out, a click goes to login and
 * back to this organizer. Logged in, it toggles the follow; `followed` is the state the page loaded
 * (the sponsor detail carries it) and `onChange` receives the new state with the follower count.
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useAuth } from '../../shared/stores/auth-store'
import { go } from '../../shared/router/navigate'
import { ParticipationApiError, follow, getFollowStatus, unfollow } from '../../shared/api/participation'
import type { FollowStatus } from '@contracts/participation'
import './engage.scss'
import { toast } from '../../shared/stores/toast-store'

export default function FollowButton({ id, followed, onChange }: { id: number; followed?: boolean; onChange?(s: FollowStatus): void }) {
  const { t } = useTranslation()
  const token = useAuth((s) => s.token)
  const [on, setOn] = useState(!!followed)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    setOn(!!followed && !!token)
  }, [followed, token])
  // the page may have been loaded before the login (H5 keeps pages alive): ask once logged in
  useEffect(() => {
    let live = true
    if (!token || !id) return
    getFollowStatus(id)
      .then((s) => live && setOn(s.followed))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [token, id, followed])

  const click = async () => {
    if (!token) {
      void go(`/login?redirect=${encodeURIComponent(`/sponsor?id=${id}`)}`)
      return
    }
    if (busy) return
    setBusy(true)
    try {
      const s = on ? await unfollow(id) : await follow(id)
      setOn(s.followed)
      onChange?.(s)
      toast(s.followed ? t('engage.followed') : t('engage.unfollowed'))
    } catch (err) {
      if (err instanceof ParticipationApiError && err.code === 517) setOn(true)
      else if (err instanceof ParticipationApiError && err.code === 518) setOn(false)
    } finally {
      setBusy(false)
    }
  }

  return (
    <View
      className={`hj-engage${on ? ' is-on' : ''}${busy ? ' is-busy' : ''}`}
      data-testid='sponsor-follow'
      data-followed={on ? 'true' : 'false'}
      onClick={click}
    >
      <Text className='hj-engage__icon'>{on ? '✓' : '+'}</Text>
      <Text>{on ? t('engage.following') : t('engage.follow')}</Text>
    </View>
  )
}
