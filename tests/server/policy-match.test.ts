/**
 * Policy match (spec section 3): every condition of every rule, inclusive bounds, degree ordering,
 * lists (empty = any), foreign descent; fully matched first.
 */
import { describeEachDb, type Harness } from './harness'

const BASE = {
  degree: 'master',
  age: 30,
  overseasYears: 3,
  returnYears: 2,
  city: 'shanghai',
  title: 'intermediate',
  platformNature: 'university',
  professionalField: 'ai',
  foreignNationality: false,
}

describeEachDb('policy match', (get) => {
  let h: Harness
  let strict: number
  let open: number
  let foreign: number
  beforeAll(async () => {
    h = get()
    const ts = new Date().toISOString()
    const policy = await h.db
      .insertInto('policies')
      .values({ title_zh: '匹配测试政策', title_en: 'Match test policy', level: 'municipal', status: 'published', published_at: ts, created_at: ts, updated_at: ts })
      .returning('id')
      .executeTakeFirstOrThrow()
    const rule = (v: Record<string, unknown>) =>
      h.db.insertInto('policy_rules').values({ policy_id: policy.id, ...v } as any).returning('id').executeTakeFirstOrThrow()
    strict = (
      await rule({
        degree: 'master',
        min_age: 25,
        max_age: 35,
        min_overseas_years: 3,
        max_return_years: 2,
        cities: JSON.stringify(['shanghai', 'beijing']),
        titles: JSON.stringify([]),
        platform_natures: JSON.stringify(['university', 'research_institute']),
        professional_fields: JSON.stringify(['ai']),
        foreign_descent: 'chinese_only',
      })
    ).id
    open = (await rule({})).id
    foreign = (await rule({ degree: 'doctor', foreign_descent: 'foreign_descent_allowed' })).id
    // a draft policy never matches
    const draft = await h.db
      .insertInto('policies')
      .values({ title_zh: '草稿政策', title_en: 'Draft policy', level: 'national', status: 'draft', created_at: ts, updated_at: ts })
      .returning('id')
      .executeTakeFirstOrThrow()
    await h.db.insertInto('policy_rules').values({ policy_id: draft.id }).execute()
  })

  const run = async (patch: Record<string, unknown> = {}) => {
    const r = await h.api('POST', '/policy/match/run', { body: { ...BASE, ...patch } })
    expect(r.body.code).toBe(200)
    return r.body.result.list as any[]
  }
  const item = async (ruleId: number, patch: Record<string, unknown> = {}) => (await run(patch)).find((i) => i.ruleId === ruleId)
  const failing = async (patch: Record<string, unknown>) => (await item(strict, patch)).unmatchedConditions

  it('answers one item per rule of every published policy, fully matched first, then by matched count', async () => {
    const list = await run()
    const rules = await h.db
      .selectFrom('policy_rules as r')
      .innerJoin('policies as p', 'p.id', 'r.policy_id')
      .select('r.id')
      .where('p.status', '=', 'published')
      .execute()
    expect(list.map((i) => i.ruleId).sort((a, b) => a - b)).toEqual(rules.map((r) => r.id).sort((a, b) => a - b))
    const firstPartial = list.findIndex((i) => !i.matched)
    expect(firstPartial).toBeGreaterThan(0)
    expect(list.slice(firstPartial).every((i) => !i.matched)).toBe(true)
    const counts = list.slice(firstPartial).map((i) => i.matchedConditions.length)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    for (const i of list) {
      expect(i.matched).toBe(i.unmatchedConditions.length === 0)
      expect(i.matchedConditions.length + i.unmatchedConditions.length).toBeLessThanOrEqual(9)
      expect(i.policy).toMatchObject({ id: expect.any(Number), titleZh: expect.any(String), level: expect.any(String) })
    }
    const s = list.find((i) => i.ruleId === strict)
    expect(s).toMatchObject({ matched: true, unmatchedConditions: [], policy: { titleEn: 'Match test policy' } })
    // a rule that sets nothing matches everyone and reports no condition as checked
    expect(list.find((i) => i.ruleId === open)).toMatchObject({ matched: true, matchedConditions: [], unmatchedConditions: [] })
    expect(list.some((i) => i.policy.titleZh === '草稿政策')).toBe(false)
    // seeded rules of the seeded policies are there too and some match this profile
    expect(list.filter((i) => i.matched && i.policy.titleZh !== '匹配测试政策').length).toBeGreaterThan(0)
  })

  it('age bounds are inclusive: at min and max matches, one past does not', async () => {
    expect(await failing({ age: 25 })).toEqual([])
    expect(await failing({ age: 35 })).toEqual([])
    expect(await failing({ age: 24 })).toEqual(['age'])
    expect(await failing({ age: 36 })).toEqual(['age'])
  })

  it('overseas years: at least the minimum (inclusive); return years: at most the maximum (inclusive)', async () => {
    expect(await failing({ overseasYears: 3 })).toEqual([])
    expect(await failing({ overseasYears: 2 })).toEqual(['overseasYears'])
    expect(await failing({ overseasYears: 10 })).toEqual([])
    expect(await failing({ returnYears: 2 })).toEqual([])
    expect(await failing({ returnYears: 0 })).toEqual([])
    expect(await failing({ returnYears: 3 })).toEqual(['returnYears'])
  })

  it('degree ordering bachelor < master < doctor', async () => {
    expect(await failing({ degree: 'doctor' })).toEqual([])
    expect(await failing({ degree: 'master' })).toEqual([])
    expect(await failing({ degree: 'bachelor' })).toEqual(['degree'])
    expect((await item(foreign, { degree: 'master' })).unmatchedConditions).toEqual(['degree'])
    expect((await item(foreign, { degree: 'doctor' })).matched).toBe(true)
  })

  it('lists: the answer must be listed; an empty list accepts anything', async () => {
    expect(await failing({ city: 'beijing' })).toEqual([])
    expect(await failing({ city: 'shenzhen' })).toEqual(['city'])
    expect(await failing({ title: 'senior' })).toEqual([]) // titles []
    expect(await failing({ platformNature: 'enterprise' })).toEqual(['platformNature'])
    expect(await failing({ professionalField: 'biomed' })).toEqual(['professionalField'])
    expect((await item(open, { city: 'nowhere', title: 'x', platformNature: 'y', professionalField: 'z', degree: 'bachelor', age: 99 })).matched).toBe(true)
  })

  it('foreign descent: chinese_only refuses a foreign nationality; foreign_descent_allowed and any accept it', async () => {
    expect(await failing({ foreignNationality: true })).toEqual(['foreignDescent'])
    expect((await item(foreign, { degree: 'doctor', foreignNationality: true })).matched).toBe(true)
    expect((await item(open, { foreignNationality: true })).matched).toBe(true)
    // several failures at once are all reported, in the contract's order
    expect(await failing({ age: 40, city: 'wuhan', foreignNationality: true, degree: 'bachelor' })).toEqual(['degree', 'age', 'city', 'foreignDescent'])
    const s = await item(strict, { age: 40, city: 'wuhan' })
    expect(s.matched).toBe(false)
    // titles [] sets no condition, so 'title' is neither matched nor unmatched
    expect(s.matchedConditions).toEqual(['degree', 'overseasYears', 'returnYears', 'platformNature', 'professionalField', 'foreignDescent'])
  })

  it('bad answers are 301 naming the field', async () => {
    for (const [patch, field] of [
      [{ degree: 'phd' }, 'degree'],
      [{ age: -1 }, 'age'],
      [{ overseasYears: 'many' }, 'overseasYears'],
      [{ city: undefined }, 'city'],
      [{ foreignNationality: 'perhaps' }, 'foreignNationality'],
    ] as const) {
      const r = await h.api('POST', '/policy/match/run', { body: { ...BASE, ...patch } })
      expect([field, r.body.code, r.body.result]).toEqual([field, 301, { field }])
    }
  })
})
