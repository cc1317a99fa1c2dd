/** H5 variant of ./calendar.ts: the .ics file downloads (the server sends it as an attachment, so the page stays). */
import type { CalendarEvent, CalendarResult } from './calendar'
import { assignLocation } from './browser'

export async function addToCalendar(_event: () => Promise<CalendarEvent | null>, icsUrl: string): Promise<CalendarResult> {
  assignLocation(icsUrl)
  return 'added'
}
