/**
 * `npm run backup [-- <file>]`: an online backup of the SQLite database to DATA_DIR/backups/<time>.sqlite
 * (or <file>) while the server runs. `npm run restore -- <file>`: put a backup in place (server stopped).
 */
import { loadConfigOrExit } from '../config'
import { backupSqlite, restoreSqlite } from './backup'

async function main() {
  const [command, arg] = process.argv.slice(2)
  const config = loadConfigOrExit()
  if (command === 'backup') {
    const { file, bytes } = await backupSqlite(config, arg)
    console.log(`backed up ${bytes} bytes to ${file}`)
  } else if (command === 'restore') {
    if (!arg) throw new Error('usage: npm run restore -- <backup file>')
    const { file, previous } = restoreSqlite(config, arg)
    console.log(`restored ${arg} to ${file}${previous ? ` (the replaced database is kept as ${previous})` : ''}`)
  } else {
    throw new Error('usage: backup-cli.ts backup [file] | restore <file>')
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
