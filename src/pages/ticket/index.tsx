/**
 * /ticket?enrollmentId= (the signed-in holder, from "My activities" or the activity page) or
 * /ticket?token= (a visitor, from the link in the confirmation e-mail): the e-ticket with its QR code.
 * The last ticket shown is kept on the device: without network (at the door) the page shows that copy,
 * saying so; /ticket with no query shows it too. The holder cancels here, after a confirmation, until the
 * activity's cancel deadline. Every time shows in the activity's zone, whatever the device's.
 * A visitor's token that is a waiting-list place and not (yet) an enrolment — the link of their offer
 * e-mail, or of the place they joined — shows that place: their position, or the held seat and until when,
 * with the way to the activity page (where the token is kept to confirm or leave).
 */
import { useCallback, useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { Loading } from '../../components/ui/loading'
import CancelEnrollmentDialog from '../../components/ticket/cancel-enrollment-dialog'
import TicketCard from '../../components/ticket/ticket-card'
import { pressable } from '../../components/ui/pressable'
import { useLang } from '../../shared/hooks/use-lang'
import { pickLang } from '../../shared/i18n'
import { useAuth } from '../../shared/stores/auth-store'
import { go } from '../../shared/router/navigate'
import { formatInZone } from '../../shared/format'
import { toast } from '../../shared/stores/toast-store'
import { cancelEnrollment, getGuestTicket, getGuestWaitlist, getMyTicket, lastTicket, saveLastTicket, saveWaitlistGuestToken, ticketKey, type SavedTicket } from '../../shared/api/ticket'
import type { GuestWaitlistEntry, Ticket } from '@contracts/ticket'
import '../../components/ticket/ticket.scss'
// this part of the texts travels with the pages that use it (mini-program: not in the main package)
import '../../shared/i18n/sections/waitlist'

type Shown = { ticket: Ticket; savedAt: string | null } | { missing: true; reason: 'notFound' | 'none' } | { waiting: GuestWaitlistEntry }

export default function TicketPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const params = useRouter()?.params || {}
  const token = params.token ? decodeURIComponent(String(params.token)) : null
  const enrollmentId = Number(params.enrollmentId) || null
  const signedIn = useAuth((s) => !!s.token)
  const key = token || enrollmentId ? ticketKey({ token, enrollmentId }) : null
  const [shown, setShown] = useState<Shown | null>(null)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)

  const fromDevice = useCallback((k: string | null): Shown => {
    const saved: SavedTicket | null = lastTicket(k ?? undefined)
    return saved ? { ticket: saved.ticket, savedAt: saved.savedAt } : { missing: true, reason: k ? 'notFound' : 'none' }
  }, [])

  const load = useCallback(async () => {
    if (!key || (!token && !signedIn)) {
      setShown(fromDevice(key))
      return
    }
    try {
      const env = token ? await getGuestTicket(token) : await getMyTicket(enrollmentId as number)
      if (env.code === 200) {
        if (env.result.valid) saveLastTicket(key, env.result)
        setShown({ ticket: env.result, savedAt: null })
        return
      }
      // a visitor's token without an enrolment: their place on the waiting list
      const place = token && env.code === 660 ? await getGuestWaitlist(token) : null
      setShown(place?.code === 200 && place.result ? { waiting: place.result } : { missing: true, reason: 'notFound' })
    } catch {
      // no network (or the server is away): the copy kept on this device
      setShown(fromDevice(key))
    }
  }, [key, token, signedIn, enrollmentId, fromDevice])

  useEffect(() => {
    void load()
  }, [load])

  const cancel = async () => {
    if (!shown || !('ticket' in shown) || busy) return
    setBusy(true)
    try {
      const env = await cancelEnrollment(token ? { guestToken: token } : { enrollmentId: shown.ticket.enrollmentId })
      setAsking(false)
      if (env.code === 200) {
        toast(t('ticket.cancelled'), { duration: 2500 })
        void load()
      } else toast(env.message, { duration: 3000 })
    } catch {
      toast(t('common.networkError'), { duration: 2500 })
    } finally {
      setBusy(false)
    }
  }

  const ticket = shown && 'ticket' in shown ? shown.ticket : null
  const place = shown && 'waiting' in shown ? shown.waiting : null
  const toActivity = (activityId: number) => {
    if (place && token) saveWaitlistGuestToken(activityId, token)
    void go(`/activityDetail?id=${activityId}`)
  }
  const canCancel = !!ticket && !!ticket.cancelUntil && (ticket.state === 'valid' || ticket.state === 'pending') && !ticket.checkedInAt && shown !== null && 'savedAt' in shown && !shown.savedAt
  return (
    <Layout path='/ticket' titleKey='page.ticket' share={ticket ? { path: `/activityDetail?id=${ticket.activityId}` } : undefined}>
      <View className='hj-tp' data-testid='ticket-page'>
        {!shown ? (
          <Loading className='hj-tp__empty' text={t('common.loading')} testid='ticket-loading' />
        ) : place ? (
          <>
            <View className='hj-ticket' data-testid='ticket-waitlist' data-state={place.state}>
              <Text className='hj-ticket__title' data-testid='ticket-title'>
                {pickLang(place, 'title', lang)}
              </Text>
              <Text className='hj-ticket__void' data-testid='ticket-waitlist-place'>
                {place.state === 'waiting'
                  ? t('waitlist.position', { n: place.position ?? '—' })
                  : place.state === 'offered'
                    ? t('waitlist.offered', { time: formatInZone(place.offerExpiresAt, place.timeZone) })
                    : t('ticket.waitlistClosed')}
              </Text>
            </View>
            <View className='hj-tp__actions'>
              <View className='hj-tp__btn' data-testid='ticket-activity' {...pressable()} onClick={() => toActivity(place.activityId)}>
                {place.state === 'offered' ? t('waitlist.confirm') : t('ticket.toActivity')}
              </View>
            </View>
          </>
        ) : !ticket ? (
          <Text className='hj-tp__empty' data-testid='ticket-missing'>
            {'reason' in shown && shown.reason === 'notFound' ? t('ticket.notFound') : t('ticket.missing')}
          </Text>
        ) : (
          <>
            {'savedAt' in shown && shown.savedAt && (
              <Text className='hj-tp__note' data-testid='ticket-offline'>
                {t('ticket.offline', { time: formatInZone(shown.savedAt, ticket.timeZone) })}
              </Text>
            )}
            <TicketCard ticket={ticket} lang={lang} />
            <View className='hj-tp__actions'>
              {canCancel && (
                <>
                  <Text className='hj-tp__cancel-hint' data-testid='ticket-cancel-until'>
                    {t('ticket.cancelUntil', { time: formatInZone(ticket.cancelUntil, ticket.timeZone) })}
                  </Text>
                  <View className='hj-tp__btn hj-tp__btn--danger' data-testid='ticket-cancel' {...pressable()} onClick={() => setAsking(true)}>
                    {t('ticket.cancel')}
                  </View>
                </>
              )}
              <View className='hj-tp__btn' data-testid='ticket-activity' {...pressable()} onClick={() => toActivity(ticket.activityId)}>
                {t('ticket.toActivity')}
              </View>
            </View>
          </>
        )}
      </View>
      {asking && <CancelEnrollmentDialog testid='ticket-cancel-confirm' busy={busy} onOk={() => void cancel()} onCancel={() => setAsking(false)} />}
    </Layout>
  )
}
