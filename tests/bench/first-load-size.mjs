// Measures what a first visit to a page costs: every JS and CSS response the browser fetches until the
// network is idle, each gzipped at level 9 (what a production proxy would send). Also reports the weapp
// main-package size. Usage: node tests/bench/first-load-size.mjs [url] [width] (server must be running;
// width defaults to 390, a phone, as a mobile device: touch, 3× pixels).
import { chromium } from 'playwright-core'
import { gzipSync } from 'node:zlib'
import { readdirSync, statSync, readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'

const url = process.argv[2] ?? 'http://localhost:8080/'
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
const width = Number(process.argv[3] ?? 390)
const mobile = width < 768
const page = await browser.newPage({
  viewport: { width, height: mobile ? 844 : 900 },
  ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
})
const assets = []
page.on('response', async (res) => {
  const type = res.request().resourceType()
  if (type !== 'script' && type !== 'stylesheet') return
  try {
    const body = await res.body()
    assets.push({ url: res.url(), type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })
  } catch { /* redirects have no body */ }
})
await page.goto(url, { waitUntil: 'networkidle' })
await browser.close()

const sum = (k, t) => assets.filter((a) => !t || a.type === t).reduce((n, a) => n + a[k], 0)
const kb = (n) => (n / 1024).toFixed(1) + ' KB'
for (const a of assets.sort((x, y) => y.gzip - x.gzip)) console.log(`${kb(a.gzip).padStart(10)}  ${a.url.replace(url, '/')}`)
console.log(`first load of ${url} at ${width} px: JS ${kb(sum('gzip', 'script'))} gzip (${kb(sum('raw', 'script'))} raw), CSS ${kb(sum('gzip', 'stylesheet'))} gzip, total ${kb(sum('gzip'))} gzip`)

// weapp: the main package is everything outside the subpackage roots listed in app.json
const weapp = 'dist/weapp'
if (existsSync(join(weapp, 'app.json'))) {
  const app = JSON.parse(readFileSync(join(weapp, 'app.json'), 'utf8'))
  const roots = (app.subPackages ?? app.subpackages ?? []).map((p) => p.root.replace(/\/$/, ''))
  let main = 0, subs = 0
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name), rel = p.slice(weapp.length + 1)
      const s = statSync(p)
      if (s.isDirectory()) walk(p)
      else if (roots.some((r) => rel === r || rel.startsWith(r + '/'))) subs += s.size
      else main += s.size
    }
  }
  walk(weapp)
  console.log(`weapp: main package ${kb(main)}, subpackages ${kb(subs)} (${roots.length} roots)`)
}
