import { Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
// this part of the texts travels with the pages that use it (mini-program: not in the main package)
import '../../shared/i18n/sections/enrollment'

/** The caller's enrolment status (pending, approved, rejected) beside the button and in the panel. */
export function StatusBadge({ status }: { status: 'pending' | 'approved' | 'rejected' | 'cancelled' }) {
  const { t } = useTranslation()
  return (
    <Text className={`hj-es hj-es--${status}`} data-testid='enroll-status' data-status={status}>
      {t(`enrollment.status.${status}`)}
    </Text>
  )
}
