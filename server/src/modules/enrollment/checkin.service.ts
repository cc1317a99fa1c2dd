/**
 * Check-in at the door (contracts/ticket.ts). Every read starts from the activity in the
 * caller's scope (operations: all; organizers: their organizations) and answers 302 otherwise. A scan
 * is one transaction (ticket.repository.ts scan): the log row, unique per device and nonce, then the
 * check-in as a conditional update — so two scanners at once get one `checked_in` and one `already`,
 * and a batch uploaded twice counts once.
 */
import type { AppContext, AdminAccess } from '../../context'
import { AppError } from '../../lib/app-error'
import { normalizeTicketCode } from '../../lib/ticket-code'
import { pageArgs, toPage } from '../../lib/paging'
import { personName, type TicketService } from './ticket.service'
import type { TicketRepository } from './ticket.repository'
import type { Page } from '@contracts/api'
import type {
  CheckinActivity,
  CheckinBatchBody,
  CheckinBatchResult,
  CheckinCounter,
  CheckinLogItem,
  CheckinLogQuery,
  CheckinPerson,
  CheckinResultKind,
  CheckinScanBody,
  CheckinScanResult,
} from '@contracts/ticket'

const FUTURE_SLACK_MS = 5 * 60_000
const scopeOf = (access: AdminAccess) => (access.dataScope === 'all' ? null : access.organizationIds)

type ScanOutcome = Omit<CheckinScanResult, 'counter'>
type TicketRow = NonNullable<Awaited<ReturnType<TicketRepository['byCode']>>>

/** how long a scan's answer may reuse this instance's counter (other scanners' check-ins show within it) */
const COUNTER_MEMO_MS = 1000

export class CheckinService {
  private readonly repo: TicketRepository
  /**
   * The counter a scan answers with: counted at most once a second per activity and instance, plus this
   * instance's own check-ins since (so a scanner sees its own scan counted at once). The counter route
   * always counts.
   */
  private readonly counters = new Map<number, { at: number; checkedIn: number; expected: number }>()
  private readonly staffNames = new Map<number, string>()
  constructor(
    private readonly ctx: AppContext,
    private readonly tickets: TicketService,
  ) {
    this.repo = tickets.repo
  }

  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  async activities(q: { keyword?: string; page?: number; pageSize?: number }, access: AdminAccess): Promise<Page<CheckinActivity>> {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.checkinActivities(scopeOf(access), q.keyword?.trim() || undefined, offset, pageSize, this.nowIso())
    const list: CheckinActivity[] = []
    for (const r of rows) {
      const c = await this.repo.counter(r.id)
      list.push({ id: r.id, titleZh: r.title_zh, titleEn: r.title_en, startTime: r.start_time, endTime: r.end_time, timeZone: r.time_zone, ...c })
    }
    return toPage(list, total, page, pageSize)
  }

  /**
   * The activity is in the caller's scope, else 302. The hot path of a scan: a ticket of this very
   * activity already names its organization, so the activity need not be read again.
   */
  private async scopeOr302(activityId: number, access: AdminAccess, code: string, read?: TicketRow | null): Promise<TicketRow | undefined> {
    const c = normalizeTicketCode(code)
    const t = read !== undefined ? (read ?? undefined) : c ? await this.repo.byCode(c) : undefined
    const orgs = scopeOf(access)
    if (t && t.activity_id === activityId && (!orgs || orgs.includes(t.organization_id))) return t
    await this.tickets.adminActivityOr302(activityId, access)
    return t
  }

  async counter(activityId: number, access: AdminAccess): Promise<CheckinCounter> {
    await this.tickets.adminActivityOr302(activityId, access)
    return { activityId, ...(await this.repo.counter(activityId)) }
  }

  private async scanCounter(activityId: number, newlyCheckedIn: number): Promise<CheckinCounter> {
    const now = Date.now()
    let c = this.counters.get(activityId)
    if (c && now - c.at < COUNTER_MEMO_MS) c.checkedIn += newlyCheckedIn
    else {
      c = { at: now, ...(await this.repo.counter(activityId)) }
      this.counters.set(activityId, c)
      if (this.counters.size > 1000) this.counters.delete(this.counters.keys().next().value!)
    }
    return { activityId, checkedIn: c.checkedIn, expected: c.expected }
  }

  private async staffName(userId: number): Promise<string> {
    let name = this.staffNames.get(userId)
    if (name === undefined) {
      name = (await this.repo.nickName(userId)) ?? ''
      if (this.staffNames.size > 1000) this.staffNames.clear()
      this.staffNames.set(userId, name)
    }
    return name
  }

  private scannedAt(raw: string | undefined, field: string): string {
    const now = this.ctx.clock.now().getTime()
    if (!raw) return new Date(now).toISOString()
    const t = Date.parse(raw)
    if (!Number.isFinite(t) || t > now + FUTURE_SLACK_MS) throw new AppError(301, { field })
    return new Date(Math.min(t, now)).toISOString()
  }

  /** `read`: the ticket row already read for this code (null: none; undefined: not read yet) */
  private async scanOne(activityId: number, access: AdminAccess, staffUserId: number, deviceId: string, s: { code: string; nonce: string; scannedAt: string }, offline: boolean, read?: TicketRow | null): Promise<ScanOutcome> {
    const code = normalizeTicketCode(s.code)
    const t = read !== undefined ? (read ?? undefined) : code ? await this.repo.byCode(code) : undefined
    let kind: CheckinResultKind = 'unknown'
    let ticketActivity: ScanOutcome['ticketActivity'] = null
    if (t) {
      if (t.activity_id !== activityId) {
        kind = 'wrong_activity'
        const orgs = scopeOf(access)
        if (!orgs || orgs.includes(t.organization_id)) ticketActivity = { id: t.activity_id, titleZh: t.title_zh, titleEn: t.title_en }
      } else kind = t.status === 'approved' ? 'checked_in' : t.status === 'pending' ? 'not_confirmed' : 'cancelled_or_rejected'
    }
    const r = await this.repo.scan({
      activityId,
      enrollmentId: t && t.activity_id === activityId ? t.id : null,
      approved: !!t && t.activity_id === activityId && t.status === 'approved',
      kind,
      code: String(s.code ?? ''),
      nonce: s.nonce,
      deviceId,
      staffUserId,
      scannedAt: s.scannedAt,
      nowIso: this.nowIso(),
      offline,
    })
    return this.answer(activityId, t, r, ticketActivity, staffUserId, s.scannedAt)
  }

  /** what the scanner is told: the person (as checked in now, or as the database has them) and, for `already`, when and by whom */
  private async answer(activityId: number, t: TicketRow | undefined, r: { kind: CheckinResultKind; replayed: boolean; conflict: boolean }, ticketActivity: ScanOutcome['ticketActivity'], staffUserId: number, scannedAt: string): Promise<ScanOutcome> {
    const inActivity = !!t && t.activity_id === activityId
    let person: CheckinPerson | null = null
    let at: string | null = null
    let by: string | null = null
    if (inActivity && r.kind === 'checked_in' && !r.replayed) {
      // the row read before the scan, with the check-in this scan made
      person = { enrollmentId: t!.id, name: personName(t!), email: t!.email ?? t!.guest_email ?? '', phone: t!.phone ?? null, status: t!.status, checkedInAt: scannedAt, checkedInBy: await this.staffName(staffUserId) }
    } else if (inActivity) {
      const e = (await this.repo.enrollment(t!.id))!
      person = { enrollmentId: e.id, name: personName(e), email: e.email ?? e.guest_email ?? '', phone: e.phone ?? null, status: e.status, checkedInAt: e.checked_in_at, checkedInBy: e.checked_in_at ? (e.staff_name ?? '') : null }
      if (r.kind === 'already') {
        at = e.checked_in_at
        by = e.staff_name ?? ''
      }
    }
    return { kind: r.kind, person, at, by, ticketActivity, conflict: r.conflict, replayed: r.replayed }
  }

  async scan(body: CheckinScanBody, access: AdminAccess, staffUserId: number): Promise<CheckinScanResult> {
    let read: TicketRow | null | undefined
    const code = normalizeTicketCode(body.code)
    // the common case, an online scan of a good ticket, in one round trip where the database allows it
    if (!body.scannedAt && code && this.repo.scansInOneStatement) {
      const scannedAt = this.nowIso()
      const one = await this.repo.scanByCode({ code, rawCode: String(body.code), activityId: body.activityId, orgs: scopeOf(access), nonce: body.nonce, deviceId: body.deviceId, staffUserId, scannedAt, nowIso: scannedAt })
      if (one.result) return this.withCounter(body.activityId, await this.answer(body.activityId, one.ticket, one.result, null, staffUserId, scannedAt))
      read = one.ticket ?? null
    }
    const ticket = await this.scopeOr302(body.activityId, access, body.code, read)
    const scannedAt = this.scannedAt(body.scannedAt, 'scannedAt')
    return this.withCounter(body.activityId, await this.scanOne(body.activityId, access, staffUserId, body.deviceId, { code: body.code, nonce: body.nonce, scannedAt }, false, ticket ?? null))
  }

  private async withCounter(activityId: number, out: ScanOutcome): Promise<CheckinScanResult> {
    return { ...out, counter: await this.scanCounter(activityId, out.kind === 'checked_in' && !out.replayed ? 1 : 0) }
  }

  /** offline scans, in the order the device made them */
  async batch(body: CheckinBatchBody, access: AdminAccess, staffUserId: number): Promise<CheckinBatchResult> {
    await this.tickets.adminActivityOr302(body.activityId, access)
    const scans = body.scans.map((s, i) => ({ ...s, scannedAt: this.scannedAt(s.scannedAt, `scans.${i}.scannedAt`) }))
    const results: CheckinBatchResult['results'] = []
    for (const s of scans) results.push({ nonce: s.nonce, ...(await this.scanOne(body.activityId, access, staffUserId, body.deviceId, s, true)) })
    this.counters.delete(body.activityId)
    return { results, counter: await this.scanCounter(body.activityId, 0) }
  }

  async undo(enrollmentId: number, reason: string | undefined, access: AdminAccess, staffUserId: number): Promise<CheckinPerson> {
    const e = await this.repo.enrollment(enrollmentId)
    const orgs = scopeOf(access)
    if (!e || (orgs && !orgs.includes(e.organization_id))) throw new AppError(302, { field: 'enrollmentId' })
    const note = String(reason ?? '').trim() || null
    if (!(await this.repo.undo(e.id, e.activity_id, staffUserId, note, this.nowIso()))) throw new AppError(666)
    this.counters.delete(e.activity_id)
    const after = (await this.repo.enrollment(e.id))!
    return { enrollmentId: after.id, name: personName(after), email: after.email ?? after.guest_email ?? '', phone: after.phone ?? null, status: after.status, checkedInAt: null, checkedInBy: null }
  }

  async search(activityId: number, keyword: string, access: AdminAccess): Promise<CheckinPerson[]> {
    await this.tickets.adminActivityOr302(activityId, access)
    const k = String(keyword ?? '').trim()
    if (!k) throw new AppError(301, { field: 'keyword' })
    const rows = await this.repo.search(activityId, k)
    // a confirmed person's ticket code, so the door can check in someone who has no ticket with them
    return rows.map((r) => ({ enrollmentId: r.id, name: personName(r), email: r.email ?? r.guest_email ?? '', phone: r.phone ?? null, status: r.status, checkedInAt: r.checked_in_at, checkedInBy: r.checked_in_at ? (r.staff_name ?? '') : null, code: r.status === 'approved' ? r.ticket_code : null }))
  }

  async log(q: CheckinLogQuery, access: AdminAccess): Promise<Page<CheckinLogItem>> {
    await this.tickets.adminActivityOr302(q.activityId, access)
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.log(q.activityId, !!q.conflict, offset, pageSize)
    const list: CheckinLogItem[] = rows.map((r) => ({
      id: r.id,
      action: r.action,
      kind: r.kind as CheckinResultKind,
      enrollmentId: r.enrollment_id,
      personName: r.enrollment_id ? personName({ user_id: null, guest_email: r.guest_email, form_answers: r.form_answers ?? '{}', nick_name: r.nick_name, real_name: r.real_name }) : null,
      code: r.code,
      deviceId: r.device_id,
      staffName: r.staff_name ?? '',
      scannedAt: r.scanned_at,
      receivedAt: r.received_at,
      conflict: r.conflict === 1,
      reason: r.reason,
    }))
    return toPage(list, total, page, pageSize)
  }
}
