// Lighthouse (npm, v12) on the consumer pages with Debian's Chromium, mobile form factor and Lighthouse's
// simulated throttling (slow 4G, CPU slowdown calibrated to this host, below): the median of N runs per
// page of performance, accessibility, LCP and total blocking time, as a table; then where the main
// thread's time went (Lighthouse's mainthread-work-breakdown) and the scripts that cost most
// (bootup-time), so a before/after can say what changed.
//
// Calibration: Lighthouse's simulated throttling multiplies the CPU work it observed by
// `cpuSlowdownMultiplier` (4 by default), so a fast host scores better than a slow one for the same
// code. Each run therefore gathers first (the page load, and `BenchmarkIndex`, Lighthouse's measure of
// this host's CPU speed taken just before the load), then audits that same gathering with the
// multiplier 4 × max(1, index / 2000): a host faster than index 2,000 is slowed down to it; a slower
// (or busy) one keeps 4×. Every figure is printed with the index and multiplier it was computed with.
//
// Usage: node tests/bench/web-bench.mjs [origin] [runs]   (server must be running; default
// http://localhost:8080, 3 runs). CHROME_PATH overrides /usr/bin/chromium. WEB_BENCH_JSON=file also
// writes the medians as JSON. WEB_BENCH_PAGES=regexp measures only the pages whose name matches
// (e.g. '^/activity$'), for a before/after of one page with more runs. WEB_BENCH_TARGET_INDEX changes
// the index a faster host is brought to (default 2000). WEB_BENCH_KEEP=dir keeps each run's Lighthouse
// JSON report there. WEB_BENCH_LANG=zh-CN loads the pages in that language (the browser's
// Accept-Language; default Lighthouse's, English).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'

const origin = (process.argv[2] ?? 'http://localhost:8080').replace(/\/+$/, '')
const runs = Number(process.argv[3] ?? 3)
const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const TARGET_INDEX = Number(process.env.WEB_BENCH_TARGET_INDEX || 2000)
/** Lighthouse's own mobile CPU slowdown, applied as it is on a host at or under the target index */
const BASE_SLOWDOWN = 4
const keepDir = process.env.WEB_BENCH_KEEP
/** the browser's language (Accept-Language), e.g. zh-CN: the pages are drawn and their texts loaded in it */
const LANG = process.env.WEB_BENCH_LANG || ''

// a seeded activity for the detail page
const list = await fetch(`${origin}/api/v1/activity/info/list?page=1&pageSize=1`).then((r) => r.json())
const activityId = list?.result?.list?.[0]?.id
if (!activityId) {
  console.error(`no activity at ${origin}/api/v1/activity/info/list — is the server running and seeded?`)
  process.exit(1)
}
const pages = [
  { name: '/', url: `${origin}/` },
  { name: '/activity', url: `${origin}/activity` },
  { name: `/activityDetail?id=${activityId}`, url: `${origin}/activityDetail?id=${activityId}` },
].filter((p) => !process.env.WEB_BENCH_PAGES || new RegExp(process.env.WEB_BENCH_PAGES).test(p.name))

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b)
  if (!s.length) return NaN
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** the CPU slowdown that brings a host of this benchmark index to TARGET_INDEX (never below Lighthouse's 4×) */
export const slowdownFor = (index) => BASE_SLOWDOWN * Math.max(1, (Number(index) || 0) / TARGET_INDEX)

const configWith = (cpuSlowdownMultiplier) => ({
  extends: 'lighthouse:default',
  settings: {
    formFactor: 'mobile',
    onlyCategories: ['performance', 'accessibility'],
    // Lighthouse's default mobile network (slow 4G) with the calibrated CPU slowdown
    throttlingMethod: 'simulate',
    throttling: { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 150 * 3.75, downloadThroughputKbps: 1638.4, uploadThroughputKbps: 750, cpuSlowdownMultiplier },
  },
})

/** strips a page's origin and query from a script's address for the bootup table */
const shortUrl = (u) => {
  try {
    const url = new URL(u)
    return url.origin === origin ? url.pathname : u
  } catch {
    return u
  }
}

async function audit(url) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-bench-'))
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', ...(LANG ? [`--lang=${LANG}`, `--accept-lang=${LANG}`] : [])],
  })
  let killed = false
  // chrome-launcher's kill() is synchronous in some versions and a promise in others
  const kill = async () => {
    if (killed) return
    killed = true
    try {
      await chrome.kill()
    } catch {
      /* already gone */
    }
  }
  try {
    // 1. gather: the page load and this host's benchmark index, saved to `dir`
    await lighthouse(url, { port: chrome.port, logLevel: 'error', gatherMode: dir }, configWith(BASE_SLOWDOWN))
    await kill()
    const file = path.join(dir, 'artifacts.json')
    const artifacts = JSON.parse(fs.readFileSync(file, 'utf8'))
    const benchmarkIndex = artifacts.BenchmarkIndex
    const multiplier = slowdownFor(benchmarkIndex)
    // 2. audit the same gathering with the calibrated slowdown (simulated throttling does not throttle
    // while gathering, so the gathering is the same whatever the multiplier; Lighthouse refuses settings
    // that differ between the two steps, hence the saved settings carry the one used)
    artifacts.settings.throttling.cpuSlowdownMultiplier = multiplier
    fs.writeFileSync(file, JSON.stringify(artifacts))
    const result = await lighthouse(undefined, { logLevel: 'error', auditMode: dir, output: 'json' }, configWith(multiplier))
    const lhr = result.lhr
    if (keepDir) {
      fs.mkdirSync(keepDir, { recursive: true })
      fs.writeFileSync(path.join(keepDir, `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}-${Date.now()}.json`), JSON.stringify(lhr))
    }
    const failing = (id) => (lhr.audits[id]?.score ?? 1) < 1
    const breakdown = Object.fromEntries((lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => [i.group, i.duration]))
    const bootup = (lhr.audits['bootup-time']?.details?.items ?? []).map((i) => ({ url: shortUrl(i.url), total: i.total, scripting: i.scripting, parse: i.scriptParseCompile }))
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      mainThread: lhr.audits['mainthread-work-breakdown']?.numericValue,
      benchmarkIndex,
      multiplier,
      breakdown,
      bootup,
      issues: ['image-alt', 'color-contrast', 'uses-text-compression', 'unused-javascript', 'prioritize-lcp-image', 'unsized-images'].filter(failing),
      runtimeError: lhr.runtimeError?.message,
    }
  } finally {
    await kill()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const ms = (n) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—')
const rows = []
for (const page of pages) {
  const results = []
  // a run Lighthouse reports as broken (no trace, NO_NAVSTART …) is repeated, not counted (at most 2 extra)
  for (let i = 0, failures = 0; results.length < runs && failures <= 2; i++) {
    const r = await audit(page.url)
    if (r.runtimeError || !Number.isFinite(r.lcp)) {
      failures++
      console.error(`${page.name} run ${i + 1}: ${r.runtimeError ?? 'no LCP'} — not counted`)
      continue
    }
    results.push(r)
    console.error(
      `${page.name} run ${results.length}/${runs}: perf ${r.performance}, a11y ${r.accessibility}, LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${Math.round(r.tbt)} ms, ` +
        `main thread ${ms(r.mainThread)} (index ${Math.round(r.benchmarkIndex)}, CPU ×${r.multiplier.toFixed(2)}, load ${os.loadavg()[0].toFixed(2)})`,
    )
  }
  if (!results.length) {
    console.error(`${page.name}: no usable Lighthouse run`)
    process.exit(1)
  }
  const groups = [...new Set(results.flatMap((r) => Object.keys(r.breakdown)))]
  const scripts = [...new Set(results.flatMap((r) => r.bootup.map((b) => b.url)))]
  const bootup = scripts
    .map((url) => {
      const of = (k) => median(results.map((r) => r.bootup.find((b) => b.url === url)?.[k] ?? 0))
      return { url, total: of('total'), scripting: of('scripting'), parse: of('parse') }
    })
    .sort((a, b) => b.total - a.total)
  rows.push({
    page: page.name,
    performance: median(results.map((r) => r.performance)),
    accessibility: median(results.map((r) => r.accessibility)),
    lcp: median(results.map((r) => r.lcp)),
    tbt: median(results.map((r) => r.tbt)),
    fcp: median(results.map((r) => r.fcp)),
    cls: median(results.map((r) => r.cls)),
    mainThread: median(results.map((r) => r.mainThread)),
    benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
    multiplier: median(results.map((r) => r.multiplier)),
    indexes: results.map((r) => Math.round(r.benchmarkIndex)),
    breakdown: Object.fromEntries(groups.map((g) => [g, median(results.map((r) => r.breakdown[g] ?? 0))])),
    bootup,
    issues: [...new Set(results.flatMap((r) => r.issues))],
  })
}

const load = os.loadavg().map((l) => l.toFixed(2)).join(' ')
console.log(`\nLighthouse ${runs}× median, mobile (simulated slow 4G; CPU ${BASE_SLOWDOWN}× × max(1, index/${TARGET_INDEX})), ${origin}${LANG ? `, ${LANG}` : ''}, load ${load}`)
console.log('| page | performance | accessibility | LCP | TBT | FCP | CLS | main thread | CPU index (runs) | CPU × | failing audits |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${(r.fcp / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${ms(r.mainThread)} | ${Math.round(r.benchmarkIndex)} (${r.indexes.join(', ')}) | ${r.multiplier.toFixed(2)} | ${r.issues.join(', ') || '—'} |`,
  )
}

// where the main thread's time went, per page (medians, at each page's CPU ×)
const GROUPS = [
  ['scriptEvaluation', 'script evaluation'],
  ['scriptParseCompile', 'parse/compile'],
  ['styleLayout', 'style/layout'],
  ['paintCompositeRender', 'rendering'],
  ['parseHTML', 'HTML/CSS parse'],
  ['garbageCollection', 'GC'],
  ['other', 'other'],
]
console.log('\nMain-thread work (mainthread-work-breakdown, median ms)')
console.log(`| page | CPU index / × | ${GROUPS.map(([, label]) => label).join(' | ')} | total |`)
console.log(`|---|---|${GROUPS.map(() => '---|').join('')}---|`)
for (const r of rows) {
  console.log(`| ${r.page} | ${Math.round(r.benchmarkIndex)} / ${r.multiplier.toFixed(2)} | ${GROUPS.map(([g]) => Math.round(r.breakdown[g] ?? 0)).join(' | ')} | ${Math.round(r.mainThread)} |`)
}
console.log('\nScripts by CPU time (bootup-time, median ms: total / evaluation / parse+compile)')
for (const r of rows) {
  console.log(`${r.page} (index ${Math.round(r.benchmarkIndex)}, CPU ×${r.multiplier.toFixed(2)})`)
  for (const b of r.bootup.slice(0, 6)) console.log(`  ${String(Math.round(b.total)).padStart(6)} / ${String(Math.round(b.scripting)).padStart(5)} / ${String(Math.round(b.parse)).padStart(4)}  ${b.url}`)
}
if (process.env.WEB_BENCH_JSON) fs.writeFileSync(process.env.WEB_BENCH_JSON, JSON.stringify({ origin, runs, load, targetIndex: TARGET_INDEX, rows }, null, 2))
