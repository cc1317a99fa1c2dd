/**
 * The enrolment block of the activity detail page: the five-state button, the caller's status under it
 * (waiting for approval / confirmed, with the calendar file), and the enrolment panel.
 * - register now / again: logged out on an activity that needs a login → login and back here;
 *   otherwise the form opens (a visitor may enrol where isNeedLoginEnroll = 0).
 * - registered: "click to view" opens the caller's enrolment.
 * - A share link's `promoter` code is remembered for this activity (session) and sent with the enrolment.
 * - A visitor's own enrolment is found again through the guest token kept for the activity.
 */
import { useCallback, useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useRouter } from '@tarojs/taro'
import type { ActivityDetail, EnrollState } from '@contracts/activity'
import type { EnrollForm, EnrollSubmitResult } from '@contracts/enrollment'
import { getEnrollForm, guestTokenFor, rememberPromoter, saveGuestToken } from '../../shared/api/enrollment'
import { goLogin } from '../../shared/router/navigate'
import { useAuth } from '../../shared/stores/auth-store'
import { MOBILE_MAX_WIDTH } from '../../shared/hooks/use-viewport'
import { isWeapp } from '../../shared/env'
import { windowWidth } from '../../shared/platform/browser'
import EnrollButton from '../activity/enroll-button'
import EnrollPanel from './enroll-panel-loader'
import type { PanelMode } from './enroll-panel'
import { StatusBadge } from './status-badge'
import CalendarLink from './calendar-link'
import './enrollment.scss'

export interface EnrollSectionProps {
  detail: ActivityDetail
  /** reload the detail (its enrollState and counts) */
  onChanged(): void
}

export default function EnrollSection({ detail, onChanged }: EnrollSectionProps) {
  const { t } = useTranslation()
  const router = useRouter()
  const promoter = (router?.params || {}).promoter
  const token = useAuth((s) => s.token)
  // decided when the panel opens: a page kept in the H5 stack can hold a stale width from its first render
  const [mobile, setMobile] = useState(true)
  const [form, setForm] = useState<EnrollForm | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [open, setOpen] = useState<PanelMode | null>(null)
  const [guestToken, setGuestToken] = useState<string | null>(() => guestTokenFor(detail.id))

  useEffect(() => {
    if (promoter) rememberPromoter(detail.id, decodeURIComponent(String(promoter)))
  }, [promoter, detail.id])

  const load = useCallback(async () => {
    setLoadFailed(false)
    try {
      setForm(await getEnrollForm(detail.id, token ? null : guestToken))
    } catch {
      setLoadFailed(true)
    }
  }, [detail.id, token, guestToken])

  // a visitor's earlier enrolment decides the state; otherwise the form loads when the panel opens
  useEffect(() => {
    setForm(null)
    if (!token && guestToken) void load()
  }, [token, guestToken, load, detail])

  const guestRegistered = !token && !!guestToken && form?.enrollState === 'registered'
  const state: EnrollState = guestRegistered ? 'registered' : detail.enrollState
  const status = guestRegistered ? form?.myEnrollment?.status : state === 'registered' ? detail.myEnrollment?.status : undefined

  const onEnroll = (s: EnrollState) => {
    if ((s === 'register_now' || s === 'register_again') && !token && detail.isNeedLoginEnroll) {
      void goLogin()
      return
    }
    setMobile(isWeapp() || windowWidth() < MOBILE_MAX_WIDTH)
    setOpen(s === 'registered' ? 'view' : 'form')
    void load()
  }

  const onEnrolled = (r: EnrollSubmitResult) => {
    setOpen(null)
    if (r.guestToken) {
      saveGuestToken(detail.id, r.guestToken)
      setGuestToken(r.guestToken)
    }
    onChanged()
  }

  return (
    <View className='hj-enroll-section' data-testid='enroll-section'>
      <EnrollButton activityId={detail.id} state={state} loggedIn={!!token} onEnroll={onEnroll} />
      {state === 'closed' && detail.peopleCount > 0 && detail.enrolledCount >= detail.peopleCount && (
        <Text className='hj-enroll-section__full' data-testid='enroll-full'>
          {t('enrollment.full')}
        </Text>
      )}
      {status && (
        <View className='hj-enroll-section__status'>
          <StatusBadge status={status} />
          {status === 'approved' && <CalendarLink activityId={detail.id} />}
        </View>
      )}
      {open && (
        <EnrollPanel
          activityId={detail.id}
          mode={open}
          form={form}
          loadFailed={loadFailed}
          mobile={mobile}
          onRetry={() => void load()}
          onClose={() => setOpen(null)}
          onEnrolled={onEnrolled}
          onStale={() => {
            setOpen(null)
            onChanged()
          }}
        />
      )}
    </View>
  )
}
