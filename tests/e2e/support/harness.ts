/**
 * One harness per spec file: SMTP sink → real server (child process) → Chromium. `stop()` tears all
 * three down in reverse order. Screenshots go to tests/e2e/screenshots/ (gitignored).
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { startServer, ROOT, type RunningServer } from './server'
import { startSmtpSink, type SmtpSink } from './smtp-sink'

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const SCREENSHOTS = path.join(ROOT, 'tests/e2e/screenshots')

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface Harness {
  server: RunningServer
  smtp: SmtpSink
  browser: Browser | null
  baseUrl: string
  /** A fresh context (own storage, Chinese browser language unless told) and one page in it. */
  newPage(opts?: { width?: number; height?: number; locale?: string; mobile?: boolean; timezoneId?: string }): Promise<Page>
  /** Saves tests/e2e/screenshots/<spec>-<nn>-<step>.png */
  shot(page: Page, step: string): Promise<void>
  /** Content-Security-Policy violations seen so far on any page (stop() throws when there are any) */
  cspViolations: string[]
  /** ends browser, server and mail sink; throws when a page violated the Content-Security-Policy */
  stop(): Promise<void>
}

export async function startHarness(
  name: string,
  /** chromiumArgs: more flags for this spec's Chromium (the check-in spec's fake camera reads a y4m file named here, written later) */
  opts: { browser?: boolean; builds?: ('h5' | 'admin')[]; chromiumArgs?: string[] } = {},
): Promise<Harness> {
  const wantBrowser = opts.browser !== false
  if (wantBrowser && !fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found. Install it with: sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk`)
  }
  for (const target of opts.builds ?? ['h5']) {
    if (!fs.existsSync(path.join(ROOT, 'dist', target, 'index.html'))) {
      throw new Error(`dist/${target}/index.html missing: run npm run build:${target} first (npm test does it for you)`)
    }
  }
  fs.mkdirSync(SCREENSHOTS, { recursive: true })

  const smtp = await startSmtpSink()
  let server: RunningServer
  try {
    server = await startServer({ name, smtpUrl: smtp.url })
  } catch (err) {
    await smtp.close()
    throw err
  }
  let browser: Browser | null = null
  if (wantBrowser) {
    try {
      // launch() gives every run a fresh temporary user-data dir of its own (removed on close).
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...(opts.chromiumArgs ?? [])] })
    } catch (err) {
      await server.stop()
      await smtp.close()
      throw err
    }
  }

  const contexts: BrowserContext[] = []
  // every Content-Security-Policy violation on any page this spec visits; stop() fails the spec on one
  const cspViolations: string[] = []
  let shotNo = 0
  const harness: Harness = {
    server,
    smtp,
    browser,
    baseUrl: server.baseUrl,
    async newPage(o = {}) {
      if (!browser) throw new Error('harness started without a browser')
      const ctx = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
        locale: o.locale ?? 'zh-CN',
        isMobile: o.mobile ?? false,
        hasTouch: o.mobile ?? false,
        ...(o.timezoneId ? { timezoneId: o.timezoneId } : {}),
        deviceScaleFactor: 1,
      })
      contexts.push(ctx)
      await ctx.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`[csp-violation] ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || location.href}:${e.lineNumber}`)
        })
      })
      const page = await ctx.newPage()
      page.setDefaultTimeout(20_000)
      page.setDefaultNavigationTimeout(45_000)
      // Browser errors end up in the jest output of a failing spec, which saves a debugging round.
      page.on('pageerror', (e) => console.warn(`[${name}] page error: ${e.message}`))
      page.on('console', (m) => {
        if (m.type() !== 'error') return
        const text = m.text()
        if (text.startsWith('[csp-violation]') || /Content Security Policy/i.test(text)) cspViolations.push(`${page.url()}: ${text}`)
        console.warn(`[${name}] console.error: ${text}`)
      })
      return page
    },
    async shot(page, step) {
      shotNo += 1
      const file = path.join(SCREENSHOTS, `${name}-${String(shotNo).padStart(2, '0')}-${step}.png`)
      await page.screenshot({ path: file, fullPage: false }).catch((e) => console.warn(`screenshot ${file}: ${e.message}`))
    },
    cspViolations,
    async stop() {
      for (const c of contexts) await c.close().catch(() => undefined)
      if (browser) await browser.close().catch(() => undefined)
      await server.stop()
      await smtp.close()
      if (cspViolations.length) {
        throw new Error(`${cspViolations.length} Content-Security-Policy violation(s):\n${[...new Set(cspViolations)].slice(0, 20).join('\n')}`)
      }
    },
  }
  return harness
}

export const byTestId = (page: Page, id: string): Locator => page.locator(`[data-testid="${id}"]`).first()

/**
 * With `useHtmlComponents` the app's inputs carry data-testid on the `<input>` itself (seen in dist/h5);
 * Taro's web-component `<Input>` (`taro-input-core`) and taro-ui's AtInput put it on a wrapper around the
 * real field instead. Fill whichever real field is there.
 */
export async function fillField(page: Page, id: string, value: string): Promise<void> {
  const host = byTestId(page, id)
  await host.waitFor({ state: 'attached' })
  const tag = await host.evaluate((el) => el.tagName.toLowerCase())
  const field = tag === 'input' || tag === 'textarea' ? host : host.locator('input, textarea').first()
  await field.waitFor({ state: 'visible' })
  await field.fill(value)
}

export async function clickTestId(page: Page, id: string): Promise<void> {
  const el = byTestId(page, id)
  await el.waitFor({ state: 'visible' })
  await el.click()
}

/** Text of an element with whitespace collapsed. */
export async function textOf(page: Page, id: string): Promise<string> {
  const el = byTestId(page, id)
  await el.waitFor({ state: 'visible' })
  return ((await el.innerText()) || '').replace(/\s+/g, ' ').trim()
}

/** Taro H5 storage: setStorageSync('k', v) writes localStorage k = JSON {"data": v}. Read either form. */
export async function readStorage(page: Page, key: string): Promise<unknown> {
  return page.evaluate((k) => {
    const raw = window.localStorage.getItem(k)
    if (raw == null) return null
    try {
      const parsed = JSON.parse(raw)
      return parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed
    } catch {
      return raw
    }
  }, key)
}

/**
 * Polls `read` until `ok(value)` holds (jest has no expect.poll); throws with the last value seen, so a
 * failure says what the page showed instead of only "timeout".
 */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  let lastErr: unknown
  for (;;) {
    try {
      last = await read()
      lastErr = undefined
      if (ok(last)) return last
    } catch (e) {
      lastErr = e
    }
    if (Date.now() > deadline) {
      const seen = lastErr ? String((lastErr as Error).message ?? lastErr) : JSON.stringify(last)
      throw new Error(`${what}: not reached within ${timeoutMs} ms; last seen: ${seen}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * Pick the first option of an antd select (optionally after typing to filter it), then close its list
 * by moving focus away. Not with Escape: a single select closes its own list on a pick, and an Escape
 * that arrives after that goes to the dialog around the form and closes the form (seen on a loaded CI
 * machine, where the list had already closed).
 */
export async function pickFirstOption(page: Page, id: string, typed?: string): Promise<void> {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
  await eventually('no select list open', () => open.count(), (n) => n === 0)
  await byTestId(page, id).click()
  if (typed) await page.keyboard.type(typed)
  await open.locator('.ant-select-item-option').first().click()
  // focus moved away at each look: on a loaded machine a multiple select's list can still be opening when
  // the first blur arrives, and then stays open (seen in a CI rehearsal)
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await eventually('the select list closed', async () => (await blur(), open.count()), (n) => n === 0)
}
