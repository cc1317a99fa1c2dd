/** The admin login page driven through the browser, shared by the admin specs. */
import type { Page, Response } from 'playwright-core'
import type { CaptchaResult, Envelope } from '@contracts/api'
import { DEMO, DEMO_PASSWORD, readCaptcha } from './api'
import { byTestId, clickTestId, eventually, fillField, type Harness } from './harness'

/**
 * Logs in on /admin/admLogin with its captcha (read from the server's database by the key the image
 * shows: the page may ask for a captcha more than once) and waits for the side menu.
 */
export async function adminLogin(h: Harness, page: Page, email: string = DEMO.operations, password: string = DEMO_PASSWORD): Promise<void> {
  const captchas: CaptchaResult[] = []
  const onResponse = (r: Response) => {
    if (r.url().includes('/api/v1/system/user/code/verification')) {
      r.json()
        .then((b: Envelope<CaptchaResult>) => b?.result?.codeKey && captchas.push(b.result))
        .catch(() => undefined)
    }
  }
  page.on('response', onResponse)
  await page.goto('/admin/admLogin')
  const img = byTestId(page, 'adm-login-captcha-img')
  await img.waitFor({ state: 'visible' })
  const src = await eventually('captcha image', () => img.evaluate((el) => el.getAttribute('src') || (el.querySelector('img')?.getAttribute('src') ?? '')), (s) => !!s && captchas.length > 0)
  const shown = captchas.find((c) => c.image === src) ?? captchas[captchas.length - 1]
  await fillField(page, 'adm-login-email', email)
  await fillField(page, 'adm-login-password', password)
  await fillField(page, 'adm-login-captcha', readCaptcha(h.server.dbFile, shown.codeKey))
  await clickTestId(page, 'adm-login-submit')
  await byTestId(page, 'adm-side-menu').waitFor({ state: 'visible', timeout: 30_000 })
  page.off('response', onResponse)
}
