#!/usr/bin/env node
// `npm test`: every suite, in order, each under a header, then one summary line "N passed, N failed"
// (counted in jest test suites). Exit code is non-zero when anything failed. A missing suite config
// counts as a failure, never as a silent skip: a suite that does not run proves nothing.
//
// First the static checks (typecheck, then lint with the architecture's boundary rules): when either
// fails, no suite runs — a change that breaks the layering fails in seconds, not after the builds.
// `node tests/run-all.mjs e2e` runs only the named suites (checks, client, server, weapp, cluster, e2e).
// Environment: CI=true rebuilds dist/h5 and dist/admin even when present; HAIJIAO_SKIP_BUILD=1 never
// builds (use what is there); CHROMIUM_PATH overrides /usr/bin/chromium; WECHAT_DEVTOOLS_CLI is WeChat
// DevTools' command-line tool for the automator suite (Windows/macOS; without it that suite is skipped:
// one line says why, and it counts as skipped, neither passed nor failed).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const JEST = path.join(ROOT, 'node_modules/.bin/jest')
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const isCI = process.env.CI === 'true' || process.env.CI === '1'

const CHECKS = [
  { name: 'typecheck (tsc --noEmit)', cmd: 'node_modules/.bin/tsc', args: ['--noEmit', '-p', '.'] },
  { name: 'lint (eslint, boundaries)', cmd: 'node_modules/.bin/eslint', args: ['.', '--max-warnings', '0'] },
  // no import circle and no arrow up the floors, in the server and the admin (type imports count)
  { name: 'import graph (circles, upward arrows)', cmd: process.execPath, args: ['scripts/import-graph.mjs', '--check'] },
]
const ALL_SUITES = [
  { key: 'checks', name: 'static checks', checks: CHECKS },
  { key: 'client', name: 'client units', config: 'tests/jest.client.config.js' },
  { key: 'server', name: 'server (SQLite; PostgreSQL when reachable)', config: 'tests/jest.server.config.js' },
  { key: 'weapp', name: 'weapp build output', config: 'tests/jest.weapp.config.js' },
  // real server processes on PostgreSQL + Redis behind a proxy; graceful stop; kill -9 (skips itself, with a line, without them)
  { key: 'cluster', name: 'two instances, graceful stop, kill -9', config: 'tests/jest.cluster.config.js', args: ['--runInBand'] },
  // one server + one Chromium at a time: in parallel on 2 cores they only make timeouts flaky
  { key: 'e2e', name: 'browser end-to-end', config: 'tests/jest.e2e.config.js', before: prepareE2e, args: ['--runInBand'] },
  { key: 'automator', name: 'mini-program in WeChat DevTools', config: 'tests/jest.automator.config.js', skipWhy: devtoolsMissing, args: ['--runInBand'] },
]
// `npm test` runs all; `npm test -- e2e server` runs the named suites only (for local work).
const wanted = process.argv.slice(2)
const unknown = wanted.filter((w) => !ALL_SUITES.some((s) => s.key === w))
if (unknown.length) {
  console.error(`unknown suite ${unknown.join(', ')}; choose from ${ALL_SUITES.map((s) => s.key).join(', ')}`)
  process.exit(2)
}
const SUITES = wanted.length ? ALL_SUITES.filter((s) => wanted.includes(s.key)) : ALL_SUITES

const results = [] // { name, passed, failed, seconds, note }
const t0 = Date.now()

function header(text) {
  const line = '═'.repeat(Math.max(20, text.length + 4))
  console.log(`\n${line}\n  ${text}\n${line}`)
}

function run(cmd, args, opts = {}) {
  console.log(`$ ${[cmd, ...args].join(' ')}`)
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env, ...opts })
  if (r.error) console.error(`could not run ${cmd}: ${r.error.message}`)
  return r.status ?? 1
}

/** Newest modification time (ms) of files under the given paths, skipping folders in `skip`. */
function newestMtime(paths, skip = []) {
  let newest = 0
  const walk = (p) => {
    if (skip.some((s) => p === path.join(ROOT, s))) return
    let st
    try {
      st = fs.statSync(p)
    } catch {
      return
    }
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p)) walk(path.join(p, e))
    } else if (st.mtimeMs > newest) newest = st.mtimeMs
  }
  paths.forEach((p) => walk(path.join(ROOT, p)))
  return newest
}

/** Build when missing, when CI asks for a clean build, or when a source file is newer than the build. */
function ensureBuild(label, script, distDir, sources, skip) {
  const marker = path.join(ROOT, distDir, 'index.html')
  let why = null
  if (!fs.existsSync(marker)) why = `${distDir} is missing`
  else if (isCI) why = 'CI=true always rebuilds'
  else if (newestMtime(sources, skip) > fs.statSync(marker).mtimeMs) why = `sources changed since ${distDir} was built`
  if (!why) {
    console.log(`${label}: ${distDir} is up to date`)
    return true
  }
  if (process.env.HAIJIAO_SKIP_BUILD === '1') {
    const present = fs.existsSync(marker)
    console.log(`${label}: ${why}, but HAIJIAO_SKIP_BUILD=1: ${present ? 'using it as it is' : 'cannot run without it'}`)
    return present
  }
  console.log(`${label}: ${why} → npm run ${script}`)
  const started = Date.now()
  const status = run('npm', ['run', '--silent', script])
  console.log(`${label}: npm run ${script} exited ${status} after ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return status === 0 && fs.existsSync(marker)
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0
}

function ensureChromium() {
  const howTo = 'sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk'
  if (!fs.existsSync(CHROMIUM)) {
    if (!isRoot() || process.env.CHROMIUM_PATH) {
      console.error(`Chromium is missing at ${CHROMIUM}. Install Debian's package as root:\n  ${howTo}\n(or set CHROMIUM_PATH to an existing Chromium binary)`)
      return false
    }
    console.log(`${CHROMIUM} is missing; installing Debian's chromium and fonts-noto-cjk (root)`)
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    if (run('apt-get', ['update'], { env }) !== 0 || run('apt-get', ['install', '-y', 'chromium', 'fonts-noto-cjk'], { env }) !== 0) {
      console.error(`apt-get could not install Chromium. Install it by hand:\n  ${howTo}`)
      return false
    }
    if (!fs.existsSync(CHROMIUM)) {
      console.error(`apt-get finished but ${CHROMIUM} is still missing`)
      return false
    }
    return true
  }
  // Without CJK fonts the app still works; only screenshots show boxes for Chinese text.
  const fonts = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' })
  if (fonts.status === 0 && !fonts.stdout.trim()) {
    if (isRoot()) {
      run('apt-get', ['install', '-y', 'fonts-noto-cjk'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    } else {
      console.warn(`No Chinese fonts: screenshots will show boxes. Install with: ${howTo}`)
    }
  }
  return true
}

/** Returns null when ready, else why not (shown in the summary). */
function prepareE2e() {
  if (!ensureChromium()) return `Chromium missing at ${CHROMIUM} (see above for how to install it)`
  if (!ensureBuild('H5', 'build:h5', 'dist/h5', ['src', 'config', 'babel.config.js', 'package.json'], ['src/admin'])) {
    return 'no usable dist/h5 (build failed or skipped, see above)'
  }
  if (!ensureBuild('admin', 'build:admin', 'dist/admin', ['src/admin', 'src/shared', 'config', 'babel.config.js', 'package.json'], [])) {
    return 'no usable dist/admin (build failed or skipped, see above)'
  }
  return null
}

/** null when WeChat DevTools can run (same check as tests/automator/support/devtools.ts), else why not */
function devtoolsMissing() {
  const cli = process.env.WECHAT_DEVTOOLS_CLI
  if (!cli) return `WECHAT_DEVTOOLS_CLI is not set (WeChat DevTools runs on Windows and macOS${process.platform === 'linux' ? '; this is Linux' : ''})`
  if (!fs.existsSync(cli)) return `WECHAT_DEVTOOLS_CLI points at ${cli}, which does not exist`
  return null
}

/** Each check counts as one suite in the summary; true when all passed. */
function runChecks(checks) {
  let ok = true
  for (const check of checks) {
    header(check.name)
    const started = Date.now()
    const bin = path.resolve(ROOT, check.cmd)
    const status = fs.existsSync(bin) ? run(bin, check.args) : 1
    const seconds = (Date.now() - started) / 1000
    const note = fs.existsSync(bin) ? '' : `${check.cmd} missing: run npm install first`
    results.push({ name: check.name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, seconds, note })
    console.log(`\n→ ${check.name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s`)
    ok &&= status === 0
  }
  return ok
}

function runSuite(suite) {
  const skip = suite.skipWhy?.()
  if (skip) {
    console.log(`\n→ ${suite.name}: skipped — ${skip}`)
    results.push({ name: suite.name, passed: 0, failed: 0, skipped: 1, seconds: 0, note: `skipped: ${skip}` })
    return
  }
  header(`${suite.name} — jest -c ${suite.config}`)
  const started = Date.now()
  const done = (passed, failed, note) => {
    const seconds = (Date.now() - started) / 1000
    results.push({ name: suite.name, passed, failed, seconds, note })
    console.log(`\n→ ${suite.name}: ${passed} passed, ${failed} failed${note ? ` (${note})` : ''} in ${seconds.toFixed(0)} s`)
  }
  if (!fs.existsSync(JEST)) return done(0, 1, 'node_modules/.bin/jest missing: run npm install first')
  if (!fs.existsSync(path.join(ROOT, suite.config))) return done(0, 1, `${suite.config} does not exist — this suite was not written`)
  if (suite.before) {
    const problem = suite.before()
    if (problem) return done(0, 1, problem)
  }

  const outFile = path.join(os.tmpdir(), `haijiao-jest-${process.pid}-${results.length}.json`)
  fs.rmSync(outFile, { force: true })
  const status = run(JEST, ['-c', suite.config, ...(suite.args ?? []), '--json', `--outputFile=${outFile}`], {
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
  })
  let report = null
  try {
    report = JSON.parse(fs.readFileSync(outFile, 'utf8'))
  } catch {
    /* jest crashed before writing its report */
  }
  fs.rmSync(outFile, { force: true })
  if (!report) return done(0, 1, `jest exited ${status} without a report`)
  const passed = report.numPassedTestSuites ?? 0
  let failed = report.numFailedTestSuites ?? 0
  let note = ''
  if (report.numTotalTestSuites === 0) {
    failed = Math.max(failed, 1)
    note = 'no test files found'
  } else if (status !== 0 && failed === 0) {
    // e.g. a coverage threshold or an open handle made jest fail although every suite passed
    failed = 1
    note = `jest exited ${status}`
  }
  done(passed, failed, note)
}

for (const suite of SUITES) {
  if (suite.checks) {
    if (!runChecks(suite.checks)) {
      console.log('\nStatic checks failed: the test suites were not run (fix the errors above first).')
      break
    }
    continue
  }
  runSuite(suite)
}

header('summary')
for (const r of results) {
  const mark = r.failed ? '✗' : r.skipped ? '–' : '✓'
  console.log(`${mark} ${r.name.padEnd(44)} ${String(r.passed).padStart(3)} passed ${String(r.failed).padStart(3)} failed ${r.seconds.toFixed(0).padStart(5)} s${r.note ? `  ${r.note}` : ''}`)
}
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
console.log(`total time ${((Date.now() - t0) / 1000).toFixed(0)} s`)
const skipped = results.reduce((n, r) => n + (r.skipped ?? 0), 0)
if (skipped) console.log(`${skipped} suite${skipped > 1 ? 's' : ''} skipped (see above)`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
