/**
 * The consumer side of raffles: the raffle page (gifts, the caller's remaining draws), the draw, and
 * "my prizes". Every rule is checked here and again by the conditional updates of the draw transaction
 * (times, stock), so nothing the client sends can win more than the rules allow.
 */
import type { AppContext } from '../../context'
import type { NotificationService } from '../notification/notification.service'
import { AppError } from '../../lib/app-error'
import { readPage, type PageQuery } from '../../lib/paging'
import { DrawRefused, RaffleRepository, isUniqueViolation } from './raffle.repository'
import { raffleBrief, raffleFields } from './raffle.fields'
import type { Page } from '@contracts/api'
import type { MyPrize, RaffleBrief, RaffleDrawResult, RaffleView } from '@contracts/raffle'

type RaffleRow = NonNullable<Awaited<ReturnType<RaffleRepository['raffle']>>>

export class RaffleService {
  private readonly repo: RaffleRepository

  constructor(
    private readonly ctx: AppContext,
    /** a prize won is told in the winner's inbox and by e-mail */
    private readonly notifications: Pick<NotificationService, 'emit'>,
  ) {
    this.repo = new RaffleRepository(ctx.db)
  }

  private now() {
    return this.ctx.clock.now()
  }

  private async raffleOr302(id: number): Promise<RaffleRow> {
    const r = await this.repo.raffle(id)
    if (!r) throw new AppError(302, { field: 'raffleId' })
    return r
  }

  /** the window and the status, in the order a person should hear about them */
  private assertOpen(r: RaffleRow) {
    if (r.status === 'closed') throw new AppError(642)
    const now = this.now().toISOString()
    if (now < r.start_time) throw new AppError(640, { result: { startTime: r.start_time, timeZone: r.time_zone } })
    if (now >= r.end_time) throw new AppError(641, { result: { endTime: r.end_time, timeZone: r.time_zone } })
  }

  private async eligible(r: RaffleRow, userId: number): Promise<boolean> {
    if (r.eligibility === 'any' || r.activity_id == null) return true
    const e = await this.repo.enrollmentStatus(r.activity_id, userId)
    if (!e) return false
    return r.eligibility === 'approved' ? e.status === 'approved' : e.status !== 'rejected'
  }

  async info(id: number, userId: number | null): Promise<RaffleView> {
    const r = await this.raffleOr302(id)
    const gifts = await this.repo.gifts(id)
    let me: RaffleView['me'] = null
    if (userId != null) {
      const [t, eligible, prizes] = await Promise.all([this.repo.timesRow(id, userId), this.eligible(r, userId), this.repo.prizeCount(id, userId)])
      const used = t?.used_times ?? 0
      me = { used, remaining: Math.max(0, r.default_times + (t?.extra_times ?? 0) - used), eligible, prizes }
    }
    return {
      ...raffleFields(r),
      gifts: gifts.map((g) => ({ id: g.id, nameZh: g.name_zh, nameEn: g.name_en, imageUrl: g.image_url, sequence: g.sequence, remaining: Math.max(0, g.stock - g.won_count) })),
      me,
    }
  }

  async ofActivity(activityId: number): Promise<RaffleBrief[]> {
    return (await this.repo.rafflesOfActivity(activityId)).map(raffleBrief)
  }

  private async result(raffleId: number, userId: number, drawId: number, giftId: number | null, repeated: boolean): Promise<RaffleDrawResult> {
    const r = await this.raffleOr302(raffleId)
    const [g, t] = await Promise.all([giftId != null ? this.repo.gift(giftId) : Promise.resolve(undefined), this.repo.timesRow(raffleId, userId)])
    return {
      drawId,
      gift: g ? { id: g.id, nameZh: g.name_zh, nameEn: g.name_en, imageUrl: g.image_url } : null,
      remaining: Math.max(0, r.default_times + (t?.extra_times ?? 0) - (t?.used_times ?? 0)),
      repeated,
    }
  }

  async draw(raffleId: number, clientKey: string, userId: number): Promise<RaffleDrawResult> {
    const r = await this.raffleOr302(raffleId)
    // a retry of a stored draw answers the stored result, whatever happened since (closed, window over)
    const earlier = await this.repo.drawByKey(raffleId, userId, clientKey)
    if (earlier) return this.result(raffleId, userId, earlier.id, earlier.gift_id, true)
    this.assertOpen(r)
    if (!(await this.eligible(r, userId))) throw new AppError(643)
    try {
      const d = await this.repo.draw({ raffleId, userId, clientKey, defaultTimes: r.default_times, noPrizeWeight: r.no_prize_weight, nowIso: this.now().toISOString() })
      const result = await this.result(raffleId, userId, d.drawId, d.giftId, false)
      // a raffle belongs to an activity (the message names it and opens its page)
      if (result.gift && r.activity_id !== null) {
        const event = { type: 'prize' as const, activityId: r.activity_id, userId, drawId: d.drawId, giftZh: result.gift.nameZh, giftEn: result.gift.nameEn }
        await this.notifications.emit(event, `prize:${d.drawId}`)
      }
      return result
    } catch (err) {
      if (err instanceof DrawRefused) throw new AppError(644)
      if (isUniqueViolation(err)) {
        // the same key drawn by a concurrent request: that one's result is the answer
        const same = await this.repo.drawByKey(raffleId, userId, clientKey)
        if (same) return this.result(raffleId, userId, same.id, same.gift_id, true)
      }
      throw err
    }
  }

  async myPrizes(userId: number, q: PageQuery): Promise<Page<MyPrize>> {
    return readPage(
      q,
      (offset, limit) => this.repo.myPrizes(userId, offset, limit),
      (rows) =>
        rows.map((p) => ({
          drawId: p.id,
          raffleId: p.raffle_id,
          raffleNameZh: p.raffle_name_zh,
          raffleNameEn: p.raffle_name_en,
          giftId: p.gift_id!,
          giftNameZh: p.name_zh,
          giftNameEn: p.name_en,
          giftImageUrl: p.image_url,
          wonAt: p.created_at,
          claimedAt: p.claimed_at,
        })),
    )
  }
}
