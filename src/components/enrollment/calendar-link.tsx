/**
 * "Add to calendar (.ics)" for an enrolled activity: in H5 the file downloads (the server answers it as
 * an attachment, so the page stays); in the weapp, which cannot open a calendar file, the link is copied.
 */
import Taro from '@tarojs/taro'
import { Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { icsUrl } from '../../shared/api/enrollment'
import { isWeapp } from '../../shared/env'
import { assignLocation } from '../../shared/platform/browser'

export default function CalendarLink({ activityId }: { activityId: number }) {
  const { t } = useTranslation()
  const url = icsUrl(activityId)
  const onClick = () => {
    if (isWeapp()) {
      void Taro.setClipboardData({ data: url })
        .then(() => Taro.showToast({ title: t('enrollment.calendarCopied'), icon: 'none', duration: 3000 }))
        .catch(() => undefined)
      return
    }
    assignLocation(url)
  }
  return (
    <Text className='hj-ics' data-testid='enroll-ics' data-href={url} onClick={onClick}>
      {t('enrollment.addCalendar')}
    </Text>
  )
}
