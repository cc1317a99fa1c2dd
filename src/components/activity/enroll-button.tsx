/**
 * The enrolment button of the activity detail page. Its text follows `enrollState` (computed by the
 * server for the caller). The enrol action itself is the participation issue's: 'register now' while
 * logged out goes to the login page with a redirect back; any other active state shows a bilingual
 * "enrolment opens in the next release" toast. Ended / closed are disabled.
 */
import { View } from '@tarojs/components'
import './activity.scss'
import Taro from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import type { EnrollState } from '../../shared/contracts/content'
import { enrollStateKey } from '../../shared/format'
import { go } from '../../shared/router/navigate'

export const ENROLL_STATES: EnrollState[] = ['register_now', 'register_again', 'registered', 'ended', 'closed']

export function isEnrollDisabled(state: EnrollState): boolean {
  return state === 'ended' || state === 'closed'
}

export interface EnrollButtonProps {
  activityId: number
  state: EnrollState
  loggedIn: boolean
  className?: string
}

export default function EnrollButton({ activityId, state, loggedIn, className }: EnrollButtonProps) {
  const { t } = useTranslation()
  const disabled = isEnrollDisabled(state)
  const onClick = () => {
    if (disabled) return
    if (state === 'register_now' && !loggedIn) {
      void go(`/login?redirect=${encodeURIComponent(`/activityDetail?id=${activityId}`)}`)
      return
    }
    void Taro.showToast({ title: t('activity.enroll.soon'), icon: 'none', duration: 2500 })
  }
  return (
    <View
      className={`hj-enroll hj-enroll--${state}${disabled ? ' is-disabled' : ''} ${className || ''}`}
      data-testid='enroll-button'
      data-state={state}
      aria-disabled={disabled}
      onClick={onClick}
    >
      {t(enrollStateKey(state))}
    </View>
  )
}
