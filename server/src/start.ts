/**
 * `npm start`: build the H5 app and the admin when their builds are missing, migrate, seed, listen,
 * then print the URLs and the demo accounts. A second start reuses data/ and dist/.
 */
import { spawnSync } from 'node:child_process'
import { distReady } from './app'
import { frontEndBuildEnv, loadConfigOrExit } from './config'
import { startServer } from './server'
import { DEMO_PASSWORD, USERS } from './db/seed/base-data'

function buildIfMissing(config: ReturnType<typeof loadConfigOrExit>, which: 'h5' | 'admin') {
  if (distReady(config, which)) return
  const script = which === 'h5' ? 'build:h5' : 'build:admin'
  console.log(`\n[start] dist/${which} is missing: running npm run ${script} (this takes a minute) …`)
  const started = Date.now()
  const r = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', script], {
    cwd: config.rootDir,
    stdio: 'inherit',
    env: frontEndBuildEnv(),
  })
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  if (r.status === 0 && distReady(config, which)) {
    console.log(`[start] npm run ${script} finished in ${secs} s`)
  } else {
    const why = r.error ? r.error.message : `exit code ${r.status}${r.signal ? `, signal ${r.signal}` : ''}`
    console.error(`[start] npm run ${script} failed (${why}); the API starts anyway — fix the build and run it again.`)
  }
}

async function main() {
  const config = loadConfigOrExit()
  buildIfMissing(config, 'h5')
  buildIfMissing(config, 'admin')
  const app = await startServer(config, { seed: true })
  const shown = config.publicUrl
  const label: Record<string, string> = { cuser: 'consumer', ouser: 'organizer', auser: 'operations', kefu: 'service agent' }
  const rows = USERS.map((u) => {
    const roles = u.accounts.map((a) => `${label[a.kind]} (${a.kind})`).join(' + ') + (u.isPromoter ? ', promoter' : '')
    return `  ${u.email.padEnd(24)} ${DEMO_PASSWORD.padEnd(13)} ${roles}`
  })
  console.log(
    [
      '',
      `Haijiao 海交 is running (${app.ctx.dbKind}${app.ctx.dbKind === 'sqlite' ? `, ${config.dataDir}/haijiao.db` : ''}; mail: ${app.ctx.mail.mode})`,
      `  app        ${shown}/`,
      `  admin      ${shown}/admin/`,
      `  API docs   ${shown}/api/docs`,
      `  health     ${shown}/api/v1/health`,
      '',
      '  demo account             password      role (admin-side roles log in at /admin/ with the captcha)',
      ...rows,
      '',
    ].join('\n'),
  )
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err)
  process.exit(1)
})
