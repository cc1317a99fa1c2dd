/**
 * Site admin, desktop 1440 px: operations staff add a banner with an uploaded image in the
 * admin, publish it and the consumer banner read shows it; the rich content editor and the roadshow
 * settings render in both languages; the consumer policy list shows the live policy-area adverts.
 */
import { api } from './support/api'
import { byTestId, clickTestId, fillField, startHarness, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'

let h: Harness

beforeAll(async () => {
  h = await startHarness('admin-site', { builds: ['admin', 'h5'] })
})

afterAll(async () => {
  await h?.stop()
})

/** a 2×1 PNG */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8DwnwEIGAEAJ8QC/0HqxEsAAAAASUVORK5CYII=', 'base64')

test('operations add and publish a banner with an uploaded image; the consumer read shows it; editors render in zh and en', async () => {
  const page = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
  await adminLogin(h, page)
  await clickTestId(page, 'adm-menu-item-cms-banner')
  await byTestId(page, 'site-banner-table').waitFor({ state: 'visible' })
  await h.shot(page, 'banner-list-zh')

  await clickTestId(page, 'site-banner-add')
  await fillField(page, 'site-banner-titleZh', '端到端横幅')
  await fillField(page, 'site-banner-titleEn', 'E2E banner')
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/v1/file/info/single/upload'))
  await page.locator('[data-testid="site-banner-imageUrl"] input[type=file], [data-testid="site-banner-form"] input[type=file]').first().setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG })
  expect((await (await uploaded).json()).code).toBe(200)
  await fillField(page, 'site-banner-linkUrl', '/activity')
  await h.shot(page, 'banner-edit-zh')
  const added = page.waitForResponse((r) => r.url().includes('/api/v1/cms/banner/add'))
  await clickTestId(page, 'site-banner-save')
  const addAnswer = await (await added).json()
  expect(addAnswer.code).toBe(200)
  const id = addAnswer.result.id as number
  expect(addAnswer.result.imageUrl).toBeTruthy()

  // a draft is not shown to consumers; the publish switch makes it live
  const homeIds = async () => ((await api(h.baseUrl, '/content/banner/list?position=home')).body.result as { id: number }[]).map((b) => b.id)
  expect(await homeIds()).not.toContain(id)
  const published = page.waitForResponse((r) => r.url().includes('/api/v1/cms/banner/status'))
  await clickTestId(page, `site-banner-publish-${id}`)
  expect((await (await published).json()).code).toBe(200)
  expect(await homeIds()).toContain(id)
  await h.shot(page, 'banner-published')

  // rich content (about page: intro, common date list, swiper) and roadshow settings, in English
  await clickTestId(page, 'adm-lang')
  await clickTestId(page, 'adm-menu-item-cms-rich')
  await byTestId(page, 'site-rich-timeline-0').waitFor({ state: 'visible' })
  await h.shot(page, 'rich-content-en')
  await page.getByRole('tab', { name: 'Returning-home services' }).click()
  await byTestId(page, 'site-rich-service-0-titleEn').waitFor({ state: 'visible' })
  await h.shot(page, 'repatriation-en')
  await clickTestId(page, 'adm-menu-item-cms-advert')
  await page.locator('[data-testid="site-advert-table"] tr.ant-table-row').first().waitFor({ state: 'visible' })
  await h.shot(page, 'adverts-en')
  await clickTestId(page, 'adm-menu-item-cms-roadshow')
  await byTestId(page, 'site-roadshow-table').waitFor({ state: 'visible' })
  await page.locator('[data-testid="site-roadshow-table"] tr.ant-table-row').first().waitFor({ state: 'visible' })
  await h.shot(page, 'roadshow-en')
})

test('the consumer policy list shows the live policy-area advert', async () => {
  const page = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
  await page.goto('/policy')
  const strip = page.locator('[data-testid="adverts-policy"]:visible')
  await strip.waitFor({ state: 'visible', timeout: 20_000 })
  expect(await strip.locator('[data-testid="advert"]').count()).toBeGreaterThan(0)
  await h.shot(page, 'policy-adverts')
})
