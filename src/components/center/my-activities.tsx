/**
 * "My activities": all (the first tab: every enrolment with its state, so one that waits for approval is
 * there right after enrolling) / enrolled / waiting for approval / past, from GET /activity/enroll/my?segment=.
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
  const list = useCenterList<MyEnrollmentItem>((page, size) => getMyEnrollments(segment, page, size), `${segment}:${version}`)
  return (
    <CenterSection title={t('center.myActivities')} testid='center-activities' anchor={MY_ACTIVITIES_ANCHOR}>
      <CenterTabs<MyEnrollmentSegment> tabs={SEGMENTS.map((key) => ({ key, label: t(`center.seg.${key}`) }))} value={segment} onChange={setSegment} testid='center-activities' />
      <ListNote list={list} testid='center-activities' />
      <CenterList>
        {(list.items || []).map((e) => (
          <MyActivityRow key={e.enrollmentId} e={e} lang={lang} />
        ))}
      </CenterList>
      <MiniPager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='center-activities' />
    </CenterSection>
  )
}
