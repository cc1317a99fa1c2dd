/**
 * Competitions and parks end to end: operations staff (1440 px admin) create an industrial park with a
 * banner and link two activities through the select-item dialog; an organizer adds a project that joins
 * the park and a requirement; operations log a visit against the project and mark the requirement met;
 * a visitor opens /competition?id= at 390 px (zh) and 1280 px (en) and sees the park, its banner, the two
 * activities and the project, and the project page shows the park it takes part in.
 */
import type { Page } from 'playwright-core'
import { DEMO } from './support/api'
import { byTestId, clickTestId, eventually, fillField, pickFirstOption, startHarness, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'
import { settle, vis, visText, visTexts } from './support/browse'

let h: Harness

beforeAll(async () => {
  h = await startHarness('competition', { builds: ['admin', 'h5'] })
})

afterAll(async () => {
  await h?.stop()
})

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PARK = { zh: '端到端科创园区', en: 'E2E Innovation Park' }
const PROJECT = { zh: '端到端储能项目', en: 'E2E energy storage project' }
const created: { parkId?: number; activityIds?: number[]; projectId?: number; requirementId?: number } = {}

/** the envelope the page receives from the first call to `urlPart` after `action` */
async function answer(page: Page, urlPart: string, action: () => Promise<unknown>): Promise<any> {
  const res = page.waitForResponse((r) => r.url().includes(urlPart) && r.request().method() !== 'OPTIONS')
  await action()
  return (await res).json()
}

const openList = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')

/** type into an antd select and pick the first matching option */
const pickTyped = (page: Page, testid: string, text: string) => pickFirstOption(page, testid, text)
const pickFirst = (page: Page, testid: string) => pickFirstOption(page, testid)

/** an antd date(-time) picker: type the value and confirm */
/** an admin list page, then its "add" form: `<prefix>-table` shown, `<prefix>-add` pressed */
async function openNewForm(page: Page, path: string, prefix: string) {
  await page.goto(path)
  await byTestId(page, `${prefix}-table`).waitFor({ state: 'visible' })
  await clickTestId(page, `${prefix}-add`)
}

async function pickDate(page: Page, testid: string, value: string) {
  await fillField(page, testid, value)
  await page.keyboard.press('Enter')
}

test('operations create a park with a banner and link two activities through the select-item dialog', async () => {
  const page = await h.newPage({ width: 1440, height: 900 })
  await adminLogin(h, page)
  await openNewForm(page, '/admin/competition/list', 'comp')
  await byTestId(page, 'comp-kind').locator('label').nth(1).click()
  await fillField(page, 'comp-title-zh', PARK.zh)
  await fillField(page, 'comp-title-en', PARK.en)
  await fillField(page, 'comp-summary-zh', '新能源与储能产业集聚区')
  await fillField(page, 'comp-summary-en', 'A cluster of new-energy and storage companies')
  await pickDate(page, 'comp-start', '2026-12-01 09:00')
  await pickDate(page, 'comp-end', '2027-12-01 18:00')

  // no banner: the form refuses before the server would (301 banners)
  await clickTestId(page, 'comp-save')
  await eventually('the banner rule shows', () => byTestId(page, 'comp-drawer').innerText(), (t) => t.includes('请至少添加一张横幅'))
  const up = await answer(page, 'upload?kind=image', () => byTestId(page, 'comp-banners-new').locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG }))
  expect(up.result).toMatch(/^\/uploads\/.+\.png$/)
  await byTestId(page, 'comp-banners-0').waitFor({ state: 'visible' })
  await h.shot(page, 'park-edit')
  const saved = await answer(page, '/competition/admin/add', () => clickTestId(page, 'comp-save'))
  expect(saved.result).toMatchObject({ kind: 'park', titleEn: PARK.en, banners: [up.result], status: 'draft' })
  const id = saved.result.id as number
  created.parkId = id
  expect((await answer(page, '/competition/admin/publish', () => clickTestId(page, `comp-publish-${id}`))).code).toBe(200)

  // the select-item dialog: tick two activities that are in no competition yet, link them at once
  await clickTestId(page, `comp-link-${id}`)
  const modal = byTestId(page, 'comp-link-modal')
  await modal.locator('.ant-table-row').first().waitFor({ state: 'visible' })
  const free = modal.locator('.ant-table-row:has(.ant-checkbox:not(.ant-checkbox-disabled))')
  await eventually('two free activities on the page', () => free.count(), (n) => n >= 2)
  const ids = [Number(await free.nth(0).getAttribute('data-row-key')), Number(await free.nth(1).getAttribute('data-row-key'))]
  await free.nth(0).locator('.ant-checkbox-input').check()
  await free.nth(1).locator('.ant-checkbox-input').check()
  const linked = await answer(page, '/competition/admin/activity/link', () => clickTestId(page, 'comp-link-submit'))
  expect(linked.result.map((a: { id: number }) => a.id).sort()).toEqual([...ids].sort())
  created.activityIds = ids
  await eventually('both in the linked list', () => byTestId(page, 'comp-linked-list').innerText(), (t) => (t.match(/^\d+$/gm) ?? []).length >= 2)
  await page.waitForTimeout(300)
  await h.shot(page, 'park-link-activities')
  await page.locator('.ant-modal-close').first().click()
  await byTestId(page, 'comp-link-modal').waitFor({ state: 'hidden' })
  await eventually('the list counts them', () => byTestId(page, 'comp-table').innerText(), (t) => t.includes(PARK.zh))
  await page.waitForTimeout(500) // the dialog's closing animation
  await h.shot(page, 'park-list')
  await clickTestId(page, 'adm-lang')
  await eventually('the list in English', () => byTestId(page, 'comp-table').innerText(), (t) => t.includes('Industrial park') && t.includes(PARK.en))
  await h.shot(page, 'park-list-en')
  await clickTestId(page, 'adm-lang')
})

test('an organizer adds a project that joins the park, and a requirement', async () => {
  expect(created.parkId).toBeTruthy()
  const page = await h.newPage({ width: 1440, height: 900 })
  await adminLogin(h, page, DEMO.organizer)
  await openNewForm(page, '/admin/project/list', 'project')
  await fillField(page, 'project-title-zh', PROJECT.zh)
  await fillField(page, 'project-title-en', PROJECT.en)
  await pickFirst(page, 'project-field')
  await fillField(page, 'project-stage-zh', 'A轮')
  await fillField(page, 'project-stage-en', 'Series A')
  await fillField(page, 'project-funding', '¥30M')
  await pickTyped(page, 'project-competitions', PARK.zh)
  await h.shot(page, 'project-edit')
  const saved = await answer(page, '/project/admin/add', () => clickTestId(page, 'project-save'))
  expect(saved.result).toMatchObject({ titleEn: PROJECT.en, competitionIds: [created.parkId], organizationNameZh: '海归创新中心' })
  created.projectId = saved.result.id
  expect((await answer(page, '/project/admin/publish', () => clickTestId(page, `project-publish-${created.projectId}`))).code).toBe(200)

  await openNewForm(page, '/admin/project/requirement', 'req')
  await pickTyped(page, 'req-project', PROJECT.zh)
  await fillField(page, 'req-title-zh', '引进储能工程师 5 名')
  await fillField(page, 'req-title-en', 'Hire 5 storage engineers')
  await fillField(page, 'req-owner', '王经理')
  await pickDate(page, 'req-due', '2027-03-31')
  const req = await answer(page, '/project/admin/requirement/add', () => clickTestId(page, 'req-save'))
  expect(req.result).toMatchObject({ projectId: created.projectId, status: 'open', dueDate: '2027-03-31', overdue: false })
  created.requirementId = req.result.id
  await eventually('the requirement in the list', () => byTestId(page, 'req-table').innerText(), (t) => t.includes('引进储能工程师'))
  await h.shot(page, 'requirements-organizer')
})

test('operations log a visit against the project and mark the requirement met', async () => {
  const { projectId, requirementId } = created
  expect(projectId && requirementId).toBeTruthy()
  const page = await h.newPage({ width: 1440, height: 900 })
  await adminLogin(h, page)
  await openNewForm(page, '/admin/project/visit', 'visit')
  await pickTyped(page, 'visit-project', PROJECT.zh)
  await pickDate(page, 'visit-at', '2026-11-20 10:00')
  await fillField(page, 'visit-visitors', '王丽（运营）、张伟（园区）')
  await pickFirst(page, 'visit-requirements')
  await fillField(page, 'visit-outcome', '确定招聘需求，园区推荐 3 名候选人')
  await fillField(page, 'visit-next', '安排面试')
  const visit = await answer(page, '/project/admin/visit/add', () => clickTestId(page, 'visit-save'))
  expect(visit.result).toMatchObject({ projectId, visitedAt: '2026-11-20T02:00:00.000Z', timeZone: 'UTC+08:00', requirementIds: [requirementId] })
  await eventually('the visit in the list, in its zone', () => byTestId(page, 'visit-table').innerText(), (t) => t.includes('2026-11-20 10:00 (UTC+08:00)'))
  await h.shot(page, 'visits')

  await page.goto('/admin/project/requirement')
  await clickTestId(page, `req-change-${requirementId}`)
  await byTestId(page, 'req-status-to').click()
  await openList(page).locator('.ant-select-item-option', { hasText: '已满足' }).click()
  await fillField(page, 'req-status-note', '3 名候选人已入职')
  const met = await answer(page, '/project/admin/requirement/status', () => clickTestId(page, 'req-status-save'))
  expect(met.result).toMatchObject({ status: 'met' })
  await eventually('met in the list', () => byTestId(page, `req-status-${requirementId}`).innerText(), (t) => t.includes('已满足'))
  await clickTestId(page, `req-history-${requirementId}`)
  await eventually('history: open, then met', () => byTestId(page, 'req-history').innerText(), (t) => t.includes('待处理') && t.includes('已满足') && t.includes('3 名候选人已入职'))
  await page.waitForTimeout(500) // the dialog's opening animation
  await h.shot(page, 'requirement-history')
  await page.keyboard.press('Escape')

  await page.goto('/admin/project/list')
  await clickTestId(page, `project-timeline-${projectId}`)
  await eventually('the project timeline', () => byTestId(page, 'project-timeline').innerText(), (t) => t.includes('王丽') && t.includes('安排面试'))
  await page.waitForTimeout(500) // the drawer's opening animation
  await h.shot(page, 'project-timeline')
})

test('a visitor opens /competition?id= and sees the park in Chinese (390 px) and English (1280 px)', async () => {
  const { parkId, activityIds, projectId } = created
  expect(parkId && activityIds && projectId).toBeTruthy()
  const zh = await h.newPage({ width: 390, height: 844, mobile: true })
  await zh.goto(`/competition?id=${parkId}`)
  await vis(zh, 'competition-detail').waitFor({ state: 'visible' })
  await eventually('the park in Chinese', () => visText(vis(zh, 'competition-detail')), (t) => t.includes(PARK.zh) && t.includes('产业园区') && t.includes('新能源与储能产业集聚区'))
  await eventually('the uploaded banner in the carousel', () => zh.locator('[data-testid="competition-banners"]').first().innerHTML(), (html) => /\/uploads\/[^"]+\.png/.test(html))
  expect(await visTexts(zh, 'competition-activity')).toHaveLength(2)
  expect(await visTexts(zh, 'competition-org-project')).toEqual([expect.stringContaining(PROJECT.zh)])
  expect(await settle(zh)).toBeLessThanOrEqual(1)
  await h.shot(zh, 'competition-390-zh')
  await vis(zh, 'competition-org-projects').scrollIntoViewIfNeeded()
  await h.shot(zh, 'competition-390-zh-projects')

  const en = await h.newPage({ width: 1280, height: 800, locale: 'en-US' })
  await en.goto(`/competition?id=${parkId}`)
  await vis(en, 'competition-detail').waitFor({ state: 'visible' })
  await eventually('the park in English', () => visText(vis(en, 'competition-detail')), (t) => t.includes(PARK.en) && t.includes('Industrial park'))
  expect(await visTexts(en, 'competition-activity')).toHaveLength(2)
  expect(await visTexts(en, 'competition-org-project')).toEqual([expect.stringContaining(PROJECT.en)])
  await h.shot(en, 'competition-1280-en')

  // the project page: stage, funding, the park it joins; the met requirement is no longer open
  await en.goto(`/project?id=${projectId}`)
  await vis(en, 'project-detail').waitFor({ state: 'visible' })
  await eventually('the project in English', () => visText(vis(en, 'project-detail')), (t) => t.includes(PROJECT.en) && t.includes('Series A') && t.includes('¥30M'))
  expect(await visTexts(en, 'project-competition')).toEqual([expect.stringContaining(PARK.en)])
  expect(await visTexts(en, 'project-requirement')).toEqual([])
  await h.shot(en, 'project-1280-en')
})
