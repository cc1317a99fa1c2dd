// What the admin costs on a first visit: every JS and CSS response (gzipped at level 9, as bench:size)
// from opening /admin/admLogin, through the login (captcha read from the server's SQLite database), until
// the side menu shows and the network is idle; the login page's share is printed apart.
// Usage: node tests/bench/admin-size.mjs <origin> <sqlite file of that server> [email]
// BENCH_LOCALE=zh-CN (or en-US, the default) picks the browser's language: each language's texts are a chunk.
// (server must be running on SQLite, seeded; default account ops@haijiao.demo).
import { chromium } from 'playwright-core'
import Database from 'better-sqlite3'
import { gzipSync } from 'node:zlib'
import os from 'node:os'

const origin = (process.argv[2] ?? 'http://localhost:8080').replace(/\/+$/, '')
const dbFile = process.argv[3] ?? 'data/haijiao.db'
const email = process.argv[4] ?? 'ops@haijiao.demo'
const password = process.env.DEMO_PASSWORD ?? 'Haijiao2026'

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: process.env.BENCH_LOCALE || 'en-US' })
const assets = []
let phase = 'login page'
const captchas = []
page.on('response', async (res) => {
  if (res.url().includes('/api/v1/system/user/code/verification')) {
    res.json().then((b) => b?.result?.codeKey && captchas.push(b.result)).catch(() => undefined)
    return
  }
  const type = res.request().resourceType()
  if (type !== 'script' && type !== 'stylesheet') return
  const at = phase
  try {
    const body = await res.body()
    assets.push({ url: res.url(), type, phase: at, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })
  } catch {
    /* redirects have no body */
  }
})

const field = (id) => page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first()
await page.goto(`${origin}/admin/admLogin`, { waitUntil: 'networkidle' })
const img = page.locator('[data-testid="adm-login-captcha-img"]')
await img.waitFor({ state: 'visible' })
const src = await img.evaluate((el) => el.getAttribute('src') || el.querySelector('img')?.getAttribute('src') || '')
const shown = captchas.find((c) => c.image === src) ?? captchas[captchas.length - 1]
const db = new Database(dbFile, { readonly: true, fileMustExist: true })
const code = db.prepare('SELECT code FROM captchas WHERE code_key = ?').get(shown.codeKey)?.code
db.close()
await field('adm-login-email').fill(email)
await field('adm-login-password').fill(password)
await field('adm-login-captcha').fill(String(code))
phase = 'after login'
await page.locator('[data-testid="adm-login-submit"]').click()
await page.locator('[data-testid="adm-side-menu"]').waitFor({ state: 'visible', timeout: 60_000 })
await page.waitForLoadState('networkidle')
await browser.close()

const kb = (n) => (n / 1024).toFixed(1) + ' KB'
const sum = (list, k) => list.reduce((n, a) => n + a[k], 0)
for (const a of assets.sort((x, y) => y.raw - x.raw)) console.log(`${kb(a.raw).padStart(10)} raw ${kb(a.gzip).padStart(10)} gzip  ${a.phase.padEnd(11)} ${a.url.replace(origin, '')}`)
const login = assets.filter((a) => a.phase === 'login page')
const largest = assets.reduce((m, a) => Math.max(m, a.raw), 0)
console.log(
  `admin first load, ${process.env.BENCH_LOCALE || 'en-US'} (load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}): login page ${kb(sum(login, 'raw'))} raw / ${kb(sum(login, 'gzip'))} gzip; ` +
    `through login to the home view ${kb(sum(assets, 'raw'))} raw / ${kb(sum(assets, 'gzip'))} gzip in ${assets.length} files; largest file ${kb(largest)} raw`,
)
