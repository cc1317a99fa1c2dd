/**
 * The audit log. Every admin write's pending row commits with its action's first write (carried there:
 * db/first-write.ts, plugins/audit.ts), every personal-data export's is written before its handler runs;
 * a row that cannot be written refuses the action; each is completed with the outcome once answered.
 * Sign-ins are recorded by the login route. Reads: operations every row, an organizer its organisations' rows.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { AppContext, AdminAccess } from '../../context'
import { paramError } from '../../lib/app-error'
import { JOB_TYPES } from '../../jobs/job-queue'
import { xlsxOf } from '../../lib/xlsx'
import { toPage, pageArgs } from '../../lib/paging'
import { AuditRepository, type AuditFilter, type CarriedRow, type NewAuditRow } from './audit.repository'
import { outsideFirstWrite, type FirstWrite } from '../../db/first-write'
import { maskEmail, maskedJson } from './audit.mask'
import { AUDIT_EXPORT_MAX, type AuditAction, type AuditEntry, type AuditPage, type AuditQuery } from '@contracts/audit'
import type { Lang } from '@contracts/error-codes'

export interface AuditWrite {
  action: AuditAction
  route: string
  actorId: number | null
  access?: AdminAccess
  targetType?: string | null
  targetId?: string | null
  /** the request's fields (masked here) */
  after?: unknown
  before?: unknown
  ip?: string | null
  userAgent?: string | null
}

const CACHE_MS = 60_000
const PURGE_BATCH = 5000
/** staged rows move into audit_log this long after the first one since the last move */
const FLUSH_DELAY_MS = 1000
/** rows per move (one transaction each) */
const FLUSH_BATCH = 1000

export class AuditService {
  private readonly repo: AuditRepository
  private roleCache: { at: number; codes: Map<number, string> } | null = null
  private readonly names = new Map<number, { at: number; name: string | null }>()
  private flushTimer: NodeJS.Timeout | null = null
  private flushing: Promise<number> | null = null
  /** outcomes of staged rows not yet written (the next move writes them) */
  private outcomes: { id: number; outcome: 'ok' | 'failed'; resultCode: number | null; note?: { before?: unknown; after?: unknown }; fields?: unknown }[] = []
  private closed = false

  constructor(
    private readonly ctx: AppContext,
    private readonly log?: Pick<FastifyBaseLogger, 'error'>,
  ) {
    this.repo = new AuditRepository(ctx.db)
  }

  get enabled() {
    return this.ctx.config.audit.enabled
  }

  /** the role codes, from the cache (undefined: the cache must be read again) */
  private cachedRoles(access: AdminAccess | undefined, now: number): string | null | undefined {
    if (!access?.roleIds.length) return null
    const cache = this.roleCache
    if (!cache || now - cache.at > CACHE_MS) return undefined
    let out = ''
    for (const id of access.roleIds) {
      const code = cache.codes.get(id)
      if (code === undefined) return undefined
      out = out ? `${out},${code}` : code
    }
    return out
  }

  private async rolesOf(access: AdminAccess | undefined, now: number): Promise<string | null> {
    const hit = this.cachedRoles(access, now)
    if (hit !== undefined) return hit
    this.roleCache = { at: now, codes: new Map((await this.repo.roleCodes()).map((r) => [r.id, r.code])) }
    return access!.roleIds.map((id) => this.roleCache!.codes.get(id) ?? String(id)).join(',')
  }

  private async nameOf(userId: number | null, now: number): Promise<string | null> {
    if (userId == null) return null
    const hit = this.names.get(userId)
    if (hit && now - hit.at < CACHE_MS) return hit.name
    const name = (await this.repo.actorName(userId))?.email ?? null
    if (this.names.size > 1000) this.names.clear()
    this.names.set(userId, { at: now, name })
    return name
  }

  /** the row, at once when the actor's e-mail and role codes are in their 60-second caches (the usual case) */
  private row(w: AuditWrite, outcome: 'pending' | 'ok' | 'failed', resultCode: number | null): NewAuditRow | Promise<NewAuditRow> {
    const now = Date.now()
    const name = w.actorId == null ? null : this.names.get(w.actorId)
    const roles = this.cachedRoles(w.access, now)
    if (roles === undefined || (w.actorId != null && !(name && now - name.at < CACHE_MS))) {
      return Promise.all([this.nameOf(w.actorId, now), this.rolesOf(w.access, now)]).then(([n, r]) => this.rowOf(w, outcome, resultCode, n, r))
    }
    return this.rowOf(w, outcome, resultCode, name?.name ?? null, roles)
  }

  private rowOf(w: AuditWrite, outcome: 'pending' | 'ok' | 'failed', resultCode: number | null, actorName: string | null, actorRoles: string | null): NewAuditRow {
    return {
      created_at: this.ctx.clock.now().toISOString(),
      actor_id: w.actorId,
      actor_name: actorName,
      actor_roles: actorRoles,
      organization_id: w.access?.dataScope === 'org' ? (w.access.organizationIds[0] ?? null) : null,
      action: w.action,
      route: w.route.slice(0, 300),
      target_type: w.targetType?.slice(0, 100) ?? null,
      target_id: w.targetId?.slice(0, 200) ?? null,
      outcome,
      result_code: resultCode,
      before_json: maskedJson(w.before),
      after_json: maskedJson(w.after),
      ip: w.ip?.slice(0, 64) ?? null,
      user_agent: w.userAgent?.slice(0, 300) ?? null,
    }
  }

  /**
   * a pending row, written (staged in audit_pending; moved into audit_log within FLUSH_DELAY_MS, or at
   * the next read) before the action runs (an export: nothing is written after it); throws when it
   * cannot be written (the export is refused)
   */
  async begin(w: AuditWrite): Promise<number> {
    const id = await this.repo.stage(await this.row(w, 'pending', null))
    this.flushSoon()
    return id
  }

  /**
   * The pending row of an admin write, for the request to carry into its action's first write
   * (db/first-write.ts: the connection stages it in that write's transaction, so the row commits with
   * the action or not at all); at once when the caches hold the actor (the usual case). What the
   * request never writes, `complete` stages with its outcome.
   */
  carry(w: AuditWrite): CarriedRow | Promise<CarriedRow> {
    const row = this.row(w, 'pending', null)
    return row instanceof Promise ? row.then((r) => this.repo.carrier(r)) : this.repo.carrier(row)
  }

  /**
   * the outcome, with the before/after the route or service noted (masked; an absent side keeps the
   * row's; a write's `fields`, the request's, stand as `after` when nothing was noted): kept here and
   * written by the next move (within FLUSH_DELAY_MS, or before any read of the list, the export or the
   * retention), so the answer waits for no write of its own
   */
  async complete(id: number, ok: boolean, resultCode: number | null, note?: { before?: unknown; after?: unknown }, fields?: unknown, carried?: FirstWrite): Promise<void> {
    // a carried row its request never wrote (it changed nothing, or its transaction rolled back) is
    // staged now, before the answer leaves
    if (carried && carried.state !== 'done') await this.repo.stageCarried(carried)
    this.outcomes.push({ id, outcome: ok ? 'ok' : 'failed', resultCode, note, fields })
    if (this.outcomes.length >= FLUSH_BATCH) this.flushNow()
    else this.flushSoon()
  }

  /** a move of the staged rows in FLUSH_DELAY_MS, unless one is already due */
  flushSoon() {
    if (this.flushTimer || this.closed) return
    // the move is nobody's request: it carries no request's row (db/first-write.ts)
    this.flushTimer = outsideFirstWrite(() => setTimeout(() => this.flushNow(), FLUSH_DELAY_MS))
    this.flushTimer.unref()
  }

  private flushNow() {
    if (this.flushTimer) clearTimeout(this.flushTimer)
    this.flushTimer = null
    this.flush().catch((err) => this.log?.error({ err }, 'moving staged audit rows failed'))
  }

  /**
   * Writes the outcomes kept here and moves every staged row into audit_log (the list, the export and
   * the retention call it first, so they count and show every row); answers how many moved. One move
   * at a time per process; outcomes a failed move did not write are kept for the next.
   */
  async flush(): Promise<number> {
    while (this.flushing) await this.flushing.catch(() => 0)
    const taken = this.outcomes.splice(0)
    // masked here, off the request's path; the route's noted after replaces the request's fields
    const outcomes = taken.map((o) => ({
      id: o.id,
      outcome: o.outcome,
      resultCode: o.resultCode,
      before: maskedJson(o.note?.before),
      after: maskedJson(o.note?.after ?? o.fields),
    }))
    this.flushing = this.repo.flush(FLUSH_BATCH, outcomes)
    try {
      return await this.flushing
    } catch (err) {
      this.outcomes.unshift(...taken)
      throw err
    } finally {
      this.flushing = null
    }
  }

  /** at shutdown: no more timer; the outcomes kept and the staged rows are written now */
  async close(): Promise<void> {
    this.closed = true
    if (this.flushTimer) clearTimeout(this.flushTimer)
    this.flushTimer = null
    await this.flush()
  }

  /** a finished row in one write (sign-ins; writes refused before their handler ran) */
  async record(w: AuditWrite, ok: boolean, resultCode: number | null): Promise<void> {
    await this.repo.insert(await this.row(w, ok ? 'ok' : 'failed', resultCode))
  }

  /** an admin sign-in or failed sign-in: the e-mail tried is kept masked when no account answers to it */
  async signIn(email: string, userId: number | null, resultCode: number, ip: string, userAgent: string | undefined, route: string, access?: AdminAccess) {
    const ok = resultCode === 200
    await this.record(
      {
        action: ok ? 'sign_in' : 'sign_in_failed',
        route,
        actorId: userId,
        access,
        targetType: 'account',
        targetId: userId != null ? String(userId) : null,
        after: userId == null && email ? { email: maskEmail(email) } : undefined,
        ip,
        userAgent: userAgent ?? null,
      },
      ok,
      resultCode,
    )
  }

  async accountIdOf(email: string): Promise<number | null> {
    if (!email) return null
    return (await this.repo.actorIdByEmail(email))?.id ?? null
  }

  private async filterOf(q: AuditQuery, access: AdminAccess): Promise<AuditFilter> {
    const date = (v: string | undefined, field: string, endOfDay: boolean) => {
      if (!v) return undefined
      const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00.000Z` : v)
      if (Number.isNaN(d.getTime())) throw paramError(field)
      if (endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(v)) d.setUTCDate(d.getUTCDate() + 1)
      return d.toISOString()
    }
    const from = date(q.from, 'from', false)
    const to = date(q.to, 'to', true)
    if (from && to && from >= to) throw paramError('to')
    let actorId = q.actorId
    if (actorId == null && q.actor) actorId = (await this.accountIdOf(q.actor)) ?? -1
    return {
      actorId,
      action: q.action || undefined,
      targetType: q.targetType || undefined,
      targetId: q.targetId || undefined,
      organizationId: q.organizationId,
      scope: access.dataScope === 'all' ? undefined : access.organizationIds,
      from,
      to,
    }
  }

  async list(q: AuditQuery, access: AdminAccess, lang: Lang): Promise<AuditPage> {
    const { page, pageSize, offset } = pageArgs(q)
    await this.flush()
    const { rows, total, capped } = await this.repo.page(await this.filterOf(q, access), offset, pageSize)
    return { ...toPage(rows.map((r) => toEntry(r, lang)), total, page, pageSize), capped }
  }

  async exportXlsx(q: AuditQuery, access: AdminAccess, lang: Lang) {
    await this.flush()
    const { rows } = await this.repo.page(await this.filterOf(q, access), 0, AUDIT_EXPORT_MAX)
    const zh = lang === 'zh'
    const h = (a: string, b: string) => (zh ? a : b)
    const columns = [
      { header: h('时间', 'Time'), key: 'createdAt', width: 24 },
      { header: h('账号', 'Account'), key: 'actorName', width: 28 },
      { header: h('角色', 'Roles'), key: 'actorRoles', width: 16 },
      { header: h('机构', 'Organisation'), key: 'organizationName', width: 24 },
      { header: h('操作', 'Action'), key: 'action', width: 14 },
      { header: h('接口', 'Route'), key: 'route', width: 44 },
      { header: h('对象', 'Target'), key: 'targetType', width: 22 },
      { header: h('对象 ID', 'Target id'), key: 'targetId', width: 12 },
      { header: h('结果', 'Outcome'), key: 'outcome', width: 10 },
      { header: h('代码', 'Code'), key: 'resultCode', width: 8 },
      { header: h('变更前', 'Before'), key: 'before', width: 40 },
      { header: h('变更后', 'After'), key: 'after', width: 40 },
      { header: h('地址', 'Address'), key: 'ip', width: 16 },
      { header: h('客户端', 'User agent'), key: 'userAgent', width: 30 },
    ]
    const now = this.ctx.clock.now()
    const body = await xlsxOf(now, h('操作日志', 'Audit log'), columns, rows.map((r) => ({ ...toEntry(r, lang) })))
    const stamp = now.toISOString().slice(0, 10)
    return { filename: `${h('操作日志', 'audit-log')}-${stamp}.xlsx`, asciiName: `audit-log-${stamp}.xlsx`, body }
  }

  /** the retention job's next run: once a day (03:30 UTC), one job per day whichever instance asks */
  async schedulePurge(): Promise<void> {
    const next = new Date(this.ctx.clock.now())
    next.setUTCHours(3, 30, 0, 0)
    if (next <= this.ctx.clock.now()) next.setUTCDate(next.getUTCDate() + 1)
    const day = next.toISOString().slice(0, 10)
    await this.ctx.jobs.enqueue({ type: JOB_TYPES.auditPurge, payload: { day }, runAt: next.toISOString(), dedupeKey: `audit-purge:${day}` })
  }

  /** removes rows past the retention setting, in batches; answers how many went */
  async purge(): Promise<number> {
    const cutoff = new Date(this.ctx.clock.now().getTime() - this.ctx.config.audit.retentionDays * 86_400_000).toISOString()
    await this.flush()
    let removed = 0
    for (;;) {
      const n = await this.repo.purgeBefore(cutoff, PURGE_BATCH)
      removed += n
      if (n < PURGE_BATCH) return removed
    }
  }
}

type PageRow = Awaited<ReturnType<AuditRepository['page']>>['rows'][number]

function toEntry(r: PageRow, lang: Lang): AuditEntry {
  return {
    id: r.id,
    createdAt: r.created_at,
    actorId: r.actor_id,
    actorName: r.actor_name,
    actorRoles: r.actor_roles,
    organizationId: r.organization_id,
    organizationName: (lang === 'zh' ? r.org_zh : r.org_en) ?? null,
    action: r.action as AuditAction,
    route: r.route,
    targetType: r.target_type,
    targetId: r.target_id,
    outcome: r.outcome,
    resultCode: r.result_code,
    before: r.before_json,
    after: r.after_json,
    ip: r.ip,
    userAgent: r.user_agent,
  }
}
