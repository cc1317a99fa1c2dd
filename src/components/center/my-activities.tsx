/**
 * "My activities": all (the first tab: every enrolment with its state, so one that waits for approval is
 * there right after enrolling) / enrolled / waiting for approval / past, from GET /activity/enroll/my?segment=.
 * Each row also offers its ticket (approved) and, until the cancel deadline, a cancel with confirmation.
 */
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { getMyEnrollments } from '../../shared/api/participation'
import type { MyEnrollmentItem, MyEnrollmentSegment } from '@contracts/enrollment'
import CenterSection from './section'
import CenterRow, { CenterList, CenterTabs, ListNote, MiniPager, ownTime } from './row'
import { useCenterList } from './use-center-list'
import { View } from '@tarojs/components'
import CancelEnrollmentDialog from '../ticket/cancel-enrollment-dialog'
import { cancelEnrollment } from '../../shared/api/ticket'
import { toast } from '../../shared/stores/toast-store'

/** the section's id: the inbox scrolls here for a result whose activity has no page to open */
export const MY_ACTIVITIES_ANCHOR = 'my-activities'

const SEGMENTS: MyEnrollmentSegment[] = ['all', 'enrolled', 'pending', 'past']
const TONE = { approved: 'ok', pending: 'wait', rejected: 'off', cancelled: 'off', ended: 'off' } as const

/** What a row says about an enrolment: its status, or "ended" once the activity is over. */
export function enrollmentState(e: Pick<MyEnrollmentItem, 'status' | 'activity'>, now = Date.now()): keyof typeof TONE {
  const end = Date.parse(e.activity.endTime || e.activity.startTime)
  return Number.isFinite(end) && end <= now ? 'ended' : e.status
}

/** One enrolment: the activity, its time and city, the state badge (`action`: a button at the right, e.g. ticket / cancel). */
export function MyActivityRow({ e, lang, action }: { e: MyEnrollmentItem; lang: Lang; action?: ReactNode }) {
  const { t } = useTranslation()
  const state = enrollmentState(e)
  return (
    <CenterRow
      testid='center-activity'
      cover={e.activity.posterUrl}
      title={pickLang(e.activity, 'title', lang)}
      meta={[ownTime(e.activity.startTime, e.activity.endTime, e.activity.timeZone), pickLang(e.activity, 'city', lang)]}
      badge={t(`center.status.${state}`)}
      badgeTone={TONE[state]}
      action={action}
      onClick={() => go(`/activityDetail?id=${e.activity.id}`)}
    />
  )
}

export default function MyActivities({ lang, version }: { lang: Lang; version: number }) {
  const { t } = useTranslation()
  const [segment, setSegment] = useState<MyEnrollmentSegment>('all')
  const [cancelled, setCancelled] = useState(0)
  const list = useCenterList<MyEnrollmentItem>((page, size) => getMyEnrollments(segment, page, size), `${segment}:${version}:${cancelled}`)
  const [asking, setAsking] = useState<MyEnrollmentItem | null>(null)
  const [busy, setBusy] = useState(false)
  const cancel = async () => {
    if (!asking || busy) return
    setBusy(true)
    try {
      const env = await cancelEnrollment({ enrollmentId: asking.enrollmentId })
      toast(env.code === 200 ? t('ticket.cancelled') : env.message, { duration: 2500 })
      setAsking(null)
      setCancelled((n) => n + 1)
    } catch {
      toast(t('common.networkError'), { duration: 2500 })
    } finally {
      setBusy(false)
    }
  }
  return (
    <CenterSection title={t('center.myActivities')} testid='center-activities' anchor={MY_ACTIVITIES_ANCHOR}>
      <CenterTabs<MyEnrollmentSegment> tabs={SEGMENTS.map((key) => ({ key, label: t(`center.seg.${key}`) }))} value={segment} onChange={setSegment} testid='center-activities' />
      <ListNote list={list} testid='center-activities' />
      <CenterList>
        {(list.items || []).map((e) => (
          <MyActivityRow key={e.enrollmentId} e={e} lang={lang} action={<TicketActions item={e} onCancel={() => setAsking(e)} />} />
        ))}
      </CenterList>
      <MiniPager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='center-activities' />
      {asking && <CancelEnrollmentDialog testid='center-cancel-confirm' busy={busy} onOk={() => void cancel()} onCancel={() => setAsking(null)} />}
    </CenterSection>
  )
}

/** a row's ticket (approved) and cancel (until the deadline) buttons; nothing otherwise */
function TicketActions({ item, onCancel }: { item: MyEnrollmentItem; onCancel(): void }) {
  const { t } = useTranslation()
  const ticket = item.status === 'approved' && item.hasTicket !== false
  const cancel = (item.status === 'approved' || item.status === 'pending') && !!item.cancelUntil && !item.checkedInAt && Date.parse(item.cancelUntil) > Date.now()
  if (!ticket && !cancel) return null
  return (
    <View className='hj-ct-actions'>
      {ticket && (
        <View className='hj-ct-action' data-testid='center-activity-ticket' onClick={() => void go(`/ticket?enrollmentId=${item.enrollmentId}`)}>
          {t('center.ticket')}
        </View>
      )}
      {cancel && (
        <View className='hj-ct-action' data-testid='center-activity-cancel' onClick={onCancel}>
          {t('center.cancel')}
        </View>
      )}
    </View>
  )
}
