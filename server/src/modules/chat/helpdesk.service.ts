/**
 * The helpdesk around the live chat (src/shared/contracts/helpdesk.ts): canned replies, conversation
 * search, settings (alert delay, concurrent limit, business hours), the visitor's rating and transcript,
 * the ratings report, and the alerts for visitors left waiting. Access is decided by the routes
 * (app.authorize) for agents and operations, and by ChatService.access for visitors.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { toPage } from '../../lib/paging'
import {
  HELPDESK_LIMITS,
  TRANSCRIPTS_PER_DAY,
  type BusinessHoursState,
  type CannedReply,
  type CannedReplyBody,
  type HelpdeskRateBody,
  type HelpdeskRating,
  type HelpdeskRatingReport,
  type HelpdeskSearchBody,
  type HelpdeskSearchPage,
  type HelpdeskSettings,
  type RatingBucket,
} from '@contracts/helpdesk'
import { toMessage, type MessageRow } from './chat.repository'
import type { ChatService } from './chat.service'
import type { CannedRow } from './helpdesk.repository'
import { hoursProblem, hoursState, instantOf, isTimeZone } from './helpdesk.hours'

/** the console's conversation view: operations' e-mail links open it on one conversation */
export const CONSOLE_PATH = '/admin/advisor'
const FEEDBACK_PATH = '/admin/message/feedback'
/** waits older than this are not alerted (a first run after a long pause does not mail the past) */
const ALERT_LOOKBACK_MS = 24 * 3600_000
/** subjects alerted per run: the rest come in the next run */
const ALERT_BATCH = 100
const ALERT_LAST_MESSAGES = 5
const TRANSCRIPT_MAX_MESSAGES = 2000
const DEFAULT_TZ = 'Asia/Shanghai'

const DATE = /^\d{4}-\d{2}-\d{2}$/

function bucket(scores: Map<number, number>): RatingBucket {
  const distribution: RatingBucket['distribution'] = [0, 0, 0, 0, 0]
  let count = 0
  let sum = 0
  for (const [score, n] of scores) {
    if (score < 1 || score > 5) continue
    distribution[score - 1] += n
    count += n
    sum += score * n
  }
  return { count, average: count ? Math.round((sum / count) * 100) / 100 : null, distribution }
}

const maskEmail = (e: string) => e.replace(/^(.)(.*)(@.*)$/, (_m, a: string, b: string, d: string) => `${a}${'*'.repeat(Math.min(b.length, 6))}${d}`)

export class HelpdeskService {
  constructor(
    private readonly ctx: AppContext,
    private readonly chat: ChatService,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get hub() {
    return this.chat.hub
  }
  private get desk() {
    return this.chat.hub.desk
  }
  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  // ---------------------------------------------------------------- canned replies
  private cannedView(r: CannedRow & { owner_name?: string | null }, userId: number): CannedReply {
    return { id: r.id, code: r.code, textZh: r.text_zh, textEn: r.text_en, shared: r.shared === 1, ownerId: r.owner_id, ownerName: r.owner_name ?? '', mine: r.owner_id === userId, updatedAt: r.updated_at }
  }

  async cannedList(userId: number, keyword?: string): Promise<CannedReply[]> {
    const rows = await this.desk.cannedList(userId, keyword?.trim() || null)
    return rows.map((r) => this.cannedView(r, userId))
  }

  private async cannedOut(id: number, userId: number): Promise<CannedReply> {
    const row = (await this.desk.cannedList(userId, null)).find((r) => r.id === id)
    if (!row) throw new AppError(680)
    return this.cannedView(row, userId)
  }

  private clean(body: CannedReplyBody) {
    const textZh = body.textZh.trim()
    const textEn = body.textEn.trim()
    if (!textZh || !textEn) throw new AppError(301, { field: textZh ? 'textEn' : 'textZh' })
    return { code: body.code, text_zh: textZh, text_en: textEn, shared: body.shared ? 1 : 0 }
  }

  async cannedAdd(userId: number, body: CannedReplyBody): Promise<CannedReply> {
    const v = this.clean(body)
    if (await this.desk.codeTaken(userId, v.code, null)) throw new AppError(681)
    const { id } = await this.desk.insertCanned({ owner_id: userId, ...v, now: this.nowIso() })
    return this.cannedOut(id, userId)
  }

  async cannedEdit(userId: number, body: CannedReplyBody & { id: number }): Promise<{ before: CannedReply; after: CannedReply }> {
    const row = await this.desk.canned(body.id)
    if (!row || row.owner_id !== userId) throw new AppError(680)
    const before = await this.cannedOut(row.id, userId)
    const v = this.clean(body)
    if (await this.desk.codeTaken(userId, v.code, row.id)) throw new AppError(681)
    if (!(await this.desk.updateCanned(row.id, userId, { ...v, now: this.nowIso() }))) throw new AppError(680)
    return { before, after: await this.cannedOut(row.id, userId) }
  }

  async cannedDelete(userId: number, id: number): Promise<CannedReply> {
    const row = await this.desk.canned(id)
    if (!row || row.owner_id !== userId) throw new AppError(680)
    const before = await this.cannedOut(id, userId)
    if (!(await this.desk.deleteCanned(id, userId))) throw new AppError(680)
    return before
  }

  // ---------------------------------------------------------------- search
  /** local dates (inclusive) in a zone → [fromIso, toIso); 684 bad zone, 685 bad range */
  range(from: string | undefined, to: string | undefined, tz: string | undefined, required: boolean): { fromIso: string | null; toIso: string | null; tz: string } {
    const zone = tz || DEFAULT_TZ
    if (!isTimeZone(zone)) throw new AppError(684)
    if (!from && !to && !required) return { fromIso: null, toIso: null, tz: zone }
    const day = (s: string | undefined) => {
      if (!s || !DATE.test(s)) throw new AppError(685)
      const [y, m, d] = s.split('-').map(Number)
      const t = Date.UTC(y, m - 1, d)
      if (new Date(t).getUTCDate() !== d) throw new AppError(685)
      return t
    }
    const a = from ? day(from) : null
    const b = to ? day(to) : null
    if (required && (a == null || b == null)) throw new AppError(685)
    if (a != null && b != null && (a > b || b - a > 365 * 86_400_000)) throw new AppError(685)
    return {
      fromIso: a != null ? new Date(instantOf(zone, a)).toISOString() : null,
      toIso: b != null ? new Date(instantOf(zone, b + 86_400_000)).toISOString() : null,
      tz: zone,
    }
  }

  async search(q: HelpdeskSearchBody & { page: number; pageSize: number }): Promise<HelpdeskSearchPage> {
    const { fromIso, toIso } = this.range(q.from, q.to, q.tz, false)
    const keyword = q.keyword?.trim() || null
    const { total, capped, rows } = await this.desk.search({
      keyword,
      visitor: q.visitor?.trim() || null,
      kefuId: q.kefuId ?? null,
      categoryId: q.categoryId ?? null,
      status: q.status ?? null,
      unanswered: q.unanswered === true,
      fromIso,
      toIso,
      offset: (q.page - 1) * q.pageSize,
      limit: q.pageSize,
    })
    const views = await this.hub.views.conversationViews(rows)
    const [names, matches] = await Promise.all([
      this.hub.repo.nickNames([...new Set(rows.map((r) => r.kefu_id).filter((x): x is number => x != null))]),
      keyword ? this.desk.newestMatches(rows.map((r) => r.id), keyword) : Promise.resolve([] as MessageRow[]),
    ])
    const matchOf = new Map(matches.map((m) => [m.conversation_id, toMessage(m)]))
    const list = rows.map((r, i) => ({
      conversation: views[i],
      kefuId: r.kefu_id,
      kefuName: r.kefu_id != null ? (names.get(r.kefu_id) ?? null) : null,
      categoryId: r.category_id,
      match: matchOf.get(r.id) ?? null,
    }))
    return { ...toPage(list, total, q.page, q.pageSize), totalCapped: capped }
  }

  // ---------------------------------------------------------------- settings
  settings(): Promise<HelpdeskSettings> {
    return this.hub.settings.get(true)
  }

  async saveSettings(body: Partial<HelpdeskSettings>): Promise<{ before: HelpdeskSettings; after: HelpdeskSettings }> {
    const before = await this.hub.settings.get(true)
    const next: HelpdeskSettings = {
      alertMinutes: body.alertMinutes ?? before.alertMinutes,
      maxConcurrent: body.maxConcurrent ?? before.maxConcurrent,
      hours: body.hours
        ? {
            timeZone: body.hours.timeZone ?? before.hours.timeZone,
            weekly: (body.hours.weekly ?? before.hours.weekly).map((s) => ({ day: s.day, open: s.open, close: s.close })),
            holidays: [...new Set(body.hours.holidays ?? before.hours.holidays)].sort(),
            alwaysOpen: body.hours.alwaysOpen ?? before.hours.alwaysOpen,
          }
        : before.hours,
    }
    const problem = hoursProblem(next.hours)
    if (problem) throw new AppError(684, { field: 'hours', result: { field: 'hours', reason: problem } })
    if (next.alertMinutes < HELPDESK_LIMITS.alertMinutes.min || next.alertMinutes > HELPDESK_LIMITS.alertMinutes.max) throw new AppError(301, { field: 'alertMinutes' })
    if (next.maxConcurrent < HELPDESK_LIMITS.maxConcurrent.min || next.maxConcurrent > HELPDESK_LIMITS.maxConcurrent.max) throw new AppError(301, { field: 'maxConcurrent' })
    const after = await this.hub.settings.save(next)
    return { before, after }
  }

  async hours(): Promise<BusinessHoursState> {
    const s = await this.hub.settings.get()
    return hoursState(s.hours, this.ctx.clock.now().getTime())
  }

  // ---------------------------------------------------------------- rating
  async rate(req: FastifyRequest, body: HelpdeskRateBody): Promise<HelpdeskRating> {
    const a = await this.chat.access(req, body)
    // only the visitor rates its own conversation: an agent's token naming someone's conversation is refused
    if (a.side !== 'customer') throw new AppError(402, { httpStatus: 403 })
    const conv = await this.hub.repo.conversation(a.customerId)
    if (!conv || conv.status !== 'closed' || !conv.closed_at) throw new AppError(682)
    const comment = body.comment?.trim() || null
    const row = await this.desk.insertRating({
      conversation_id: conv.id,
      customer_id: conv.customer_id,
      closed_at: conv.closed_at,
      kefu_id: conv.closed_by ?? conv.kefu_id,
      category_id: conv.category_id,
      score: body.score,
      comment,
      created_at: this.nowIso(),
    })
    if (!row) throw new AppError(683)
    const kefuId = row.kefu_id
    if (kefuId) await this.hub.publish(`k:${kefuId}`, { type: 'rated', customerId: conv.customer_id, score: row.score, comment: row.comment })
    return { id: row.id, customerId: row.customer_id, kefuId: row.kefu_id, categoryId: row.category_id, score: row.score, comment: row.comment, createdAt: row.created_at }
  }

  async ratings(q: { from?: string; to?: string; tz?: string }): Promise<HelpdeskRatingReport> {
    const { fromIso, toIso, tz } = this.range(q.from, q.to, q.tz, true)
    const rows = await this.desk.ratingCounts(fromIso!, toIso!)
    const total = new Map<number, number>()
    const byAgent = new Map<number | null, Map<number, number>>()
    const byCategory = new Map<number | null, Map<number, number>>()
    const add = (m: Map<number | null, Map<number, number>>, key: number | null, score: number, n: number) => {
      const inner = m.get(key) ?? new Map<number, number>()
      inner.set(score, (inner.get(score) ?? 0) + n)
      m.set(key, inner)
    }
    for (const r of rows) {
      const n = Number(r.n)
      total.set(r.score, (total.get(r.score) ?? 0) + n)
      add(byAgent, r.kefu_id, r.score, n)
      add(byCategory, r.category_id, r.score, n)
    }
    const names = await this.hub.repo.nickNames([...byAgent.keys()].filter((x): x is number => x != null))
    const cats = new Map((await this.desk.categoryNames([...byCategory.keys()].filter((x): x is number => x != null))).map((c) => [c.id, c]))
    return {
      from: q.from!,
      to: q.to!,
      tz,
      total: bucket(total),
      byAgent: [...byAgent].map(([kefuId, m]) => ({ kefuId, name: kefuId != null ? (names.get(kefuId) ?? null) : null, ...bucket(m) })).sort((a, b) => b.count - a.count || (a.kefuId ?? 0) - (b.kefuId ?? 0)),
      byCategory: [...byCategory]
        .map(([categoryId, m]) => ({ categoryId, nameZh: categoryId != null ? (cats.get(categoryId)?.name_zh ?? null) : null, nameEn: categoryId != null ? (cats.get(categoryId)?.name_en ?? null) : null, ...bucket(m) }))
        .sort((a, b) => b.count - a.count || (a.categoryId ?? 0) - (b.categoryId ?? 0)),
    }
  }

  // ---------------------------------------------------------------- transcript
  async transcript(req: FastifyRequest, body: { touristId?: string; email?: string }, lang: 'zh' | 'en'): Promise<{ sent: true; to: string }> {
    const a = await this.chat.access(req, { touristId: body.touristId })
    if (a.side !== 'customer') throw new AppError(402, { httpStatus: 403 })
    let to: string
    if (a.readerType === 'customer') {
      // a logged-in user: only to the account's own e-mail
      const user = await this.hub.repo.userProfile(Number(a.customerId))
      if (!user?.email) throw new AppError(408)
      to = user.email
    } else {
      if (!body.email) throw new AppError(408)
      to = body.email.trim()
    }
    const day = this.nowIso().slice(0, 10)
    const keys = [`chat-transcript:${a.readerType}:${a.customerId}`, `chat-transcript:to:${to.toLowerCase()}`]
    if ((await this.hub.repo.counters.max(keys, day)) >= TRANSCRIPTS_PER_DAY) throw new AppError(432)
    const rows = await this.desk.transcript(a.customerId, TRANSCRIPT_MAX_MESSAGES)
    if (!rows.length) throw new AppError(688)
    for (const k of keys) await this.hub.repo.counters.add(k, day, 1)
    const names = await this.hub.repo.nickNames([...new Set(rows.filter((r) => r.send_type === 'kefu').map((r) => Number(r.send_id)))])
    const me = lang === 'en' ? 'You' : '我'
    const lines = rows.map((r) => {
      const who = r.send_type === 'kefu' ? (names.get(Number(r.send_id)) ?? (lang === 'en' ? 'Adviser' : '客服')) : me
      const what = r.msg_type === 'text' ? r.msg_content : `[${r.msg_type}] ${this.ctx.config.publicUrl}${r.url ?? ''}`
      return `[${r.send_time.replace('T', ' ').slice(0, 19)} UTC] ${who}: ${what}`
    })
    const subject = lang === 'en' ? 'Your chat with Haijiao advisers' : '您与海交客服的聊天记录'
    const intro = lang === 'en' ? 'Here is the transcript of your chat (times in UTC):' : '以下是您的聊天记录（时间为 UTC）：'
    try {
      await this.ctx.mail.send({ to, subject, text: `${intro}\n\n${lines.join('\n')}\n` })
    } catch (err) {
      this.log.warn({ err }, 'chat transcript mail failed')
      throw new AppError(407)
    }
    return { sent: true, to: maskEmail(to) }
  }

  // ---------------------------------------------------------------- alerts
  /**
   * One run of the unanswered-wait alerts: every visitor wait (chat message or leave-a-message form)
   * older than the alert delay and not alerted yet is claimed (a unique row: of two instances running at
   * once, one claims it) and mailed to the agents of its category (all agents when the category has
   * none with an e-mail; forms go to all agents). One mail per agent per run lists all of its waits.
   */
  async scanAlerts(): Promise<{ chats: number; forms: number; mails: number }> {
    const settings = await this.hub.settings.get(true)
    const now = this.ctx.clock.now().getTime()
    const nowIso = new Date(now).toISOString()
    const cutoff = new Date(now - settings.alertMinutes * 60_000).toISOString()
    const since = new Date(now - ALERT_LOOKBACK_MS).toISOString()
    const [chats, forms] = await Promise.all([this.desk.dueChats(since, cutoff, ALERT_BATCH), this.desk.dueFeedback(since, cutoff, ALERT_BATCH)])
    if (!chats.length && !forms.length) return { chats: 0, forms: 0, mails: 0 }
    const contacts = await this.desk.agentContacts(nowIso)
    const byId = new Map(contacts.map((c) => [c.id, c]))
    const outbox = new Map<number, string[]>()
    const post = (ids: number[], block: string) => {
      for (const id of ids) outbox.set(id, [...(outbox.get(id) ?? []), block])
    }
    const base = this.ctx.config.publicUrl
    let chatCount = 0
    for (const c of chats) {
      if (!(await this.desk.claimAlert('chat', c.id, c.waiting_since!, nowIso))) continue
      chatCount++
      let ids = c.category_id != null ? [...(await this.hub.repo.categoryAgentIds(c.category_id))].filter((id) => byId.has(id)) : []
      if (!ids.length) ids = [...byId.keys()]
      const last = await this.desk.lastMessages(c.id, ALERT_LAST_MESSAGES)
      const name = c.user_id ? ((await this.hub.repo.userProfile(c.user_id))?.nick_name ?? c.customer_id) : c.customer_id
      const lines = last.map((m) => `  [${m.send_time.slice(0, 16).replace('T', ' ')}Z] ${m.send_type === 'kefu' ? '客服/Adviser' : name}: ${m.msg_type === 'text' ? m.msg_content.slice(0, 300) : `[${m.msg_type}]`}`)
      post(ids, [`● ${name} — 等待自 / waiting since ${c.waiting_since!.slice(0, 16).replace('T', ' ')}Z`, ...lines, `  ${base}${CONSOLE_PATH}?customerId=${encodeURIComponent(c.customer_id)}`].join('\n'))
      await this.desk.setAlertRecipients('chat', c.id, c.waiting_since!, ids.length)
    }
    let formCount = 0
    for (const f of forms) {
      if (!(await this.desk.claimAlert('feedback', f.id, f.created_at, nowIso))) continue
      formCount++
      const ids = [...byId.keys()]
      post(ids, [`● 留言 / Message from ${f.name} <${f.email}> — ${f.created_at.slice(0, 16).replace('T', ' ')}Z`, `  ${f.description.slice(0, 500)}`, `  ${base}${FEEDBACK_PATH}?id=${f.id}`].join('\n'))
      await this.desk.setAlertRecipients('feedback', f.id, f.created_at, ids.length)
    }
    let mails = 0
    for (const [id, blocks] of outbox) {
      const to = byId.get(id)!.email!
      const subject = `【海交客服】${blocks.length} 位访客等待回复超过 ${settings.alertMinutes} 分钟 / ${blocks.length} visitor(s) waiting over ${settings.alertMinutes} min`
      const intro = `以下访客的消息超过 ${settings.alertMinutes} 分钟无人回复。\nThese visitors have waited over ${settings.alertMinutes} minutes without an answer.\n\n`
      try {
        await this.ctx.mail.send({ to, subject, text: intro + blocks.join('\n\n') + '\n' })
        mails++
      } catch (err) {
        this.log.warn({ err, to }, 'helpdesk alert mail failed')
      }
    }
    return { chats: chatCount, forms: formCount, mails }
  }

  /** books the next alert run at the next whole minute (once per minute across instances: the dedupe key) */
  async scheduleAlerts(): Promise<void> {
    const next = new Date(Math.floor(this.ctx.clock.now().getTime() / 60_000) * 60_000 + 60_000).toISOString()
    await this.ctx.jobs.enqueue({ type: HELPDESK_ALERT_JOB, payload: { at: next }, runAt: next, dedupeKey: `helpdesk-alerts:${next}` })
  }
}

export const HELPDESK_ALERT_JOB = 'helpdesk.alerts'
