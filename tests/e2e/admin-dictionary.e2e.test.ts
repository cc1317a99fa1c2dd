/**
 * Dictionary area in the browser (1440 px): operations staff add a professional-field option in
 * the dictionary view and the subscription dialog's options (consumer read path) offer it at once (and
 * drop it once it is deleted); the
 * service-category tree refuses hiding a category whose subcategories are visible (601, shown as a
 * warning) and nothing changes; a site text edited in the text view is what /system/text/detail answers; the views
 * render in Chinese and English.
 */
import { ADMIN_DICTIONARY_API as A } from '@contracts/admin-dictionary'
import { api, DEMO, loginAsAdminApp } from './support/api'
import { byTestId, clickTestId, eventually, fillField, startHarness, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'

let h: Harness

beforeAll(async () => {
  h = await startHarness('admin-dictionary', { builds: ['admin'] })
}, 120_000)

afterAll(async () => {
  await h?.stop()
})

describe('dictionary area (1440 px)', () => {
  test('dictionaries, service categories and texts, edited in the browser, reach the consumer read paths', async () => {
    const ops = await loginAsAdminApp(h.server, DEMO.operations)
    const page = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
    await adminLogin(h, page, DEMO.operations)

    // ---- dictionary: a new professional field
    await page.goto('/admin/system/dict')
    await clickTestId(page, 'dict-type-row-professional_field')
    await byTestId(page, 'dict-item-row-ai').waitFor({ state: 'visible', timeout: 30_000 })
    await clickTestId(page, 'dict-item-add')
    await fillField(page, 'dict-form-code', 'quantum')
    await fillField(page, 'dict-form-name-zh', '量子科技')
    await fillField(page, 'dict-form-name-en', 'Quantum technology')
    await h.shot(page, 'dict-add-option-zh')
    const added = page.waitForResponse((r) => r.url().includes(A.add))
    await clickTestId(page, 'dict-save')
    expect((await (await added).json()).code).toBe(200)
    await byTestId(page, 'dict-item-row-quantum').waitFor({ state: 'visible' })
    await h.shot(page, 'dict-options-zh')
    const categories = await api<Array<{ code: string; nameEn: string }>>(h.baseUrl, '/system/subscribe/list/category')
    expect(categories.body.result.find((c) => c.code === 'quantum')?.nameEn).toBe('Quantum technology')
    // … and deleted again from the browser (DELETE with the query), it is gone from the dialog's options
    await clickTestId(page, 'dict-item-delete-quantum')
    const deleted = page.waitForResponse((r) => r.url().includes(A.delete))
    await page.locator('.ant-popconfirm .ant-btn-primary').first().click()
    expect((await (await deleted).json()).code).toBe(200)
    await byTestId(page, 'dict-item-row-quantum').waitFor({ state: 'detached' })
    const again = await api<Array<{ code: string }>>(h.baseUrl, '/system/subscribe/list/category')
    expect(again.body.result.some((c) => c.code === 'quantum')).toBe(false)

    // ---- service categories: hiding a category with visible subcategories is refused with 601
    await page.goto('/admin/system/service-category')
    await byTestId(page, 'service-category-view').waitFor({ state: 'visible', timeout: 30_000 })
    const tree = (await api<{ list: Array<{ id: number; hidden: number; nameEn: string }> }>(h.baseUrl, A.categoryTree, { token: ops.token })).body.result.list
    const jobs = tree.find((n) => n.nameEn === 'Job hunting')!
    await byTestId(page, `category-visible-${jobs.id}`).waitFor({ state: 'visible' })
    const refused = page.waitForResponse((r) => r.url().includes(A.categoryUpdate))
    await clickTestId(page, `category-visible-${jobs.id}`)
    expect((await (await refused).json()).code).toBe(601)
    await page.locator('.ant-message-notice', { hasText: '请先隐藏子分类' }).first().waitFor({ state: 'visible' })
    await page.waitForTimeout(500) // the toast's enter animation
    await h.shot(page, 'service-category-601-zh')
    const after = (await api<{ list: Array<{ id: number; hidden: number }> }>(h.baseUrl, A.categoryTree, { token: ops.token })).body.result.list
    expect(after.find((n) => n.id === jobs.id)!.hidden).toBe(0)

    // ---- texts: edit the user agreement's English title
    await page.goto('/admin/system/text')
    await clickTestId(page, 'text-edit-user_agreement')
    const title = `User Agreement ${Date.now() % 100000}`
    await fillField(page, 'text-form-title-en', title)
    await h.shot(page, 'text-edit-drawer-zh')
    const saved = page.waitForResponse((r) => r.url().includes(A.textUpdate))
    await clickTestId(page, 'text-save')
    expect((await (await saved).json()).code).toBe(200)
    const detail = await api<{ titleEn: string }>(h.baseUrl, '/system/text/detail?code=user_agreement')
    expect(detail.body.result.titleEn).toBe(title)

    // ---- English
    await clickTestId(page, 'adm-lang')
    await eventually('English text view', () => byTestId(page, 'text-view').innerText(), (t) => t.includes('Site texts'))
    await h.shot(page, 'texts-en')
    await page.goto('/admin/system/service-category')
    await eventually('English tree', () => byTestId(page, 'service-category-view').innerText(), (t) => t.includes('Job hunting') && t.includes('Service agent'))
    await h.shot(page, 'service-category-en')
  }, 90_000)
})
