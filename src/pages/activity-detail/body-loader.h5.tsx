/**
 * H5 variant of ./body-loader.tsx: the body's code is fetched when the page first draws it, so a visitor
 * opening an activity loads only what its first screen needs before the poster shows.
 */
import { Suspense, lazy } from 'react'
import type { ActivityDetail } from '@contracts/activity'
import type { Lang } from '../../shared/i18n'

const ActivityBody = lazy(() => import(/* webpackChunkName: "activity-body" */ './body'))

export default function ActivityBodyLoader(props: { item: ActivityDetail; lang: Lang }) {
  return (
    <Suspense fallback={null}>
      <ActivityBody {...props} />
    </Suspense>
  )
}
