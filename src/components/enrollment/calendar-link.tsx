/**
 * "Add to calendar" for an enrolled activity: in H5 the .ics file downloads (the server answers it as an
 * attachment, so the page stays); in the mini-program, which cannot open a calendar file, the activity
 * goes into the phone's calendar (wx.addPhoneCalendar, platform/calendar.ts); where the phone refuses,
 * the file's link is copied instead.
 */
import Taro from '@tarojs/taro'
import { Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { icsUrl } from '../../shared/api/enrollment'
import { getActivityDetail } from '../../shared/api/content'
import { isWeapp } from '../../shared/env'
import { pickLang } from '../../shared/i18n'
import { addToCalendar, type CalendarEvent } from '../../shared/platform/calendar'
import { toast } from '../../shared/stores/toast-store'
// this part of the texts travels with the pages that use it (mini-program: not in the main package)
import '../../shared/i18n/sections/enrollment'

async function activityEvent(activityId: number): Promise<CalendarEvent | null> {
  const item = await getActivityDetail(activityId)
  if (!item) return null
  const place = item.addresses?.[0]
  return {
    title: pickLang(item, 'title'),
    startTime: item.startTime,
    endTime: item.endTime,
    location: place ? [pickLang(place, 'city'), pickLang(place, 'address')].filter(Boolean).join(' ') : undefined,
    description: pickLang(item, 'summary') || undefined,
  }
}

export default function CalendarLink({ activityId }: { activityId: number }) {
  const { t } = useTranslation()
  const url = icsUrl(activityId)
  const onClick = async () => {
    const result = await addToCalendar(() => activityEvent(activityId), url)
    if (!isWeapp()) return
    if (result === 'added') {
      toast(t('enrollment.calendarAdded'), { icon: 'success' })
    } else if (result === 'failed') {
      void Taro.setClipboardData({ data: url })
        .then(() => toast(t('enrollment.calendarCopied'), { duration: 3000 }))
        .catch(() => undefined)
    }
  }
  return (
    <Text className='hj-ics' data-testid='enroll-ics' data-href={url} onClick={() => void onClick()}>
      {isWeapp() ? t('enrollment.addPhoneCalendar') : t('enrollment.addCalendar')}
    </Text>
  )
}
