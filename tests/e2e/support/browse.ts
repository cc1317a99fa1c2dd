/** Helpers of the browsing specs (browse-*.e2e.test.ts): visible-only locators and API look-ups. */
import type { Locator, Page } from 'playwright-core'
import { api } from './api'
import type { MatchAnswers } from '@contracts/policy'

/** H5 keeps earlier pages mounted but hidden: only the visible copy counts. */
export const vis = (page: Page, id: string): Locator => page.locator(`[data-testid="${id}"]:visible`)

export async function visText(loc: Locator): Promise<string> {
  return ((await loc.innerText()) || '').replace(/\s+/g, ' ').trim()
}

/**
 * The texts of every visible element with this test id, read in one pass: reading them one by one
 * (`all()` then `innerText` each) waits out the whole timeout when the list re-renders in between.
 */
export async function visTexts(page: Page, id: string): Promise<string[]> {
  return (await vis(page, id).allInnerTexts()).map((t) => (t || '').replace(/\s+/g, ' ').trim())
}

/** The number in "共 12 场活动" / "12 activities". */
export function countIn(text: string): number {
  const m = /(\d+)/.exec(text)
  return m ? Number(m[1]) : NaN
}

export async function fillVisible(page: Page, id: string, value: string): Promise<void> {
  const host = vis(page, id).first()
  await host.waitFor({ state: 'visible' })
  const tag = await host.evaluate((el) => el.tagName.toLowerCase())
  const field = tag === 'input' || tag === 'textarea' ? host : host.locator('input, textarea').first()
  await field.fill(value)
}

export async function clickVisible(page: Page, id: string): Promise<void> {
  const el = vis(page, id).first()
  await el.waitFor({ state: 'visible' })
  await el.click()
}

/** Every published activity list item (the list caps pageSize at 50). */
export async function allActivities(baseUrl: string, query = ''): Promise<any[]> {
  const out: any[] = []
  for (let p = 1; p < 20; p++) {
    const r = await api(baseUrl, `/activity/info/list?page=${p}&pageSize=50${query ? `&${query}` : ''}`)
    if (r.body.code !== 200) throw new Error(`activity list ${query}: ${JSON.stringify(r.body)}`)
    out.push(...r.body.result.list)
    if (out.length >= r.body.result.total || !r.body.result.list.length) break
  }
  return out
}

export async function apiTotal(baseUrl: string, path: string): Promise<number> {
  const r = await api(baseUrl, path)
  if (r.body.code !== 200) throw new Error(`${path}: ${JSON.stringify(r.body)}`)
  return r.body.result.total
}

export async function activityDetail(baseUrl: string, id: number, token?: string): Promise<any> {
  const r = await api(baseUrl, `/activity/info/detail?id=${id}`, { token })
  if (r.body.code !== 200) throw new Error(`activity ${id}: ${JSON.stringify(r.body)}`)
  return r.body.result
}

export interface MatchPlan {
  policyId: number
  titleZh: string
  rule: any
  answers: MatchAnswers
}

/** Constraints a rule sets (the more, the less a full match can happen by accident). */
function constraintCount(r: any): number {
  return (
    [r.degree, r.minAge, r.maxAge, r.minOverseasYears, r.maxReturnYears].filter((v) => v !== null && v !== undefined).length +
    ['cities', 'titles', 'platformNatures', 'professionalFields'].filter((k) => (r[k] || []).length > 0).length +
    (r.foreignDescent && r.foreignDescent !== 'any' ? 1 : 0)
  )
}

/**
 * Picks the seeded rule with the most constraints (GET /policy/info/detail for every policy) and derives an
 * answer set sitting on its boundaries (minimum age / overseas years, maximum return years), so only a
 * correct rule evaluation reports that policy as fully matched.
 */
export async function planMatch(baseUrl: string): Promise<MatchPlan> {
  const list = await api(baseUrl, '/policy/info/list?page=1&pageSize=50')
  const opts = (await api(baseUrl, '/policy/match/options')).body.result
  let best: { p: any; r: any; n: number } | null = null
  for (const p of list.body.result.list) {
    const d = (await api(baseUrl, `/policy/info/detail?id=${p.id}`)).body.result
    for (const r of d.rules || []) {
      const n = constraintCount(r)
      if (!best || n > best.n) best = { p: d, r, n }
    }
  }
  if (!best) throw new Error('no seeded policy rule')
  const r = best.r
  const age = r.minAge ?? (r.maxAge != null ? Math.max(18, r.maxAge - 1) : 35)
  return {
    policyId: best.p.id,
    titleZh: best.p.titleZh,
    rule: r,
    answers: {
      degree: r.degree ?? 'doctor',
      age: r.maxAge != null && r.minAge == null ? r.maxAge : age,
      overseasYears: r.minOverseasYears ?? 5,
      returnYears: r.maxReturnYears ?? 1,
      city: r.cities?.[0] ?? opts.cities[0].code,
      title: r.titles?.[0] ?? opts.titles[0].code,
      platformNature: r.platformNatures?.[0] ?? opts.platformNatures[0].code,
      professionalField: r.professionalFields?.[0] ?? opts.professionalFields[0].code,
      foreignNationality: r.foreignDescent === 'foreign_descent_allowed',
    },
  }
}

/**
 * Waits for Taro's page transition (the entering page slides in from the right) to finish, so a
 * screenshot shows the page as a person sees it; returns how far the document overflows horizontally.
 */
export async function settle(page: Page): Promise<number> {
  const deadline = Date.now() + 5000
  for (;;) {
    const ok = await page.evaluate(() => {
      const shown = Array.from(document.querySelectorAll('.taro_page')).filter(
        (p) => !p.classList.contains('taro_page_shade') && getComputedStyle(p).display !== 'none',
      )
      return shown.length === 1 && Math.abs(shown[0].getBoundingClientRect().left) < 1
    })
    if (ok || Date.now() > deadline) break
    await page.waitForTimeout(100)
  }
  await page.waitForTimeout(300)
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}
