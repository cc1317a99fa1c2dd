/** "My activities": enrolled / waiting for approval / past, from GET /activity/enroll/my?segment=. */
import { useState } from 'react'
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

const SEGMENTS: MyEnrollmentSegment[] = ['enrolled', 'pending', 'past']
const TONE = { approved: 'ok', pending: 'wait', rejected: 'off', cancelled: 'off' } as const

export default function MyActivities({ lang, version }: { lang: Lang; version: number }) {
  const { t } = useTranslation()
  const [segment, setSegment] = useState<MyEnrollmentSegment>('enrolled')
  const list = useCenterList<MyEnrollmentItem>((page, size) => getMyEnrollments(segment, page, size), `${segment}:${version}`)
  return (
    <CenterSection title={t('center.myActivities')} testid='center-activities' anchor={MY_ACTIVITIES_ANCHOR}>
      <CenterTabs<MyEnrollmentSegment> tabs={SEGMENTS.map((key) => ({ key, label: t(`center.seg.${key}`) }))} value={segment} onChange={setSegment} testid='center-activities' />
      <ListNote list={list} testid='center-activities' />
      <CenterList>
        {(list.items || []).map((e) => (
          <CenterRow
            key={e.enrollmentId}
            testid='center-activity'
            cover={e.activity.posterUrl}
            title={pickLang(e.activity, 'title', lang)}
            meta={[ownTime(e.activity.startTime, e.activity.endTime, e.activity.timeZone), pickLang(e.activity, 'city', lang)]}
            badge={t(`center.status.${e.status}`)}
            badgeTone={TONE[e.status]}
            onClick={() => go(`/activityDetail?id=${e.activity.id}`)}
          />
        ))}
      </CenterList>
      <MiniPager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='center-activities' />
    </CenterSection>
  )
}
