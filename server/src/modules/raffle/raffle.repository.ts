/**
 * Raffle reads and writes. The draw is one transaction: the client key's row first (a retry with the same
 * key hits the unique index and returns the stored result), then one draw time taken by a conditional
 * update (`used < default + extra`; on PostgreSQL the row lock also serializes one person's concurrent
 * draws), then a gift taken by a conditional update (`won_count < stock`). A gift that ran out between the
 * read and the update is dropped and the pick repeated, so stock never goes negative on either database.
 */
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database'
import type { DB, RafflesTable } from '../../db/schema'
import type { Insertable, Updateable } from 'kysely'
import { pickGift, type RandomInt } from './raffle.pick'

export type OrgScope = number[] | null

/** the unique-index violation of both drivers */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null
  return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE')
}

/** thrown inside the draw transaction (rolls it back); the service maps it to a catalogue code */
export class DrawRefused extends Error {
  constructor(readonly reason: 'no_times') {
    super(`draw refused: ${reason}`)
  }
}

const inOrgs = (orgs: OrgScope) => (orgs && orgs.length ? orgs : [-1])
const likeOf = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
const lowerLike = (ref: string, pattern: string) => sql<boolean>`lower(${sql.ref(ref)}) like ${pattern} escape '\\'`

export interface WinnerFilter {
  raffleId: number
  keyword?: string
  giftId?: number
  claimed?: 'yes' | 'no'
}

export class RaffleRepository {
  constructor(private readonly db: Database) {}

  private raffleRows() {
    return this.db
      .selectFrom('raffles as r')
      .leftJoin('activities as a', 'a.id', 'r.activity_id')
      .selectAll('r')
      .select(['a.title_zh as activity_title_zh', 'a.title_en as activity_title_en', 'a.organization_id as activity_organization_id'])
      .select((eb) => [
        eb.selectFrom('raffle_gifts as g').whereRef('g.raffle_id', '=', 'r.id').select((x) => x.fn.countAll<number>().as('n')).as('gift_count'),
        eb.selectFrom('raffle_draws as d').whereRef('d.raffle_id', '=', 'r.id').select((x) => x.fn.countAll<number>().as('n')).as('draw_count'),
        eb.selectFrom('raffle_draws as d').whereRef('d.raffle_id', '=', 'r.id').where('d.gift_id', 'is not', null).select((x) => x.fn.countAll<number>().as('n')).as('winner_count'),
      ])
  }

  raffle(id: number, orgs: OrgScope = null) {
    return this.raffleRows()
      .where('r.id', '=', id)
      .$if(!!orgs, (q) => q.where('r.organization_id', 'in', inOrgs(orgs)))
      .executeTakeFirst()
  }

  private raffleList(orgs: OrgScope, keyword?: string, activityId?: number) {
    let q = this.db.selectFrom('raffles as r').$if(!!orgs, (x) => x.where('r.organization_id', 'in', inOrgs(orgs)))
    if (activityId) q = q.where('r.activity_id', '=', activityId)
    if (keyword) {
      const like = likeOf(keyword)
      q = q.where((eb) => eb.or([lowerLike('r.name_zh', like), lowerLike('r.name_en', like)]))
    }
    return q
  }

  async countRaffles(orgs: OrgScope, keyword?: string, activityId?: number): Promise<number> {
    const r = await this.raffleList(orgs, keyword, activityId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  async pageRaffles(orgs: OrgScope, keyword: string | undefined, activityId: number | undefined, offset: number, limit: number) {
    const ids = (await this.raffleList(orgs, keyword, activityId).select('r.id').orderBy('r.id', 'desc').limit(limit).offset(offset).execute()).map((r) => r.id)
    if (!ids.length) return []
    const rows = await this.raffleRows().where('r.id', 'in', ids).execute()
    const byId = new Map(rows.map((r) => [r.id, r]))
    return ids.map((id) => byId.get(id)!).filter(Boolean)
  }

  rafflesOfActivity(activityId: number) {
    return this.db.selectFrom('raffles').selectAll().where('activity_id', '=', activityId).orderBy('id', 'desc').limit(20).execute()
  }

  async insertRaffle(row: Insertable<RafflesTable>): Promise<number> {
    const r = await this.db.insertInto('raffles').values(row).returning('id').executeTakeFirstOrThrow()
    return r.id
  }

  async updateRaffle(id: number, set: Updateable<RafflesTable>): Promise<void> {
    await this.db.updateTable('raffles').set(set).where('id', '=', id).execute()
  }

  activity(id: number, orgs: OrgScope) {
    return this.db
      .selectFrom('activities')
      .select(['id', 'title_zh', 'title_en', 'organization_id', 'start_time', 'time_zone'])
      .where('id', '=', id)
      .$if(!!orgs, (q) => q.where('organization_id', 'in', inOrgs(orgs)))
      .executeTakeFirst()
  }

  private activityList(orgs: OrgScope, keyword?: string) {
    let q = this.db.selectFrom('activities').$if(!!orgs, (x) => x.where('organization_id', 'in', inOrgs(orgs)))
    if (keyword) {
      const like = likeOf(keyword)
      q = q.where((eb) => eb.or([lowerLike('title_zh', like), lowerLike('title_en', like)]))
    }
    return q
  }

  async activities(orgs: OrgScope, keyword: string | undefined, offset: number, limit: number) {
    const [count, rows] = await Promise.all([
      this.activityList(orgs, keyword).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      this.activityList(orgs, keyword).select(['id', 'title_zh', 'title_en', 'start_time', 'time_zone']).orderBy('start_time', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    ])
    return { total: Number(count?.n ?? 0), rows }
  }

  // ---- gifts

  gifts(raffleId: number) {
    return this.db.selectFrom('raffle_gifts').selectAll().where('raffle_id', '=', raffleId).orderBy('sequence').orderBy('id').execute()
  }

  gift(id: number) {
    return this.db.selectFrom('raffle_gifts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  async insertGift(row: { raffle_id: number; name_zh: string; name_en: string; image_url: string | null; stock: number; sequence: number; weight: number; nowIso: string }): Promise<number> {
    const { nowIso, ...values } = row
    const r = await this.db.insertInto('raffle_gifts').values({ ...values, created_at: nowIso, updated_at: nowIso }).returning('id').executeTakeFirstOrThrow()
    return r.id
  }

  /** false when the new stock is below what was won meanwhile (the check and the write are one statement) */
  async updateGift(id: number, set: { name_zh: string; name_en: string; image_url: string | null; stock: number; sequence: number; weight: number; updated_at: string }): Promise<boolean> {
    const r = await this.db.updateTable('raffle_gifts').set(set).where('id', '=', id).where('won_count', '<=', set.stock).executeTakeFirst()
    return Number(r.numUpdatedRows) > 0
  }

  /** false when someone has won it (the draws keep pointing at it) */
  async deleteGift(id: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('raffle_gifts')
      .where('id', '=', id)
      .where('won_count', '=', 0)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('raffle_draws').select('id').where('gift_id', '=', id))))
      .executeTakeFirst()
    return Number(r.numDeletedRows) > 0
  }

  // ---- people and their draw times

  timesRow(raffleId: number, userId: number) {
    return this.db.selectFrom('raffle_times').selectAll().where('raffle_id', '=', raffleId).where('user_id', '=', userId).executeTakeFirst()
  }

  enrollmentStatus(activityId: number, userId: number) {
    return this.db
      .selectFrom('activity_enrollments')
      .select('status')
      .where('activity_id', '=', activityId)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst()
  }

  async prizeCount(raffleId: number, userId: number): Promise<number> {
    const r = await this.db
      .selectFrom('raffle_draws')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('raffle_id', '=', raffleId)
      .where('user_id', '=', userId)
      .where('gift_id', 'is not', null)
      .executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  private timesList(raffleId: number, keyword?: string) {
    let q = this.db.selectFrom('raffle_times as t').innerJoin('users as u', 'u.id', 't.user_id').where('t.raffle_id', '=', raffleId)
    if (keyword) {
      const like = likeOf(keyword)
      q = q.where((eb) => eb.or([lowerLike('u.email', like), lowerLike('u.nick_name', like)]))
    }
    return q
  }

  async pageTimes(raffleId: number, keyword: string | undefined, offset: number, limit: number) {
    const [count, rows] = await Promise.all([
      this.timesList(raffleId, keyword).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      this.timesList(raffleId, keyword)
        .select(['t.user_id', 't.extra_times', 't.used_times', 't.updated_at', 'u.nick_name', 'u.email'])
        .select((eb) =>
          eb
            .selectFrom('raffle_time_grants as g')
            .whereRef('g.raffle_id', '=', 't.raffle_id')
            .whereRef('g.user_id', '=', 't.user_id')
            .select('g.reason')
            .orderBy('g.id', 'desc')
            .limit(1)
            .as('last_reason'),
        )
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    ])
    return { total: Number(count?.n ?? 0), rows }
  }

  /** the activity's enrolled people (keyword on e-mail / nick name), or anybody by exact e-mail */
  async candidates(activityId: number | null, keyword: string | undefined, limit = 20) {
    const enrolled = activityId
      ? await this.db
          .selectFrom('activity_enrollments as e')
          .innerJoin('users as u', 'u.id', 'e.user_id')
          .select(['u.id', 'u.nick_name', 'u.email'])
          .where('e.activity_id', '=', activityId)
          .where('e.status', '!=', 'rejected')
          .$if(!!keyword, (q) => q.where((eb) => eb.or([lowerLike('u.email', likeOf(keyword!)), lowerLike('u.nick_name', likeOf(keyword!))])))
          .orderBy('e.id', 'desc')
          .limit(limit)
          .execute()
      : []
    const byEmail =
      keyword && keyword.includes('@')
        ? await this.db.selectFrom('users').select(['id', 'nick_name', 'email']).where(sql<boolean>`lower(email) = ${keyword.toLowerCase()}`).execute()
        : []
    return { enrolled, byEmail }
  }

  user(id: number) {
    return this.db.selectFrom('users').select(['id', 'nick_name', 'email']).where('id', '=', id).executeTakeFirst()
  }

  /** extra draw times and the grant's record, in one transaction */
  async grant(g: { raffleId: number; userId: number; times: number; reason: string; grantedBy: number; nowIso: string }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.ensureTimesRow(trx, g.raffleId, g.userId, g.nowIso)
      await trx
        .updateTable('raffle_times')
        .set((eb) => ({ extra_times: eb('extra_times', '+', g.times), updated_at: g.nowIso }))
        .where('raffle_id', '=', g.raffleId)
        .where('user_id', '=', g.userId)
        .execute()
      await trx.insertInto('raffle_time_grants').values({ raffle_id: g.raffleId, user_id: g.userId, times: g.times, reason: g.reason, granted_by: g.grantedBy, created_at: g.nowIso }).execute()
    })
  }

  private async ensureTimesRow(trx: Transaction<DB>, raffleId: number, userId: number, nowIso: string) {
    await trx
      .insertInto('raffle_times')
      .values({ raffle_id: raffleId, user_id: userId, extra_times: 0, used_times: 0, created_at: nowIso, updated_at: nowIso })
      .onConflict((oc) => oc.columns(['raffle_id', 'user_id']).doNothing())
      .execute()
  }

  // ---- the draw

  drawByKey(raffleId: number, userId: number, clientKey: string) {
    return this.db
      .selectFrom('raffle_draws')
      .select(['id', 'gift_id'])
      .where('raffle_id', '=', raffleId)
      .where('user_id', '=', userId)
      .where('client_key', '=', clientKey)
      .executeTakeFirst()
  }

  /** one draw, stored before it is answered; DrawRefused('no_times') or a unique violation (same key) roll it back */
  async draw(d: { raffleId: number; userId: number; clientKey: string; defaultTimes: number; noPrizeWeight: number; nowIso: string; random?: RandomInt }): Promise<{ drawId: number; giftId: number | null }> {
    return this.db.transaction().execute(async (trx) => {
      const { id: drawId } = await trx
        .insertInto('raffle_draws')
        .values({ raffle_id: d.raffleId, user_id: d.userId, client_key: d.clientKey, gift_id: null, claimed_at: null, claimed_by: null, created_at: d.nowIso })
        .returning('id')
        .executeTakeFirstOrThrow()
      await this.ensureTimesRow(trx, d.raffleId, d.userId, d.nowIso)
      const taken = await trx
        .updateTable('raffle_times')
        .set((eb) => ({ used_times: eb('used_times', '+', 1), updated_at: d.nowIso }))
        .where('raffle_id', '=', d.raffleId)
        .where('user_id', '=', d.userId)
        .where((eb) => eb('used_times', '<', eb(sql.lit(d.defaultTimes), '+', eb.ref('extra_times'))))
        .executeTakeFirst()
      if (Number(taken.numUpdatedRows) === 0) throw new DrawRefused('no_times')

      const excluded = new Set<number>()
      let giftId: number | null = null
      for (;;) {
        const left = await trx
          .selectFrom('raffle_gifts')
          .select(['id', 'weight'])
          .where('raffle_id', '=', d.raffleId)
          .where((eb) => eb('won_count', '<', eb.ref('stock')))
          .where('weight', '>', 0)
          .orderBy('id')
          .execute()
        const picked = pickGift(left.filter((g) => !excluded.has(g.id)), d.noPrizeWeight, d.random)
        if (picked === null) break
        const won = await trx
          .updateTable('raffle_gifts')
          .set((eb) => ({ won_count: eb('won_count', '+', 1) }))
          .where('id', '=', picked)
          .where((eb) => eb('won_count', '<', eb.ref('stock')))
          .executeTakeFirst()
        if (Number(won.numUpdatedRows) > 0) {
          giftId = picked
          break
        }
        excluded.add(picked) // ran out between the read and the update: pick again among the rest
      }
      if (giftId !== null) await trx.updateTable('raffle_draws').set({ gift_id: giftId }).where('id', '=', drawId).execute()
      return { drawId, giftId }
    })
  }

  async myPrizes(userId: number, offset: number, limit: number) {
    const base = this.db.selectFrom('raffle_draws as d').innerJoin('raffle_gifts as g', 'g.id', 'd.gift_id').innerJoin('raffles as r', 'r.id', 'd.raffle_id').where('d.user_id', '=', userId)
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base
        .select(['d.id', 'd.raffle_id', 'd.gift_id', 'd.created_at', 'd.claimed_at', 'r.name_zh as raffle_name_zh', 'r.name_en as raffle_name_en', 'g.name_zh', 'g.name_en', 'g.image_url'])
        .orderBy('d.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    ])
    return { total: Number(count?.n ?? 0), rows }
  }

  // ---- winners

  private winners(f: WinnerFilter) {
    let q = this.db
      .selectFrom('raffle_draws as d')
      .innerJoin('raffle_gifts as g', 'g.id', 'd.gift_id')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .leftJoin('users as c', 'c.id', 'd.claimed_by')
      .where('d.raffle_id', '=', f.raffleId)
    if (f.giftId) q = q.where('d.gift_id', '=', f.giftId)
    if (f.claimed === 'yes') q = q.where('d.claimed_at', 'is not', null)
    if (f.claimed === 'no') q = q.where('d.claimed_at', 'is', null)
    if (f.keyword) {
      const like = likeOf(f.keyword)
      q = q.where((eb) => eb.or([lowerLike('u.email', like), lowerLike('u.nick_name', like), lowerLike('g.name_zh', like), lowerLike('g.name_en', like)]))
    }
    return q
  }

  private static readonly WINNER_COLUMNS = [
    'd.id', 'd.user_id', 'd.gift_id', 'd.created_at', 'd.claimed_at', 'd.claimed_by', 'u.nick_name', 'u.email', 'g.name_zh', 'g.name_en', 'c.nick_name as claimed_by_name',
  ] as const

  async pageWinners(f: WinnerFilter, offset: number, limit: number) {
    const [count, rows] = await Promise.all([
      this.winners(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      this.winners(f).select(RaffleRepository.WINNER_COLUMNS).orderBy('d.id', 'desc').limit(limit).offset(offset).execute(),
    ])
    return { total: Number(count?.n ?? 0), rows }
  }

  winner(raffleId: number, id: number) {
    return this.winners({ raffleId }).select(RaffleRepository.WINNER_COLUMNS).where('d.id', '=', id).executeTakeFirst()
  }

  drawRaffleId(id: number) {
    return this.db.selectFrom('raffle_draws').select(['raffle_id', 'gift_id']).where('id', '=', id).executeTakeFirst()
  }

  async setClaimed(id: number, claimedAt: string | null, claimedBy: number | null): Promise<void> {
    await this.db.updateTable('raffle_draws').set({ claimed_at: claimedAt, claimed_by: claimedBy }).where('id', '=', id).execute()
  }
}
