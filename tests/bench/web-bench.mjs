// Lighthouse (npm, v12) on the consumer pages with Debian's Chromium, mobile form factor and Lighthouse's
// default simulated throttling (slow 4G, 4× CPU): the median of N runs per page of performance,
// accessibility, LCP and total blocking time, as a table.
// Usage: node tests/bench/web-bench.mjs [origin] [runs]   (server must be running; default
// http://localhost:8080, 3 runs). CHROME_PATH overrides /usr/bin/chromium. WEB_BENCH_JSON=file also
// writes the medians as JSON. WEB_BENCH_PAGES=regexp measures only the pages whose name matches
// (e.g. '^/activity$'), for a before/after of one page with more runs.
import fs from 'node:fs'
import os from 'node:os'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'

const origin = (process.argv[2] ?? 'http://localhost:8080').replace(/\/+$/, '')
const runs = Number(process.argv[3] ?? 3)
const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium'

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
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, {
      extends: 'lighthouse:default',
      settings: { formFactor: 'mobile' },
    })
    const lhr = result.lhr
    const failing = (id) => (lhr.audits[id]?.score ?? 1) < 1
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      // Lighthouse's measure of this machine's CPU speed: its simulated 4× slowdown scales what it
      // observed, so figures from machines (or loads) with different indexes do not compare
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      issues: ['image-alt', 'color-contrast', 'uses-text-compression', 'unused-javascript', 'prioritize-lcp-image', 'unsized-images'].filter(failing),
      runtimeError: lhr.runtimeError?.message,
    }
  } finally {
    await chrome.kill()
  }
}

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
    console.error(`${page.name} run ${results.length}/${runs}: perf ${r.performance}, a11y ${r.accessibility}, LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${Math.round(r.tbt)} ms`)
  }
  if (!results.length) {
    console.error(`${page.name}: no usable Lighthouse run`)
    process.exit(1)
  }
  rows.push({
    page: page.name,
    performance: median(results.map((r) => r.performance)),
    accessibility: median(results.map((r) => r.accessibility)),
    lcp: median(results.map((r) => r.lcp)),
    tbt: median(results.map((r) => r.tbt)),
    fcp: median(results.map((r) => r.fcp)),
    benchmarkIndex: median(results.map((r) => r.benchmarkIndex ?? NaN)),
    issues: [...new Set(results.flatMap((r) => r.issues))],
  })
}

const load = os.loadavg().map((l) => l.toFixed(2)).join(' ')
console.log(`\nLighthouse ${runs}× median, mobile (simulated slow 4G, 4× CPU), ${origin}, load ${load}`)
console.log('| page | performance | accessibility | LCP | TBT | FCP | CPU index | failing audits |')
console.log('|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${(r.fcp / 1000).toFixed(2)} s | ${Math.round(r.benchmarkIndex)} | ${r.issues.join(', ') || '—'} |`,
  )
}
if (process.env.WEB_BENCH_JSON) fs.writeFileSync(process.env.WEB_BENCH_JSON, JSON.stringify({ origin, runs, load, rows }, null, 2))
