import { sql } from 'kysely'

/**
 * Banners and adverts shown at `now`: switched on (status 1) and inside their free time window
 * (start_at / end_at null = open on that side). Timestamps are ISO UTC text, so text order is time order.
 */
export function liveAt(now: string) {
  return sql<boolean>`status = 1 and (start_at is null or start_at <= ${now}) and (end_at is null or end_at > ${now})`
}
