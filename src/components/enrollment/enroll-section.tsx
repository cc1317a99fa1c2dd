/**
 * The enrolment block of the activity detail page: the five-state button, the caller's status under it
 * (waiting for approval / confirmed, with the calendar file), and the enrolment panel.
 * - register now / again: logged out on an activity that needs a login → login and back here;
 *   otherwise the form opens (a visitor may enrol where isNeedLoginEnroll = 0).
 * - registered: "click to view" opens the caller's enrolment.
 * - A share link's `promoter` code is remembered for this activity (session) and sent with the enrolment.
 * - A visitor's own enrolment is found again through the guest token kept for the activity.
 * - Tickets and the waiting list: an approved enrolment links to its ticket; a pending or
 *   approved one can be cancelled (after a confirmation) until the cancel deadline; when full the button
 *   joins the waiting list with the same form, the position shows under it, and a held seat is confirmed
 *   with the button (or given up). A visitor's place is read with the token their joining answered (kept
 *   for the activity on this device, or brought by their link's ticket page): they see their position as
 *   an account holder does. Offer times show in the activity's zone.
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
import ConfirmDialog from '../ui/confirm-dialog'
import CancelEnrollmentDialog from '../ticket/cancel-enrollment-dialog'
import { formatInZone } from '../../shared/format'
import { go } from '../../shared/router/navigate'
import { toast } from '../../shared/stores/toast-store'
import { cancelEnrollment, confirmOffer, getMyWaitlist, leaveWaitlist, saveWaitlistGuestToken, waitlistGuestTokenFor } from '../../shared/api/ticket'
import type { WaitlistEntry } from '@contracts/ticket'
// this part of the texts travels with the pages that use it (mini-program: not in the main package)
import '../../shared/i18n/sections/enrollment'

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
  const [asking, setAsking] = useState<'cancel' | 'leave' | null>(null)
  const [busy, setBusy] = useState(false)

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

  // a visitor's waiting-list place: the detail knows accounts only
  const [waitlistToken, setWaitlistToken] = useState<string | null>(() => waitlistGuestTokenFor(detail.id))
  const [guestPlace, setGuestPlace] = useState<WaitlistEntry | null>(null)
  useEffect(() => {
    setGuestPlace(null)
    if (token || !waitlistToken) return
    let live = true
    getMyWaitlist(detail.id, waitlistToken)
      .then((env) => live && env.code === 200 && setGuestPlace(env.result))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [token, waitlistToken, detail])

  const guestRegistered = !token && !!guestToken && form?.enrollState === 'registered'
  const guestWaiting = !token && !guestRegistered && (guestPlace?.state === 'waiting' || guestPlace?.state === 'offered') && detail.enrollState !== 'ended'
  const state: EnrollState = guestRegistered ? 'registered' : guestWaiting ? (guestPlace!.state === 'waiting' ? 'on_waitlist' : 'offered') : detail.enrollState
  const status = guestRegistered ? form?.myEnrollment?.status : state === 'registered' ? detail.myEnrollment?.status : undefined

  const mine: WaitlistEntry | null = detail.waitlist?.mine ?? form?.waitlist?.mine ?? (token ? null : guestPlace)

  const onEnroll = (s: EnrollState) => {
    if ((s === 'register_now' || s === 'register_again' || s === 'join_waitlist') && !token && detail.isNeedLoginEnroll) {
      void goLogin()
      return
    }
    if (s === 'offered') {
      void confirmSeat()
      return
    }
    setMobile(isWeapp() || windowWidth() < MOBILE_MAX_WIDTH)
    setOpen(s === 'registered' ? 'view' : 'form')
    void load()
  }

  /** the answer of a ticket / waiting-list call: a toast, then the page's state again */
  const settle = async (call: () => Promise<{ code: number; message: string }>, done: string) => {
    if (busy) return
    setBusy(true)
    try {
      const env = await call()
      setAsking(null)
      toast(env.code === 200 ? t(done) : env.message, { duration: 2500 })
      onChanged()
    } catch {
      toast(t('common.networkError'), { duration: 2500 })
    } finally {
      setBusy(false)
    }
  }
  const asGuest = !token && waitlistToken ? { guestToken: waitlistToken } : {}
  const confirmSeat = () =>
    mine &&
    settle(async () => {
      const env = await confirmOffer({ waitlistId: mine.id, ...asGuest })
      // a visitor's confirmed seat is an enrolment under the same token: found again like one
      if (env.code === 200 && env.result.guestToken) {
        saveGuestToken(detail.id, env.result.guestToken)
        setGuestToken(env.result.guestToken)
      }
      return env
    }, 'waitlist.confirmed')
  const leave = () => mine && settle(() => leaveWaitlist({ waitlistId: mine.id, ...asGuest }), 'waitlist.left')
  const enrollmentId = detail.myEnrollment?.id ?? form?.myEnrollment?.enrollmentId ?? null
  const cancel = () =>
    settle(() => cancelEnrollment(guestRegistered && guestToken ? { guestToken } : { enrollmentId: enrollmentId ?? 0 }), 'ticket.cancelled')

  // until the cancel deadline (null: the start); the server decides again (661)
  const cancelBy = detail.cancelDeadline || detail.startTime
  const canCancel = (status === 'pending' || status === 'approved') && (!!enrollmentId || guestRegistered) && Date.parse(cancelBy) > Date.now()
  const ticketUrl = status === 'approved' ? (guestRegistered && guestToken ? `/ticket?token=${encodeURIComponent(guestToken)}` : enrollmentId ? `/ticket?enrollmentId=${enrollmentId}` : null) : null

  const onWaitlisted = (entry: WaitlistEntry) => {
    setOpen(null)
    if (entry.guestToken) {
      saveWaitlistGuestToken(detail.id, entry.guestToken)
      setWaitlistToken(entry.guestToken)
    }
    onChanged()
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
      {(ticketUrl || canCancel) && (
        <View className='hj-enroll-section__links'>
          {ticketUrl && (
            <Text className='hj-enroll-section__link' data-testid='enroll-ticket' onClick={() => void go(ticketUrl)}>
              {t('ticket.show')}
            </Text>
          )}
          {canCancel && (
            <Text className='hj-enroll-section__link is-danger' data-testid='enroll-cancel' onClick={() => setAsking('cancel')}>
              {t('ticket.cancel')}
            </Text>
          )}
        </View>
      )}
      {mine && (mine.state === 'waiting' || mine.state === 'offered') && (
        <View className='hj-enroll-section__waitlist' data-testid='waitlist-status' data-state={mine.state}>
          <Text data-testid='waitlist-position'>{mine.state === 'waiting' ? t('waitlist.position', { n: mine.position ?? '—' }) : t('waitlist.offered', { time: formatInZone(mine.offerExpiresAt, detail.timeZone) })}</Text>
          <Text className='hj-enroll-section__link is-danger' data-testid='waitlist-leave' onClick={() => setAsking('leave')}>
            {mine.state === 'offered' ? t('waitlist.decline') : t('waitlist.leave')}
          </Text>
        </View>
      )}
      {asking === 'cancel' && <CancelEnrollmentDialog testid='enroll-cancel-confirm' busy={busy} onOk={() => void cancel()} onCancel={() => setAsking(null)} />}
      {asking === 'leave' && (
        <ConfirmDialog
          testid='waitlist-leave-confirm'
          title={t('waitlist.leave')}
          body={t('waitlist.leaveConfirm')}
          ok={t('common.confirm')}
          cancel={t('ticket.keep')}
          danger
          busy={busy}
          onOk={() => void leave()}
          onCancel={() => setAsking(null)}
        />
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
          waitlist={state === 'join_waitlist'}
          onWaitlisted={onWaitlisted}
          onStale={() => {
            setOpen(null)
            onChanged()
          }}
        />
      )}
    </View>
  )
}
