/**
 * dist/weapp for the weapp suite: built with `npm run build:weapp:local` (API_BASE http://localhost:8080)
 * when it is missing, older than the sources, or always under CI=true — once per jest run (the suite runs
 * its files in one worker, so the second file finds the fresh build).
 */
import fs from 'fs'
import path from 'path'
import { spawnSync } from 'child_process'

export const ROOT = path.resolve(__dirname, '../../..')
export const DIST = path.join(ROOT, 'dist/weapp')

function newestMtime(dir: string, skip: RegExp): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (skip.test(full)) continue
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full, skip))
    else newest = Math.max(newest, fs.statSync(full).mtimeMs)
  }
  return newest
}

let builtThisRun = false

function needsBuild(): string | null {
  const appJson = path.join(DIST, 'app.json')
  if (!fs.existsSync(appJson)) return 'dist/weapp missing'
  if (builtThisRun) return null
  if (process.env.CI === 'true') return 'CI=true'
  const built = fs.statSync(appJson).mtimeMs
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'src'), /[\\/]src[\\/]admin([\\/]|$)/),
    newestMtime(path.join(ROOT, 'config'), /^$/),
    fs.statSync(path.join(ROOT, 'project.config.json')).mtimeMs,
  )
  return sources > built ? 'sources newer than dist/weapp' : null
}

/** Build dist/weapp when needed (a marker file tells the next test file of this jest run it is fresh). */
export function ensureWeappBuild(): void {
  // outside dist/weapp, so nothing extra ships with the package
  const marker = path.join(ROOT, 'node_modules', '.cache', 'haijiao-weapp-built-by-jest')
  const runId = process.env.HAIJIAO_WEAPP_RUN || String(process.ppid)
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === runId) builtThisRun = true
  const why = needsBuild()
  if (!why) return
  const started = Date.now()
  const r = spawnSync('npm', ['run', 'build:weapp:local'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  })
  const out = `${r.stdout || ''}${r.stderr || ''}`
  if (r.status !== 0) throw new Error(`npm run build:weapp:local failed (${why}):\n${out.slice(-4000)}`)
  fs.mkdirSync(path.dirname(marker), { recursive: true })
  fs.writeFileSync(marker, runId)
  builtThisRun = true
  console.log(`[weapp] built (${why}) in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
