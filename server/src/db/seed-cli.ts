/** `npm run seed`: idempotent demo data (migrates first, so it works on an empty database). */
import { loadConfigOrExit } from '../config'
import { migrateToLatest, openDatabase } from './database'
import { seed } from './seed'

async function main() {
  const config = loadConfigOrExit()
  const handle = await openDatabase(config)
  try {
    await migrateToLatest(handle)
    await seed(handle.db, { log: (m) => console.log(m) })
  } finally {
    await handle.close()
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
