/**
 * CMS in the browser (1440 px): operations staff edit a topic's title and content in the admin
 * (Quill editor, drawer), and the consumer H5 /topicDetail?id= shows the new title at once; the CMS views
 * render in Chinese and English; the content written through the editor is sanitized on the way in.
 */
import { CMS_API } from '@contracts/admin-cms'
import { api, DEMO, loginAsAdminApp } from './support/api'
import { byTestId, clickTestId, eventually, fillField, startHarness, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'

let h: Harness

beforeAll(async () => {
  h = await startHarness('admin-cms', { builds: ['h5', 'admin'] })
}, 120_000)

afterAll(async () => {
  await h?.stop()
})

describe('CMS topics (1440 px)', () => {
  test('an operations user edits a topic title in the admin; the consumer H5 topic page shows it', async () => {
    const ops = await loginAsAdminApp(h.server, DEMO.operations)
    // the first row of the admin list's default order (latest edit first) is on the first page
    const first = (await api<any>(h.baseUrl, `${CMS_API.topicList}?status=published&pageSize=1`, { token: ops.token })).body.result.list[0]
    expect(first).toBeTruthy()
    const id: number = first.id
    const newTitle = `浏览器改的专题标题 ${Date.now() % 100000}`

    const page = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
    await adminLogin(h, page, DEMO.operations)
    await page.goto('/admin/cms/topic')
    await byTestId(page, `cms-topic-edit-${id}`).waitFor({ state: 'visible', timeout: 30_000 })
    await h.shot(page, 'topic-list-zh')

    await clickTestId(page, `cms-topic-edit-${id}`)
    const host = byTestId(page, 'cms-topic-title-zh')
    await host.waitFor({ state: 'attached' })
    const titleZh = (await host.evaluate((el) => el.tagName.toLowerCase())) === 'input' ? host : host.locator('input').first()
    await eventually('topic loaded into the form', () => titleZh.inputValue(), (v) => v === first.titleZh)
    await titleZh.fill(newTitle)
    // the rich-text editor: a heading from the toolbar, a line of text (Quill in the Taro H5 build)
    const editor = byTestId(page, 'cms-topic-content-zh').locator('.ql-editor')
    await editor.waitFor({ state: 'visible' })
    await editor.click()
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('浏览器里加的一段正文')
    // an image from the editor's toolbar: uploaded, its URL inserted into the content
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
    const chooser = page.waitForEvent('filechooser')
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/v1/file/info/single/upload?kind=image'))
    await byTestId(page, 'cms-topic-content-zh').locator('button.ql-image').click()
    await (await chooser).setFiles({ name: 'inline.png', mimeType: 'image/png', buffer: png })
    const imageUrl: string = (await (await uploaded).json()).result
    await editor.locator(`img[src="${imageUrl}"]`).waitFor({ state: 'attached' })
    await h.shot(page, 'topic-edit-drawer-zh')

    const saved = page.waitForResponse((r) => r.url().includes(CMS_API.topicUpdate))
    await clickTestId(page, 'cms-topic-save')
    const answer = await (await saved).json()
    expect(answer.code).toBe(200)
    expect(answer.result.titleZh).toBe(newTitle)
    expect(answer.result.contentZh).toContain('浏览器里加的一段正文')
    expect(answer.result.contentZh).toContain(`<img src="${imageUrl}"`)
    await eventually('list shows the new title', () => byTestId(page, `cms-topic-title-${id}`).innerText(), (t) => t.includes(newTitle))

    // the consumer page, immediately (any write clears the public micro-cache)
    const consumer = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
    await consumer.goto(`/topicDetail?id=${id}`)
    await eventually('consumer topic title', () => consumer.locator('body').innerText(), (t) => t.includes(newTitle), 30_000)
    expect(await consumer.locator('body').innerText()).toContain('浏览器里加的一段正文')
    await h.shot(consumer, 'consumer-topic-detail')

    // English admin: the CMS views in English
    await clickTestId(page, 'adm-lang')
    await eventually('admin in English', () => page.locator('body').innerText(), (t) => t.includes('Topics') && t.includes('Connect items'))
    await clickTestId(page, `cms-topic-items-${id}`)
    await byTestId(page, 'cms-items-save-activity').waitFor({ state: 'visible' })
    await h.shot(page, 'topic-items-en')
    await page.keyboard.press('Escape')
    await page.goto('/admin/cms/hot')
    await byTestId(page, 'cms-hot-tabs').waitFor({ state: 'visible', timeout: 30_000 })
    await eventually('hot rows', () => page.locator('[data-testid^="cms-hot-edit-activity-"]').count(), (n) => n > 0)
    await h.shot(page, 'hot-content-en')
  }, 90_000)

  test('a new information article: cover uploaded through ImageUpload, publishing without a publish time is refused (622)', async () => {
    const page = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
    await adminLogin(h, page, DEMO.operations)
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
    await page.goto('/admin/cms/information')
    await clickTestId(page, 'cms-information-add')
    await fillField(page, 'cms-information-title-zh', '浏览器新建资讯 e2e-info')
    await fillField(page, 'cms-information-title-en', 'Browser information e2e-info')
    // a real upload: the picker posts the file with the admin token; the field keeps the answered URL
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/v1/file/info/single/upload?kind=image'))
    await byTestId(page, 'cms-information-cover').locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png })
    const up = await (await uploaded).json()
    expect(up.code).toBe(200)
    expect(up.result).toMatch(/^\/uploads\/.+\.png$/)
    await byTestId(page, 'cms-information-cover').locator(`img[src="${up.result}"]`).waitFor({ state: 'visible' })
    await h.shot(page, 'information-new-with-cover')
    const saved = page.waitForResponse((r) => r.url().includes(CMS_API.informationAdd))
    await clickTestId(page, 'cms-information-save')
    const answer = await (await saved).json()
    expect(answer.code).toBe(200)
    expect(answer.result).toMatchObject({ coverUrl: up.result, status: 'draft', publishedAt: null })
    const id = answer.result.id

    await byTestId(page, `cms-information-publish-${id}`).waitFor({ state: 'visible', timeout: 15_000 })
    const refused = page.waitForResponse((r) => r.url().includes(CMS_API.informationPublish))
    await clickTestId(page, `cms-information-publish-${id}`)
    expect((await (await refused).json()).code).toBe(622)
    await eventually('622 message shown', () => page.locator('body').innerText(), (t) => t.includes('请填写资讯发布时间'))
    await h.shot(page, 'information-publish-622')

    // policies: the match rules drawer with its rule cards (dictionary options)
    await page.goto('/admin/cms/policy')
    const rules = page.locator('[data-testid^="cms-policy-rules-"]').first()
    await rules.waitFor({ state: 'visible', timeout: 30_000 })
    await rules.click()
    await byTestId(page, 'cms-rule-card-0').waitFor({ state: 'visible' })
    await h.shot(page, 'policy-rule-cards')
  }, 60_000)
})
