/**
 * H5 variant of ./enroll-panel-loader.tsx: the enrolment panel (the form fields with their picker, text
 * area and upload) is fetched when a visitor opens it, not with the activity page before its poster shows.
 */
import { Suspense, lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { Loading } from '../ui/loading'
import type { EnrollPanelProps } from './enroll-panel'

const EnrollPanel = lazy(() => import(/* webpackChunkName: "enroll-panel" */ './enroll-panel'))

export default function EnrollPanelLoader(props: EnrollPanelProps) {
  const { t } = useTranslation()
  return (
    <Suspense fallback={<Loading className='hj-c-muted hj-ep__loading' text={t('common.loading')} />}>
      <EnrollPanel {...props} />
    </Suspense>
  )
}
