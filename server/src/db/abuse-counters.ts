/**
 * Counters of abuse limits that must hold across instances and restarts (table abuse_counters,
 * migration 0014): one row per key, holding the amount counted in the key's current window. A write
 * for a new window starts the amount again from what it adds.
 */
import { sql } from 'kysely'
import type { Database } from './database'

export class AbuseCounters {
  constructor(private readonly db: Database) {}

  /** the largest amount any of these keys holds in this window */
  async max(keys: string[], windowStart: string): Promise<number> {
    const rows = await this.db.selectFrom('abuse_counters').select('amount').where('counter_key', 'in', keys).where('window_start', '=', windowStart).execute()
    return Math.max(0, ...rows.map((r) => Number(r.amount)))
  }

  /** adds to the key's amount in this window and answers the new amount (one statement: instances racing each count) */
  async add(key: string, windowStart: string, amount: number): Promise<number> {
    const row = await this.db
      .insertInto('abuse_counters')
      .values({ counter_key: key, window_start: windowStart, amount })
      .onConflict((oc) =>
        oc.column('counter_key').doUpdateSet({
          amount: sql`case when abuse_counters.window_start = excluded.window_start then abuse_counters.amount + excluded.amount else excluded.amount end`,
          window_start: sql`excluded.window_start`,
        }),
      )
      .returning('amount')
      .executeTakeFirstOrThrow()
    return Number(row.amount)
  }

  /** the key's row as it is, whatever its window */
  read(key: string) {
    return this.db.selectFrom('abuse_counters').select(['window_start', 'amount']).where('counter_key', '=', key).executeTakeFirst()
  }

  /** sets the key to this window and amount */
  async put(key: string, windowStart: string, amount: number): Promise<void> {
    await this.db
      .insertInto('abuse_counters')
      .values({ counter_key: key, window_start: windowStart, amount })
      .onConflict((oc) => oc.column('counter_key').doUpdateSet({ amount, window_start: windowStart }))
      .execute()
  }
}
