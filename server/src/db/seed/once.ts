/**
 * Demo seeding that must happen once per database, marked in `seed_marks`: afterwards the data is the
 * people's own (a removed favourite or form stays removed, an edited body is not rewritten at a restart)
 * and the start does not repeat the work. `apply` answering false means "not done yet, try next start".
 */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../schema'

export async function seedOnce(db: Kysely<DB>, mark: string, apply: (trx: Transaction<DB>) => Promise<boolean | void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('seed_marks').select('name').where('name', '=', mark).executeTakeFirst()) return
    if ((await apply(trx)) === false) return
    await trx.insertInto('seed_marks').values({ name: mark, created_at: new Date().toISOString() }).execute()
  })
}
