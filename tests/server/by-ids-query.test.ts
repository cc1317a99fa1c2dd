/**
 * ByIdsQuery (server/src/db/by-ids-query.ts) builds a query once per id count and runs it with each
 * call's ids: every call must answer what the same query built afresh answers, whatever ids it is given
 * and whether its shape was kept (ids the last parameters) or not (ids before another parameter).
 */
import { ByIdsQuery } from '../../server/src/db/by-ids-query'
import { describeEachDb, type Harness } from './harness'

describeEachDb('queries built once per id count', (get) => {
  let h: Harness
  beforeAll(() => {
    h = get()
  })

  it('answers what the query built afresh answers, for every call and count', async () => {
    const build = (ids: readonly number[]) =>
      h.db.selectFrom('activities as a').select(['a.id', 'a.title_en', 'a.status']).where('a.status', '=', 'published').where('a.id', 'in', ids).orderBy('a.id')
    const query = new ByIdsQuery(h.db, build)
    const all = (await h.db.selectFrom('activities').select('id').orderBy('id').execute()).map((r) => r.id)
    expect(all.length).toBeGreaterThan(6)
    for (const ids of [all.slice(0, 3), all.slice(3, 6), all.slice(1, 4), [all[0]], [all[5]], all.slice(0, 6), [...all.slice(2, 5), 999_999]])
      expect([ids, await query.execute(ids)]).toEqual([ids, await build(ids).execute()])
  })

  it('a long id list (a read shared by many pages) answers the same rows, with one shape per power of two', async () => {
    const build = (ids: readonly number[]) =>
      h.db.selectFrom('activities as a').select(['a.id', 'a.title_en']).where('a.status', '=', 'published').where('a.id', 'in', ids).orderBy('a.id')
    const query = new ByIdsQuery(h.db, build)
    const all = (await h.db.selectFrom('activities').select('id').orderBy('id').execute()).map((r) => r.id)
    const unknown = Array.from({ length: 200 }, (_, i) => 900_000 + i)
    for (const n of [65, 70, 100, 128, 129, 200]) {
      const ids = [...all, ...unknown].slice(0, n).reverse()
      expect([n, await query.execute(ids)]).toEqual([n, await build(ids).execute()])
    }
    // 65–128 ids one shape, 129–200 another
    expect((query as unknown as { shapes: Map<number, unknown> }).shapes.size).toBe(2)
  })

  it('a query whose ids are not its last parameters is built for every call', async () => {
    let builds = 0
    const build = (ids: readonly number[]) => {
      builds++
      return h.db.selectFrom('activities as a').select('a.id').where('a.id', 'in', ids).where('a.status', '=', 'published').orderBy('a.id')
    }
    const query = new ByIdsQuery(h.db, build)
    const [x, y] = (await h.db.selectFrom('activities').select('id').where('status', '=', 'published').orderBy('id').limit(2).execute()).map((r) => r.id)
    expect(await query.execute([x])).toEqual([{ id: x }])
    expect(await query.execute([y])).toEqual([{ id: y }])
    expect(builds).toBe(2)
  })
})
