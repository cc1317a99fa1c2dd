/** `npm run migrate`: bring the configured database to the latest schema. */
import { loadConfigOrExit } from '../config'
import { migrateToLatest, openDatabase } from './database'

async function main() {
  const config = loadConfigOrExit()
  const handle = await openDatabase(config)
  try {
    const result = await migrateToLatest(handle)
    const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? []
    console.log(applied.length ? `migrated (${handle.kind}): ${applied.join(', ')}` : `database (${handle.kind}) already up to date`)
  } finally {
    await handle.close()
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
