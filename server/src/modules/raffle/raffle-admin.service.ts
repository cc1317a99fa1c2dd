/**
 * Raffle management. Every read and write starts from a raffle in the caller's scope (operations: all;
 * organizer: raffles of its organizations, which are the organizations of the activities they belong to)
 * and answers 302 otherwise, so another organization's raffles neither show nor change.
 */
import type { AppContext, AdminAccess } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { fileNameOf, xlsxOf } from '../../lib/xlsx'
import { readPage, toPage, pageArgs } from '../../lib/paging'
import { raffleFields } from './raffle.fields'
import { RaffleRepository, type OrgScope, type WinnerFilter } from './raffle.repository'
import type { Lang } from '@contracts/error-codes'
import type { Page } from '@contracts/api'
import { timeZoneMinutes } from '@contracts/admin-activity'
import {
  RAFFLE_ELIGIBILITY,
  RAFFLE_LIMITS as L,
  type AdminRaffle,
  type AdminRaffleBody,
  type AdminRaffleCandidate,
  type AdminRaffleGift,
  type AdminRaffleGiftBody,
  type AdminRaffleGrantBody,
  type AdminRaffleTimes,
  type AdminRaffleWinner,
  type AdminWinnerQuery,
  type RaffleActivityOption,
} from '@contracts/raffle'

type RaffleRow = NonNullable<Awaited<ReturnType<RaffleRepository['raffle']>>>
type WinnerRow = NonNullable<Awaited<ReturnType<RaffleRepository['winner']>>>

const scopeOf = (access: AdminAccess): OrgScope => (access.dataScope === 'all' ? null : access.organizationIds)
const EXPORT_LIMIT = 50000
const chars = (s: string) => [...s].length

const EXPORT_HEAD: Record<Lang, { n: string; gift: string; person: string; email: string; wonAt: string; claimed: string; claimedBy: string; claimedAt: string; yes: string; no: string; sheet: string; file: string }> = {
  zh: { n: '序号', gift: '奖品', person: '昵称', email: '邮箱', wonAt: '中奖时间', claimed: '领取状态', claimedBy: '核销人', claimedAt: '领取时间', yes: '已领取', no: '未领取', sheet: '中奖名单', file: '中奖名单' },
  en: { n: '#', gift: 'Gift', person: 'Nick name', email: 'E-mail', wonAt: 'Won at', claimed: 'Claim status', claimedBy: 'Claimed with', claimedAt: 'Claimed at', yes: 'Claimed', no: 'Unclaimed', sheet: 'Winners', file: 'winners' },
}

/** an instant shown in the raffle's zone: 2026-11-24 18:00 */
function localTime(iso: string, zone: string): string {
  const offset = timeZoneMinutes(zone) ?? 0
  return new Date(new Date(iso).getTime() + offset * 60000).toISOString().slice(0, 16).replace('T', ' ')
}

export class RaffleAdminService {
  private readonly repo: RaffleRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new RaffleRepository(ctx.db)
  }

  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  private async raffleOr302(id: number, access: AdminAccess, field = 'id'): Promise<RaffleRow> {
    const r = await this.repo.raffle(id, scopeOf(access))
    if (!r) throw new AppError(302, { field })
    return r
  }

  private toRaffle(r: RaffleRow): AdminRaffle {
    return {
      ...raffleFields(r),
      organizationId: r.organization_id,
      noPrizeWeight: r.no_prize_weight,
      closedAt: r.closed_at,
      giftCount: Number(r.gift_count ?? 0),
      drawCount: Number(r.draw_count ?? 0),
      winnerCount: Number(r.winner_count ?? 0),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }
  }

  async activities(q: { keyword?: string; page?: number; pageSize?: number }, access: AdminAccess): Promise<Page<RaffleActivityOption>> {
    return readPage(
      q,
      (offset, limit) => this.repo.activities(scopeOf(access), q.keyword?.trim() || undefined, offset, limit),
      (rows) => rows.map((a) => ({ id: a.id, titleZh: a.title_zh, titleEn: a.title_en, startTime: a.start_time, timeZone: a.time_zone })),
    )
  }

  async list(q: { keyword?: string; activityId?: number; page?: number; pageSize?: number }, access: AdminAccess): Promise<Page<AdminRaffle>> {
    const { page, pageSize, offset } = pageArgs(q)
    const orgs = scopeOf(access)
    const keyword = q.keyword?.trim() || undefined
    const [total, rows] = await Promise.all([this.repo.countRaffles(orgs, keyword, q.activityId), this.repo.pageRaffles(orgs, keyword, q.activityId, offset, pageSize)])
    return toPage(rows.map((r) => this.toRaffle(r)), total, page, pageSize)
  }

  async detail(id: number, access: AdminAccess): Promise<AdminRaffle> {
    return this.toRaffle(await this.raffleOr302(id, access))
  }

  /** the checked fields of a raffle and the organization it belongs to (its activity's, or the organizer's own) */
  private async clean(b: AdminRaffleBody, access: AdminAccess, current?: RaffleRow) {
    const nameZh = String(b.nameZh ?? '').trim()
    const nameEn = String(b.nameEn ?? '').trim()
    if (!nameZh && !nameEn) throw paramError('nameZh')
    if (chars(nameZh) > L.nameMax) throw paramError('nameZh')
    if (chars(nameEn) > L.nameMax) throw paramError('nameEn')
    const start = Date.parse(b.startTime)
    const end = Date.parse(b.endTime)
    if (!Number.isFinite(start)) throw paramError('startTime')
    if (!Number.isFinite(end) || end <= start) throw paramError('endTime')
    if (timeZoneMinutes(b.timeZone) === null) throw paramError('timeZone')
    if (!RAFFLE_ELIGIBILITY.includes(b.eligibility)) throw paramError('eligibility')
    let organizationId: number | null
    if (b.activityId != null) {
      const a = await this.repo.activity(b.activityId, scopeOf(access))
      if (!a) throw new AppError(302, { field: 'activityId' })
      organizationId = a.organization_id
    } else {
      // who may draw is decided by enrolment, so a raffle of no activity is open to any logged-in person
      if (b.eligibility !== 'any') throw paramError('eligibility')
      // an edit keeps the organization the raffle already belongs to (operations editing an organizer's raffle)
      organizationId = current?.organization_id ?? (access.dataScope === 'all' ? null : (access.organizationIds[0] ?? null))
      if (access.dataScope !== 'all' && organizationId == null) throw new AppError(302, { field: 'activityId' })
    }
    return {
      name_zh: nameZh,
      name_en: nameEn,
      images: JSON.stringify(b.images ?? []),
      activity_id: b.activityId ?? null,
      organization_id: organizationId,
      start_time: new Date(start).toISOString(),
      end_time: new Date(end).toISOString(),
      time_zone: b.timeZone,
      eligibility: b.eligibility,
      default_times: b.defaultTimes,
      no_prize_weight: b.noPrizeWeight,
    }
  }

  async add(b: AdminRaffleBody, access: AdminAccess, userId: number): Promise<AdminRaffle> {
    const now = this.nowIso()
    const id = await this.repo.insertRaffle({ ...(await this.clean(b, access)), status: 'open', closed_at: null, created_by: userId, created_at: now, updated_at: now })
    return this.detail(id, access)
  }

  async update(id: number, b: AdminRaffleBody, access: AdminAccess): Promise<AdminRaffle> {
    const current = await this.raffleOr302(id, access)
    await this.repo.updateRaffle(id, { ...(await this.clean(b, access, current)), updated_at: this.nowIso() })
    return this.detail(id, access)
  }

  /** close early: no draw after this (a closed raffle stays closed) */
  async close(id: number, access: AdminAccess): Promise<AdminRaffle> {
    const r = await this.raffleOr302(id, access)
    if (r.status !== 'closed') {
      const now = this.nowIso()
      await this.repo.updateRaffle(id, { status: 'closed', closed_at: now, updated_at: now })
    }
    return this.detail(id, access)
  }

  // ---- gifts

  private toGift(g: Awaited<ReturnType<RaffleRepository['gifts']>>[number]): AdminRaffleGift {
    return { id: g.id, raffleId: g.raffle_id, nameZh: g.name_zh, nameEn: g.name_en, imageUrl: g.image_url, stock: g.stock, wonCount: g.won_count, sequence: g.sequence, weight: g.weight }
  }

  async gifts(raffleId: number, access: AdminAccess): Promise<AdminRaffleGift[]> {
    await this.raffleOr302(raffleId, access, 'raffleId')
    return (await this.repo.gifts(raffleId)).map((g) => this.toGift(g))
  }

  private cleanGift(b: AdminRaffleGiftBody) {
    const nameZh = String(b.nameZh ?? '').trim()
    const nameEn = String(b.nameEn ?? '').trim()
    if (!nameZh && !nameEn) throw paramError('nameZh')
    if (chars(nameZh) > L.nameMax) throw paramError('nameZh')
    if (chars(nameEn) > L.nameMax) throw paramError('nameEn')
    return { name_zh: nameZh, name_en: nameEn, image_url: b.imageUrl || null, stock: b.stock, sequence: b.sequence, weight: b.weight }
  }

  async giftAdd(b: AdminRaffleGiftBody, access: AdminAccess): Promise<AdminRaffleGift> {
    await this.raffleOr302(b.raffleId, access, 'raffleId')
    const fields = this.cleanGift(b)
    if ((await this.repo.gifts(b.raffleId)).length >= L.giftsMax) throw paramError('raffleId')
    const id = await this.repo.insertGift({ raffle_id: b.raffleId, ...fields, nowIso: this.nowIso() })
    return this.toGift((await this.repo.gift(id))!)
  }

  private async giftOr302(id: number, access: AdminAccess) {
    const g = await this.repo.gift(id)
    if (!g) throw new AppError(302, { field: 'id' })
    await this.raffleOr302(g.raffle_id, access)
    return g
  }

  async giftUpdate(id: number, b: AdminRaffleGiftBody, access: AdminAccess): Promise<AdminRaffleGift> {
    const g = await this.giftOr302(id, access)
    if (b.raffleId !== g.raffle_id) throw paramError('raffleId')
    const fields = this.cleanGift(b)
    if (!(await this.repo.updateGift(id, { ...fields, updated_at: this.nowIso() }))) throw new AppError(645, { field: 'stock', result: { field: 'stock', wonCount: (await this.repo.gift(id))?.won_count ?? g.won_count } })
    return this.toGift((await this.repo.gift(id))!)
  }

  async giftDelete(id: number, access: AdminAccess): Promise<void> {
    await this.giftOr302(id, access)
    if (!(await this.repo.deleteGift(id))) throw new AppError(425, { result: { reason: 'won' } })
  }

  // ---- draw times

  async times(q: { raffleId: number; keyword?: string; page?: number; pageSize?: number }, access: AdminAccess): Promise<Page<AdminRaffleTimes>> {
    const r = await this.raffleOr302(q.raffleId, access, 'raffleId')
    return readPage(
      q,
      (offset, limit) => this.repo.pageTimes(r.id, q.keyword?.trim() || undefined, offset, limit),
      (rows) =>
        rows.map((t) => ({
          userId: t.user_id,
          nickName: t.nick_name,
          email: t.email,
          defaultTimes: r.default_times,
          extraTimes: t.extra_times,
          usedTimes: t.used_times,
          remaining: Math.max(0, r.default_times + t.extra_times - t.used_times),
          lastReason: t.last_reason ?? '',
          updatedAt: t.updated_at,
        })),
    )
  }

  async candidates(q: { raffleId: number; keyword?: string }, access: AdminAccess): Promise<AdminRaffleCandidate[]> {
    const r = await this.raffleOr302(q.raffleId, access, 'raffleId')
    const { enrolled, byEmail } = await this.repo.candidates(r.activity_id, q.keyword?.trim() || undefined)
    const out = new Map<number, AdminRaffleCandidate>()
    for (const u of enrolled) out.set(u.id, { userId: u.id, nickName: u.nick_name, email: u.email, enrolled: true })
    for (const u of byEmail) if (!out.has(u.id)) out.set(u.id, { userId: u.id, nickName: u.nick_name, email: u.email, enrolled: false })
    return [...out.values()]
  }

  async grant(b: AdminRaffleGrantBody, access: AdminAccess, grantedBy: number): Promise<AdminRaffleTimes> {
    const r = await this.raffleOr302(b.raffleId, access, 'raffleId')
    const reason = String(b.reason ?? '').trim()
    if (!reason || chars(reason) > L.reasonMax) throw paramError('reason')
    const u = await this.repo.user(b.userId)
    if (!u) throw new AppError(302, { field: 'userId' })
    await this.repo.grant({ raffleId: r.id, userId: u.id, times: b.times, reason, grantedBy, nowIso: this.nowIso() })
    const page = await this.times({ raffleId: r.id, keyword: u.email, page: 1, pageSize: 100 }, access)
    return page.list.find((t) => t.userId === u.id)!
  }

  // ---- winners

  private toWinner(w: WinnerRow): AdminRaffleWinner {
    return {
      id: w.id,
      userId: w.user_id,
      nickName: w.nick_name,
      email: w.email,
      giftId: w.gift_id!,
      giftNameZh: w.name_zh,
      giftNameEn: w.name_en,
      wonAt: w.created_at,
      claimedAt: w.claimed_at,
      claimedById: w.claimed_by,
      claimedByName: w.claimed_by_name ?? '',
    }
  }

  private filterOf(q: AdminWinnerQuery): WinnerFilter {
    return { raffleId: q.raffleId, keyword: q.keyword?.trim() || undefined, giftId: q.giftId || undefined, claimed: q.claimed || undefined }
  }

  async winners(q: AdminWinnerQuery, access: AdminAccess): Promise<Page<AdminRaffleWinner>> {
    await this.raffleOr302(q.raffleId, access, 'raffleId')
    return readPage(q, (offset, limit) => this.repo.pageWinners(this.filterOf(q), offset, limit), (rows) => rows.map((w) => this.toWinner(w)))
  }

  /** unclaimed → claimed (who and when) or back to unclaimed */
  async claim(id: number, claimed: boolean, access: AdminAccess, userId: number): Promise<AdminRaffleWinner> {
    const d = await this.repo.drawRaffleId(id)
    if (!d || d.gift_id == null) throw new AppError(302, { field: 'id' })
    await this.raffleOr302(d.raffle_id, access)
    await this.repo.setClaimed(id, claimed ? this.nowIso() : null, claimed ? userId : null)
    return this.toWinner((await this.repo.winner(d.raffle_id, id))!)
  }

  async exportXlsx(q: AdminWinnerQuery, access: AdminAccess, lang: Lang): Promise<{ filename: string; asciiName: string; body: Buffer }> {
    const r = await this.raffleOr302(q.raffleId, access, 'raffleId')
    const { rows } = await this.repo.pageWinners(this.filterOf(q), 0, EXPORT_LIMIT)
    const head = EXPORT_HEAD[lang]
    const pick = (zh: string, en: string) => (lang === 'zh' ? zh || en : en || zh)
    const columns = [
      { header: head.n, key: 'n', width: 6 },
      { header: head.gift, key: 'gift', width: 24 },
      { header: head.person, key: 'person', width: 22 },
      { header: head.email, key: 'email', width: 28 },
      { header: head.wonAt, key: 'wonAt', width: 26 },
      { header: head.claimed, key: 'claimed', width: 12 },
      { header: head.claimedBy, key: 'claimedBy', width: 18 },
      { header: head.claimedAt, key: 'claimedAt', width: 26 },
    ]
    const records = [...rows].reverse().map((w, i) => ({
      n: i + 1,
      gift: pick(w.name_zh, w.name_en),
      person: w.nick_name,
      email: w.email,
      wonAt: `${localTime(w.created_at, r.time_zone)} (${r.time_zone})`,
      claimed: w.claimed_at ? head.yes : head.no,
      claimedBy: w.claimed_by_name ?? '',
      claimedAt: w.claimed_at ? `${localTime(w.claimed_at, r.time_zone)} (${r.time_zone})` : '',
    }))
    const body = await xlsxOf(this.ctx.clock.now(), head.sheet, columns, records)
    const title = pick(r.name_zh, r.name_en) || `raffle-${r.id}`
    const safe = fileNameOf(title)
    return { filename: `${safe}-${head.file}.xlsx`, asciiName: `raffle-winners-${r.id}.xlsx`, body }
  }
}
