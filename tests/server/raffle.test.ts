/**
 * Raffles on SQLite and PostgreSQL: the weighted pick lands within a chi-square bound of the weights over
 * 100,000 simulated draws; 200 people drawing at once on a gift with 10 left get exactly 10; one person's
 * 20 concurrent draws never exceed their times; a retried client key returns the stored result; the
 * window, eligibility, no-times and closed rules answer their codes and change nothing; admin writes
 * (raffle, gifts, extra times with a reason, claim, export read back with exceljs, close early) and the
 * organizer's data boundary (302, nothing changed).
 */
import crypto from 'node:crypto'
import ExcelJS from 'exceljs'
import { agreeToPolicies, demoOrganizations, describeEachDb, loginDemoRoles, type Harness } from './harness'
import { pickGift } from '../../server/src/modules/raffle/raffle.pick'
import { ADMIN_RAFFLE_API as A, RAFFLE_API, giftOdds, type AdminRaffleBody } from '@contracts/raffle'
import { DEMO_RAFFLE_NAME_EN } from '../../server/src/db/seed/raffle'

const DAY = 86400_000
const key = () => crypto.randomBytes(12).toString('hex')

describe('raffle pick fairness', () => {
  it('100,000 draws land within the chi-square bound of the weights (crypto randomness)', () => {
    const gifts = [
      { id: 1, weight: 5 },
      { id: 2, weight: 15 },
      { id: 3, weight: 30 },
      { id: 4, weight: 0 }, // weight 0 is never won
    ]
    const noPrize = 50
    const N = 100_000
    const counts = new Map<number | null, number>()
    for (let i = 0; i < N; i++) {
      const g = pickGift(gifts, noPrize)
      counts.set(g, (counts.get(g) ?? 0) + 1)
    }
    expect(counts.get(4) ?? 0).toBe(0)
    const total = 5 + 15 + 30 + noPrize
    const cells: Array<[number | null, number]> = [[1, 5], [2, 15], [3, 30], [null, noPrize]]
    const chi2 = cells.reduce((sum, [id, w]) => {
      const expected = (N * w) / total
      return sum + ((counts.get(id) ?? 0) - expected) ** 2 / expected
    }, 0)
    // 3 degrees of freedom: P(chi2 > 16.27) = 0.001
    expect(chi2).toBeLessThan(16.27)
  })

  it('every candidate and "no prize" is reachable; no weight at all is no prize', () => {
    expect(pickGift([{ id: 1, weight: 1 }], 1, () => 0)).toBe(1)
    expect(pickGift([{ id: 1, weight: 1 }], 1, () => 1)).toBeNull()
    expect(pickGift([{ id: 1, weight: 0 }], 0)).toBeNull()
    expect(pickGift([], 0)).toBeNull()
  })

  it('the editor odds: probability among gifts with stock, expected winners capped by what is left', () => {
    const odds = giftOdds([{ weight: 1, stock: 10 }, { weight: 3, stock: 1 }, { weight: 5, stock: 2, wonCount: 2 }], 4, 100)
    expect(odds[0].probability).toBeCloseTo(1 / 8)
    expect(odds[1].probability).toBeCloseTo(3 / 8)
    expect(odds[2].probability).toBe(0)
    expect(odds[0].expected).toBeCloseTo(10)
    expect(odds[1].expected).toBe(1)
  })
})

describeEachDb('raffles', (get) => {
  let h: Harness
  let ops: string
  let org: string
  let consumer: string
  let consumerId: number
  let ownActivity: number
  let otherActivity: number
  let seq = 0

  beforeAll(async () => {
    h = get()
    ;({ ops, org, consumer } = await loginDemoRoles(h))
    consumerId = (await h.db.selectFrom('users').select('id').where('email', '=', 'user@haijiao.demo').executeTakeFirstOrThrow()).id
    const { ownOrg } = await demoOrganizations(h)
    ownActivity = (await h.db.selectFrom('activities').select('id').where('organization_id', '=', ownOrg).orderBy('id').executeTakeFirstOrThrow()).id
    otherActivity = (await h.db.selectFrom('activities').select('id').where('organization_id', '!=', ownOrg).orderBy('id').executeTakeFirstOrThrow()).id
  })

  function body(o: Partial<AdminRaffleBody> = {}): AdminRaffleBody {
    const now = h.clock.now().getTime()
    return {
      nameZh: `测试抽奖${++seq}`,
      nameEn: `Test raffle ${seq}`,
      images: [],
      activityId: ownActivity,
      startTime: new Date(now - DAY).toISOString(),
      endTime: new Date(now + DAY).toISOString(),
      timeZone: 'UTC+08:00',
      eligibility: 'any',
      defaultTimes: 1,
      noPrizeWeight: 0,
      ...o,
    }
  }

  async function makeRaffle(o: Partial<AdminRaffleBody> = {}, gifts: Array<{ stock: number; weight: number }> = [], token = ops): Promise<{ id: number; giftIds: number[] }> {
    const r = await h.api('POST', A.add, { token, body: body(o) })
    expect(r.body.code).toBe(200)
    const giftIds: number[] = []
    for (const [i, g] of gifts.entries()) {
      const gr = await h.api('POST', A.giftAdd, { token, body: { raffleId: r.body.result.id, nameZh: `奖品${i}`, nameEn: `Gift ${i}`, imageUrl: null, sequence: i, ...g } })
      expect(gr.body.code).toBe(200)
      giftIds.push(gr.body.result.id)
    }
    return { id: r.body.result.id, giftIds }
  }

  /** people made straight in the database, with tokens signed like a login's */
  async function people(n: number): Promise<Array<{ id: number; token: string }>> {
    const ts = h.clock.now().toISOString()
    const tag = key().slice(0, 8)
    const out: Array<{ id: number; token: string }> = []
    for (let i = 0; i < n; i++) {
      const u = await h.db
        .insertInto('users')
        .values({ email: `raffle-${tag}-${i}@example.com`, password_hash: 'x', nick_name: `Drawer ${i}`, avatar_url: null, phone: null, lang: null, is_promoter: 0, real_name: null, failed_login_window_start: null, frozen_until: null, created_at: ts, updated_at: ts })
        .returning(['id', 'token_version'])
        .executeTakeFirstOrThrow()
      await agreeToPolicies(h, u.id)
      out.push({ id: u.id, token: await h.app.ctx.tokens.sign({ userId: u.id, tv: u.token_version, client: 'consumer' }) })
    }
    return out
  }

  const draw = (token: string, raffleId: number, clientKey = key()) => h.api('POST', RAFFLE_API.draw, { token, body: { raffleId, clientKey } })

  it('the seeded demo raffle shows its gifts and the visitor no draws', async () => {
    const list = await h.api('GET', `${A.list}?keyword=${encodeURIComponent(DEMO_RAFFLE_NAME_EN)}`, { token: org })
    expect(list.body.result.total).toBe(1)
    const demo = list.body.result.list[0]
    expect(demo.nameZh).toBeTruthy()
    const info = await h.api('GET', `${RAFFLE_API.info}?id=${demo.id}`)
    expect(info.body.code).toBe(200)
    expect(info.body.result.gifts).toHaveLength(3)
    expect(info.body.result.me).toBeNull()
    const mine = await h.api('GET', `${RAFFLE_API.info}?id=${demo.id}`, { token: consumer })
    expect(mine.body.result.me).toMatchObject({ remaining: 3, used: 0, eligible: true })
    const ofActivity = await h.api('GET', `${RAFFLE_API.ofActivity}?activityId=${demo.activityId}`)
    expect(ofActivity.body.result.map((r: { id: number }) => r.id)).toContain(demo.id)
  })

  it('200 people drawing at once on a gift with 10 left get exactly 10', async () => {
    const { id, giftIds } = await makeRaffle({ defaultTimes: 1, noPrizeWeight: 0 }, [{ stock: 10, weight: 1 }])
    const crowd = await people(200)
    const answers = await Promise.all(crowd.map((p) => draw(p.token, id)))
    expect(answers.every((a) => a.body.code === 200)).toBe(true)
    const winners = answers.filter((a) => a.body.result.gift?.id === giftIds[0])
    expect(winners).toHaveLength(10)
    const g = await h.db.selectFrom('raffle_gifts').select(['won_count', 'stock']).where('id', '=', giftIds[0]).executeTakeFirstOrThrow()
    expect(g).toEqual({ won_count: 10, stock: 10 })
    const stored = await h.db.selectFrom('raffle_draws').select((eb) => eb.fn.countAll<number>().as('n')).where('raffle_id', '=', id).where('gift_id', '=', giftIds[0]).executeTakeFirstOrThrow()
    expect(Number(stored.n)).toBe(10)
    // the gift is used up: nobody can win it again
    const [late] = await people(1)
    const after = await draw(late.token, id)
    expect(after.body.result.gift).toBeNull()
  })

  it("one person's 20 concurrent draws never use more than their times (3)", async () => {
    const { id } = await makeRaffle({ defaultTimes: 3, noPrizeWeight: 1 }, [{ stock: 1000, weight: 1 }])
    const [p] = await people(1)
    const answers = await Promise.all(Array.from({ length: 20 }, () => draw(p.token, id)))
    const okCount = answers.filter((a) => a.body.code === 200).length
    expect(okCount).toBe(3)
    expect(answers.filter((a) => a.body.code === 644)).toHaveLength(17)
    const t = await h.db.selectFrom('raffle_times').select('used_times').where('raffle_id', '=', id).where('user_id', '=', p.id).executeTakeFirstOrThrow()
    expect(t.used_times).toBe(3)
    const n = await h.db.selectFrom('raffle_draws').select((eb) => eb.fn.countAll<number>().as('n')).where('raffle_id', '=', id).executeTakeFirstOrThrow()
    expect(Number(n.n)).toBe(3)
  })

  it('a retry with the same client key returns the same result and draws nothing more (also at once)', async () => {
    const { id } = await makeRaffle({ defaultTimes: 5, noPrizeWeight: 1 }, [{ stock: 1000, weight: 1 }])
    const [p] = await people(1)
    const k = key()
    const first = await draw(p.token, id, k)
    expect(first.body.code).toBe(200)
    expect(first.body.result.repeated).toBe(false)
    const again = await draw(p.token, id, k)
    expect(again.body.result).toMatchObject({ drawId: first.body.result.drawId, gift: first.body.result.gift, remaining: 4, repeated: true })
    const k2 = key()
    const burst = await Promise.all(Array.from({ length: 8 }, () => draw(p.token, id, k2)))
    expect(burst.every((b) => b.body.code === 200)).toBe(true)
    expect(new Set(burst.map((b) => b.body.result.drawId)).size).toBe(1)
    const t = await h.db.selectFrom('raffle_times').select('used_times').where('raffle_id', '=', id).where('user_id', '=', p.id).executeTakeFirstOrThrow()
    expect(t.used_times).toBe(2)
    // another person's same key is their own draw
    const [q] = await people(1)
    const other = await draw(q.token, id, k)
    expect(other.body.result.drawId).not.toBe(first.body.result.drawId)
  })

  it('window, eligibility, no times and closed: each its code, nothing stored', async () => {
    const now = h.clock.now().getTime()
    const [p] = await people(1)
    const future = await makeRaffle({ startTime: new Date(now + DAY).toISOString(), endTime: new Date(now + 2 * DAY).toISOString() }, [{ stock: 5, weight: 1 }])
    expect((await draw(p.token, future.id)).body.code).toBe(640)
    const past = await makeRaffle({ startTime: new Date(now - 2 * DAY).toISOString(), endTime: new Date(now - DAY).toISOString() }, [{ stock: 5, weight: 1 }])
    const ended = await draw(p.token, past.id)
    expect(ended.body.code).toBe(641)
    expect(ended.body.message).toBeTruthy()
    const enrolledOnly = await makeRaffle({ eligibility: 'enrolled' }, [{ stock: 5, weight: 1 }])
    expect((await draw(p.token, enrolledOnly.id)).body.code).toBe(643)
    // enrolled (pending) passes 'enrolled' but not 'approved'
    const ts = h.clock.now().toISOString()
    await h.db.insertInto('activity_enrollments').values({ activity_id: ownActivity, user_id: p.id, status: 'pending', form_answers: '{}', promoter_user_id: null, created_at: ts, updated_at: ts }).execute()
    expect((await draw(p.token, enrolledOnly.id)).body.code).toBe(200)
    const approvedOnly = await makeRaffle({ eligibility: 'approved' }, [{ stock: 5, weight: 1 }])
    expect((await draw(p.token, approvedOnly.id)).body.code).toBe(643)
    const zero = await makeRaffle({ defaultTimes: 0 }, [{ stock: 5, weight: 1 }])
    const none = await h.api('POST', RAFFLE_API.draw, { token: p.token, body: { raffleId: zero.id, clientKey: key() }, headers: { 'accept-language': 'en' } })
    expect(none.body.code).toBe(644)
    const closed = await makeRaffle({}, [{ stock: 5, weight: 1 }])
    expect((await h.api('POST', A.close, { token: ops, body: { id: closed.id } })).body.result.status).toBe('closed')
    expect((await draw(p.token, closed.id)).body.code).toBe(642)
    const stored = await h.db.selectFrom('raffle_draws').select('raffle_id').where('user_id', '=', p.id).execute()
    expect(stored.map((s) => s.raffle_id)).toEqual([enrolledOnly.id])
    // visitors and bad input
    expect((await h.api('POST', RAFFLE_API.draw, { body: { raffleId: closed.id, clientKey: key() } })).body.code).toBe(201)
    expect((await draw(p.token, closed.id, 'short')).body.code).toBe(301)
    expect((await draw(p.token, 999999)).body.code).toBe(302)
  })

  it('extra times with a reason: default + extra + used; the person can draw again', async () => {
    const { id } = await makeRaffle({ defaultTimes: 1, noPrizeWeight: 1 }, [{ stock: 100, weight: 1 }])
    const [p] = await people(1)
    expect((await draw(p.token, id)).body.code).toBe(200)
    expect((await draw(p.token, id)).body.code).toBe(644)
    const email = (await h.db.selectFrom('users').select('email').where('id', '=', p.id).executeTakeFirstOrThrow()).email
    const cand = await h.api('GET', `${A.candidates}?raffleId=${id}&keyword=${encodeURIComponent(email)}`, { token: org })
    expect(cand.body.result).toEqual([expect.objectContaining({ userId: p.id, enrolled: false })])
    expect((await h.api('POST', A.grant, { token: org, body: { raffleId: id, userId: p.id, times: 2, reason: '' } })).body.code).toBe(301)
    const g = await h.api('POST', A.grant, { token: org, body: { raffleId: id, userId: p.id, times: 2, reason: '现场互动奖励 Stage quiz' } })
    expect(g.body.result).toMatchObject({ defaultTimes: 1, extraTimes: 2, usedTimes: 1, remaining: 2, lastReason: '现场互动奖励 Stage quiz' })
    expect((await draw(p.token, id)).body.code).toBe(200)
    const list = await h.api('GET', `${A.times}?raffleId=${id}`, { token: ops })
    expect(list.body.result.list.find((t: { userId: number }) => t.userId === p.id)).toMatchObject({ usedTimes: 2, remaining: 1 })
  })

  it('gifts: edit, number below those won refused (645), delete only unwon; winners claim and export', async () => {
    const { id, giftIds } = await makeRaffle({ defaultTimes: 3, noPrizeWeight: 0 }, [{ stock: 2, weight: 1 }, { stock: 5, weight: 0 }])
    expect((await draw(consumer, id)).body.result.gift.id).toBe(giftIds[0])
    expect((await draw(consumer, id)).body.result.gift.id).toBe(giftIds[0])
    // stock of the first used up, the second has weight 0: no prize
    expect((await draw(consumer, id)).body.result.gift).toBeNull()
    const below = await h.api('POST', A.giftUpdate, { token: org, body: { id: giftIds[0], raffleId: id, nameZh: '杯', nameEn: 'Cup', imageUrl: null, stock: 1, sequence: 0, weight: 1 } })
    expect(below.body.code).toBe(645)
    expect((await h.db.selectFrom('raffle_gifts').select('stock').where('id', '=', giftIds[0]).executeTakeFirstOrThrow()).stock).toBe(2)
    expect((await h.api('POST', A.giftDelete, { token: org, body: { id: giftIds[0] } })).body.code).toBe(425)
    expect((await h.api('POST', A.giftDelete, { token: org, body: { id: giftIds[1] } })).body.code).toBe(200)

    const winners = await h.api('GET', `${A.winners}?raffleId=${id}&giftId=${giftIds[0]}`, { token: org })
    expect(winners.body.result.total).toBe(2)
    const w = winners.body.result.list[0]
    expect(w).toMatchObject({ userId: consumerId, claimedAt: null })
    const claimed = await h.api('POST', A.claim, { token: org, body: { id: w.id, claimed: true } })
    expect(claimed.body.result.claimedAt).toBeTruthy()
    expect(claimed.body.result.claimedByName).toContain('Organizer')
    const unclaimed = await h.api('GET', `${A.winners}?raffleId=${id}&claimed=no`, { token: org })
    expect(unclaimed.body.result.total).toBe(1)

    const mine = await h.api('GET', RAFFLE_API.myPrizes, { token: consumer })
    expect(mine.body.result.list.filter((p: { raffleId: number }) => p.raffleId === id)).toHaveLength(2)

    const x = await h.api('GET', `${A.export}?raffleId=${id}`, { token: org, headers: { 'accept-language': 'en' } })
    expect(x.status).toBe(200)
    expect(String(x.headers['content-type'])).toContain('spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await h.app.inject({ method: 'GET', url: `/api/v1${A.export}?raffleId=${id}`, headers: { authorization: `Bearer ${org}`, 'accept-language': 'en' } })).rawPayload as any)
    const ws = wb.worksheets[0]
    expect(ws.getRow(1).getCell(2).value).toBe('Gift')
    expect(ws.rowCount).toBe(3)
    const rows = [2, 3].map((i) => ws.getRow(i))
    expect(rows.map((r) => r.getCell(6).value).sort()).toEqual(['Claimed', 'Unclaimed'])
    expect(rows.every((r) => r.getCell(4).value === 'user@haijiao.demo')).toBe(true)
  })

  it("organizer: own activities' raffles only (302, nothing changed); bad input 301", async () => {
    const foreign = await makeRaffle({ activityId: otherActivity }, [{ stock: 3, weight: 1 }])
    const before = await h.db.selectFrom('raffles').selectAll().where('id', '=', foreign.id).executeTakeFirstOrThrow()
    expect((await h.api('GET', `${A.detail}?id=${foreign.id}`, { token: org })).body.code).toBe(302)
    expect((await h.api('POST', A.close, { token: org, body: { id: foreign.id } })).body.code).toBe(302)
    expect((await h.api('POST', A.update, { token: org, body: { id: foreign.id, ...body() } })).body.code).toBe(302)
    expect((await h.api('POST', A.giftUpdate, { token: org, body: { id: foreign.giftIds[0], raffleId: foreign.id, nameZh: 'x', nameEn: 'x', imageUrl: null, stock: 9, sequence: 0, weight: 1 } })).body.code).toBe(302)
    expect((await h.api('GET', `${A.winners}?raffleId=${foreign.id}`, { token: org })).body.code).toBe(302)
    expect((await h.api('GET', `${A.export}?raffleId=${foreign.id}`, { token: org })).body.code).toBe(302)
    expect((await h.api('POST', A.add, { token: org, body: body({ activityId: otherActivity }) })).body.code).toBe(302)
    expect(await h.db.selectFrom('raffles').selectAll().where('id', '=', foreign.id).executeTakeFirstOrThrow()).toEqual(before)
    const list = await h.api('GET', A.list, { token: org })
    expect(list.body.result.list.map((r: { id: number }) => r.id)).not.toContain(foreign.id)
    const picker = await h.api('GET', A.activities, { token: org })
    expect(picker.body.result.list.map((a: { id: number }) => a.id)).not.toContain(otherActivity)
    // an organizer's own raffle without activity belongs to its organization
    const own = await h.api('POST', A.add, { token: org, body: body({ activityId: null }) })
    expect(own.body.code).toBe(200)
    expect(own.body.result.organizationId).toBeTruthy()
    // operations editing it keep it the organizer's
    const edited = await h.api('POST', A.update, { token: ops, body: { id: own.body.result.id, ...body({ activityId: null, nameEn: 'Edited by operations' }) } })
    expect(edited.body.result).toMatchObject({ nameEn: 'Edited by operations', organizationId: own.body.result.organizationId })
    expect((await h.api('GET', `${A.detail}?id=${own.body.result.id}`, { token: org })).body.code).toBe(200)

    expect((await h.api('POST', A.add, { token: ops, body: body({ endTime: new Date(h.clock.now().getTime() - 2 * DAY).toISOString() }) })).body.code).toBe(301)
    expect((await h.api('POST', A.add, { token: ops, body: body({ timeZone: 'Mars' }) })).body.code).toBe(301)
    expect((await h.api('POST', A.add, { token: ops, body: body({ activityId: null, eligibility: 'enrolled' }) })).body.code).toBe(301)
    expect((await h.api('POST', A.add, { token: ops, body: { ...body(), defaultTimes: -1 } })).body.code).toBe(301)
    expect((await h.api('POST', A.add, { token: ops, body: { ...body(), nameZh: '', nameEn: '' } })).body.code).toBe(301)
    expect((await h.api('POST', A.add, { token: ops, body: { ...body(), images: ['javascript:alert(1)'] } })).body.code).toBe(301)
  })
})
