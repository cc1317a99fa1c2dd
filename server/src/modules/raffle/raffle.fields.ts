/** A raffle as both the consumer page and the admin show it: names, time window, pictures, activity, who may draw. */
import { parseList } from '../../lib/json'
import type { RaffleBrief, RaffleView } from '@contracts/raffle'
import type { RaffleRepository } from './raffle.repository'

type RaffleRow = NonNullable<Awaited<ReturnType<RaffleRepository['raffle']>>>

export const raffleBrief = (r: Pick<RaffleRow, 'id' | 'name_zh' | 'name_en' | 'start_time' | 'end_time' | 'time_zone' | 'status'>): RaffleBrief => ({
  id: r.id,
  nameZh: r.name_zh,
  nameEn: r.name_en,
  startTime: r.start_time,
  endTime: r.end_time,
  timeZone: r.time_zone,
  status: r.status,
})

export const raffleFields = (r: RaffleRow): Omit<RaffleView, 'gifts' | 'me'> => ({
  ...raffleBrief(r),
  images: parseList(r.images),
  activityId: r.activity_id,
  activityTitleZh: r.activity_title_zh ?? '',
  activityTitleEn: r.activity_title_en ?? '',
  eligibility: r.eligibility,
  defaultTimes: r.default_times,
})
