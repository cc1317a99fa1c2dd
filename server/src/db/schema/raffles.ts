/** Raffles of activities (2026-11-24-0017-raffle): gifts, per-person draw times, grants, draws. */
import type { Generated } from 'kysely'
import type { Stamps } from './columns'

export type RaffleEligibility = 'enrolled' | 'approved' | 'any'
export type RaffleStatus = 'open' | 'closed'

export interface RafflesTable extends Stamps {
  id: Generated<number>
  activity_id: number | null
  organization_id: number | null
  name_zh: Generated<string>
  name_en: Generated<string>
  /** JSON string array of image URLs */
  images: Generated<string>
  start_time: string
  end_time: string
  time_zone: string
  eligibility: Generated<RaffleEligibility>
  default_times: Generated<number>
  no_prize_weight: Generated<number>
  status: Generated<RaffleStatus>
  closed_at: string | null
  created_by: number | null
}
export interface RaffleGiftsTable extends Stamps {
  id: Generated<number>
  raffle_id: number
  name_zh: Generated<string>
  name_en: Generated<string>
  image_url: string | null
  stock: Generated<number>
  won_count: Generated<number>
  sequence: Generated<number>
  weight: Generated<number>
}
export interface RaffleTimesTable extends Stamps {
  id: Generated<number>
  raffle_id: number
  user_id: number
  extra_times: Generated<number>
  used_times: Generated<number>
}
export interface RaffleTimeGrantsTable {
  id: Generated<number>
  raffle_id: number
  user_id: number
  times: number
  reason: Generated<string>
  granted_by: number | null
  created_at: string
}
export interface RaffleDrawsTable {
  id: Generated<number>
  raffle_id: number
  user_id: number
  client_key: string
  gift_id: number | null
  claimed_at: string | null
  claimed_by: number | null
  created_at: string
}

export interface RaffleTables {
  raffles: RafflesTable
  raffle_gifts: RaffleGiftsTable
  raffle_times: RaffleTimesTable
  raffle_time_grants: RaffleTimeGrantsTable
  raffle_draws: RaffleDrawsTable
}
