import type { Kysely, Transaction } from 'kysely'
import type { DB } from './schema'

/** Runs `fn` in a new transaction, or in the one `db` already is (a repository built on a transaction). */
export function inTransaction<T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn)
}
