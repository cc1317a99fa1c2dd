/**
 * Mini-program: an activity goes into the phone's calendar (wx.addPhoneCalendar, with a reminder an hour
 * before) — a mini-program cannot open a downloaded .ics file. H5 twin: ./calendar.h5.ts downloads it.
 */
import Taro from '@tarojs/taro'

export interface CalendarEvent {
  title: string
  /** ISO times */
  startTime: string
  endTime: string
  location?: string
  description?: string
}

export type CalendarResult = 'added' | 'cancelled' | 'failed'

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000)

/** `icsUrl` is the H5 way; the mini-program adds `event()` (loaded only when asked) to the phone calendar */
export async function addToCalendar(event: () => Promise<CalendarEvent | null>, _icsUrl: string): Promise<CalendarResult> {
  const e = await event().catch(() => null)
  if (!e) return 'failed'
  try {
    await Taro.addPhoneCalendar({
      title: e.title,
      startTime: seconds(e.startTime),
      // the typings say string; WeChat takes the unix time in seconds
      endTime: String(seconds(e.endTime)),
      ...(e.location ? { location: e.location } : {}),
      ...(e.description ? { description: e.description } : {}),
      alarm: true,
      alarmOffset: 3600,
    })
    return 'added'
  } catch (err) {
    return /cancel/i.test(String((err as { errMsg?: string })?.errMsg ?? err)) ? 'cancelled' : 'failed'
  }
}
