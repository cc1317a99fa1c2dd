/**
 * `npm run privacy -- erase-now <email>`: erases now the account of <email> whose deletion is pending,
 * without waiting for the end of the cooling-off period (an operator acting on a written request; the
 * browser tests, which cannot wait 7 days). `npm run privacy -- sweep`: what the hourly job does (erase
 * every account past its period, remove expired data downloads). Uses the configured database and
 * storage (DATA_DIR / DATABASE_URL / STORAGE_URL), so it can run beside the server.
 */
import { buildApp } from './app'
import { loadConfigOrExit } from './config'

async function main() {
  const [command, arg] = process.argv.slice(2)
  if (command !== 'erase-now' && command !== 'sweep') throw new Error('usage: privacy-cli.ts erase-now <email> | sweep')
  if (command === 'erase-now' && !arg) throw new Error('usage: privacy-cli.ts erase-now <email>')
  const app = await buildApp({ ...loadConfigOrExit(), logLevel: 'warn' })
  try {
    if (command === 'erase-now') {
      const userId = await app.services.privacy.eraseNow(arg)
      console.log(`erased account ${userId}`)
    } else {
      const { erased, expired } = await app.services.privacy.sweep()
      console.log(`erased ${erased} account(s), removed ${expired} expired download(s)`)
    }
  } finally {
    await app.close()
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
