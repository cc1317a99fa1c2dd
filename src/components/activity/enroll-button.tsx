/**
 * The enrolment button (spec section 4). Its text follows `enrollState` (computed by the server for the
 * caller); ended / closed / on_waitlist are disabled (waiting list: join_waitlist opens the same
 * application form, offered confirms the held seat). The enrol action belongs to whoever renders the button:
 * `onEnroll(state)` (the activity detail page's enrolment section opens the form or the caller's
 * enrolment). Without it — a button outside the detail page — logged-out 'register now' goes to login
 * with a redirect back to the detail page, and any other active state opens the detail page.
 */
import { View } from '@tarojs/components'
import './activity.scss'
import { useTranslation } from 'react-i18next'
import type { EnrollState } from '@contracts/activity'
import { enrollStateKey } from '../../shared/format'
import { go } from '../../shared/router/navigate'

export const ENROLL_STATES: EnrollState[] = ['register_now', 'register_again', 'registered', 'ended', 'closed', 'join_waitlist', 'on_waitlist', 'offered']

/** ended / closed, and "on the waiting list" (nothing to press: the position shows under it) */
export function isEnrollDisabled(state: EnrollState): boolean {
  return state === 'ended' || state === 'closed' || state === 'on_waitlist'
}

export interface EnrollButtonProps {
  activityId: number
  state: EnrollState
  loggedIn: boolean
  className?: string
  /** the enrol action (not called for ended / closed) */
  onEnroll?: (state: EnrollState) => void
}

export default function EnrollButton({ activityId, state, loggedIn, className, onEnroll }: EnrollButtonProps) {
  const { t } = useTranslation()
  const disabled = isEnrollDisabled(state)
  const onClick = () => {
    if (disabled) return
    if (onEnroll) {
      onEnroll(state)
      return
    }
    const detail = `/activityDetail?id=${activityId}`
    if (state === 'register_now' && !loggedIn) {
      void go(`/login?redirect=${encodeURIComponent(detail)}`)
      return
    }
    void go(detail)
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
