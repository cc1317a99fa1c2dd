// The benches' database set-up. Imports the app's TypeScript: load it (dynamically) after runUnderTsx.
import path from 'node:path'
import { root } from './tsx-child.mjs'

const { default: SQLite } = await import('better-sqlite3')
const { buildApp } = await import(path.join(root, 'server/src/app.ts'))
const { sqliteFile } = await import(path.join(root, 'server/src/db/database.ts'))

/** Migrates (and seeds, unless the data is reused) through the real app, then closes it. */
export async function migrateAndSeed(config, log, { seed = true, where = config.dataDir } = {}) {
  const t = Date.now()
  const app = await buildApp(config, { migrate: true, seed })
  await app.close()
  log(`migrated${seed ? ' and seeded' : ' (reused data)'} in ${Date.now() - t} ms (${where})`)
}

/** A direct connection to the app's SQLite file, for bulk writes beside the app. */
export function openSqlite(config) {
  const db = new SQLite(sqliteFile(config))
  db.pragma('journal_mode = WAL')
  return db
}

/**
 * Bulk rows through either driver with `?` placeholders: a connected pg client (search_path already set)
 * or a better-sqlite3 database. Multi-row inserts stay under each driver's bound-parameter limit.
 */
export function bulkWriter({ pgClient = null, sqlite = null }) {
  async function all(sqlText, params = []) {
    if (pgClient) {
      let i = 0
      return (await pgClient.query(sqlText.replace(/\?/g, () => `$${++i}`), params)).rows
    }
    const stmt = sqlite.prepare(sqlText)
    return stmt.reader ? stmt.all(...params) : (stmt.run(...params), [])
  }
  async function batchInsert(table, columns, rows) {
    const per = Math.floor((pgClient ? 20000 : 900) / columns.length)
    for (let i = 0; i < rows.length; i += per) {
      const chunk = rows.slice(i, i + per)
      const placeholders = chunk.map(() => `(${columns.map(() => '?').join(',')})`).join(',')
      await all(`insert into ${table} (${columns.join(',')}) values ${placeholders}`, chunk.flat())
    }
  }
  const exec = async (sqlText) => (pgClient ? pgClient.query(sqlText) : sqlite.exec(sqlText))
  return { all, batchInsert, exec }
}
