/**
 * E-mail subscriptions: double opt-in, signed unsubscribe links with RFC 8058 one-click headers,
 * blacklist, and the daily digest of published policy / information items sent through the job queue.
 *
 * Digest rules: a published item is recorded once (news_events, unique per item) under a digest day
 * (UTC). The day's digest is one job (dedupe key `digest:<day>`) that runs DIGEST_DELAY_MS after the
 * first item of the day (so items published together share a mail); an item recorded after that day's
 * digest started goes to the next day's digest, which does not run before that day begins. Each
 * subscriber has at most one delivery row per day (`digest:<day>:<subscriber>`), hence at most one mail.
 */
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import type { Lang } from '@contracts/error-codes'
import type { OptionItem, Page } from '@contracts/api'
import type {
  DigestDeliveryItem,
  DigestDeliveryStatus,
  MySubscription,
  SubscribeBody,
  SubscribeResult,
  SubscriberItem,
  SubscriptionView,
} from '@contracts/subscription'
import { isEmail } from '@contracts/validation'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import { JOB_TYPES } from '../../jobs/job-queue'
import type { DeliveryRow } from '../../jobs/job.repository'
import type { Rendered } from '../../jobs/deliveries'
import { SubscriptionRepository, type SubscriberRow } from './subscription.repository'
import { SubscriptionTokens } from './subscription.tokens'

export const DIGEST_DELAY_MS = 10 * 60_000
const MAX_CODES = 50
const EMAIL_MAX = 100

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function maskEmail(email: string): string {
  const [local, domain] = email.split('@')
  if (!domain) return email
  return `${local.slice(0, 1)}***@${domain}`
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10)

export class SubscriptionService {
  private readonly repo: SubscriptionRepository
  readonly tokens: SubscriptionTokens

  constructor(
    private readonly ctx: AppContext,
    private readonly dict: DictionaryService,
  ) {
    this.repo = new SubscriptionRepository(ctx.db)
    this.tokens = new SubscriptionTokens(`${ctx.config.jwtSecret}:subscription`)
  }

  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  categories(): Promise<OptionItem[]> {
    return this.dict.options(DICT.professionalField)
  }

  // ------------------------------------------------------------------ links

  confirmUrl(row: Pick<SubscriberRow, 'id' | 'token_version'>) {
    return `${this.ctx.config.publicUrl}/unsubscribe?action=confirm&token=${this.tokens.sign(row.id, row.token_version, 'confirm')}`
  }
  unsubscribeUrl(row: Pick<SubscriberRow, 'id' | 'token_version'>) {
    return `${this.ctx.config.publicUrl}/unsubscribe?token=${this.tokens.sign(row.id, row.token_version, 'cancel')}`
  }
  /** RFC 2369 + RFC 8058 headers: a mail client unsubscribes with one POST, no page visit. */
  listHeaders(row: Pick<SubscriberRow, 'id' | 'token_version'>): Record<string, string> {
    const token = this.tokens.sign(row.id, row.token_version, 'cancel')
    return {
      'List-Unsubscribe': `<${this.ctx.config.publicUrl}/api/v1/system/subscribe/one-click/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': 'Haijiao policy news <news.haijiao.demo>',
    }
  }

  // ------------------------------------------------------------------ consumer

  async subscribe(body: SubscribeBody, userId: number | null, lang: Lang): Promise<SubscribeResult> {
    let email: string
    if (userId) {
      const user = await this.repo.userEmail(userId)
      if (!user) throw new AppError(201, { httpStatus: 401 })
      email = user.email.trim().toLowerCase()
    } else {
      email = String(body.email ?? '').trim().toLowerCase()
      if (!email) throw new AppError(408, { field: 'email' })
      if (email.length > EMAIL_MAX || !isEmail(email)) throw new AppError(301, { field: 'email' })
    }
    const codes = [...new Set((body.professionalCodeList ?? []).map((c) => String(c).trim()).filter(Boolean))]
    if (!codes.length || codes.length > MAX_CODES) throw new AppError(301, { field: 'professionalCodeList' })
    const known = new Set((await this.categories()).map((o) => o.code))
    if (codes.some((c) => !known.has(c))) throw new AppError(301, { field: 'professionalCodeList' })

    const now = this.nowIso()
    let row = await this.repo.findByEmail(email)
    if (row?.blacklisted) throw new AppError(425, { result: { reason: 'blacklisted' } })
    if (row && row.status === 'confirmed') {
      await this.repo.setCategories(row.id, codes)
      await this.repo.update(row.id, { updated_at: now, ...(userId && !row.user_id ? { user_id: userId } : {}) })
      return { status: 'confirmed', email }
    }
    const source = userId ? 'user' : body.source === 'widget' ? 'widget' : 'footer'
    if (!row) {
      const id = await this.repo.insert({ email, user_id: userId, lang, source, now })
      row = (await this.repo.findById(id))!
    } else {
      await this.repo.update(row.id, { status: 'pending', lang, source, updated_at: now, unsubscribed_at: null, bumpToken: true, ...(userId ? { user_id: userId } : {}) })
      row = (await this.repo.findById(row.id))!
    }
    await this.repo.setCategories(row.id, codes)
    try {
      await this.sendConfirmation(row, codes, lang)
    } catch {
      throw new AppError(407)
    }
    return { status: 'pending', email }
  }

  private async sendConfirmation(row: SubscriberRow, codes: string[], lang: Lang) {
    const names = await this.dict.lookup(DICT.professionalField, codes)
    const list = codes.map((c) => (lang === 'en' ? names(c)!.nameEn : names(c)!.nameZh)).join(lang === 'en' ? ', ' : '、')
    const confirm = this.confirmUrl(row)
    const cancel = this.unsubscribeUrl(row)
    const t =
      lang === 'en'
        ? {
            subject: 'Haijiao: please confirm your subscription to policy news',
            hello: `You (or someone using this address) asked to receive Haijiao's return-policy news about: ${list}.`,
            action: 'Confirm my subscription',
            ignore: 'Nothing will be sent until you confirm. If you did not ask for this, ignore this e-mail.',
            unsub: 'Unsubscribe',
          }
        : {
            subject: '海交：请确认订阅政策资讯',
            hello: `您（或他人使用此邮箱）申请订阅海交回国政策资讯，领域：${list}。`,
            action: '确认订阅',
            ignore: '确认前我们不会向您发送任何资讯。如非本人操作，请忽略本邮件。',
            unsub: '退订',
          }
    await this.ctx.mail.send({
      to: row.email,
      subject: t.subject,
      text: `${t.hello}\n\n${t.action}: ${confirm}\n\n${t.ignore}\n\n${t.unsub}: ${cancel}\n`,
      html: `<p>${escapeHtml(t.hello)}</p><p><a href="${confirm}">${t.action}</a></p><p style="color:#888">${t.ignore}</p><p style="color:#888;font-size:12px"><a href="${cancel}">${t.unsub}</a></p>`,
      headers: this.listHeaders(row),
    })
  }

  private async view(row: SubscriberRow): Promise<SubscriptionView> {
    const codes = (await this.repo.categoriesOf([row.id])).get(row.id) ?? []
    return { email: maskEmail(row.email), status: row.status, professionalCodeList: codes }
  }

  private async byToken(token: string | undefined, purpose: 'confirm' | 'cancel'): Promise<SubscriberRow> {
    const t = this.tokens.verify(token, purpose)
    const row = t ? await this.repo.findById(t.id) : undefined
    // confirm links die with a newer subscription; unsubscribe links keep working (unsubscribing is harmless)
    if (!t || !row || (purpose === 'confirm' ? t.version !== row.token_version : t.version > row.token_version)) {
      throw new AppError(429, { field: 'token' })
    }
    return row
  }

  async confirm(token: string | undefined): Promise<SubscriptionView> {
    const row = await this.byToken(token, 'confirm')
    if (row.blacklisted) throw new AppError(425, { result: { reason: 'blacklisted' } })
    if (row.status === 'pending') {
      const now = this.nowIso()
      await this.repo.update(row.id, { status: 'confirmed', confirmed_at: now, updated_at: now })
    } else if (row.status === 'unsubscribed') {
      // the user unsubscribed after asking: a stale confirmation link does not undo that
      throw new AppError(429, { field: 'token' })
    }
    return this.view((await this.repo.findById(row.id))!)
  }

  async cancelView(token: string | undefined): Promise<SubscriptionView> {
    return this.view(await this.byToken(token, 'cancel'))
  }

  async unsubscribe(token: string | undefined): Promise<SubscriptionView> {
    const row = await this.byToken(token, 'cancel')
    if (row.status !== 'unsubscribed') {
      const now = this.nowIso()
      await this.repo.update(row.id, { status: 'unsubscribed', unsubscribed_at: now, updated_at: now })
    }
    return this.view((await this.repo.findById(row.id))!)
  }

  async mine(userId: number): Promise<MySubscription | null> {
    const user = await this.repo.userEmail(userId)
    const row = (await this.repo.findByUser(userId)) ?? (user ? await this.repo.findByEmail(user.email.toLowerCase()) : undefined)
    if (!row) return null
    const codes = (await this.repo.categoriesOf([row.id])).get(row.id) ?? []
    return { email: row.email, status: row.status, professionalCodeList: codes }
  }

  // ------------------------------------------------------------------ admin

  private toItem(r: SubscriberRow, codes: string[]): SubscriberItem {
    return {
      id: r.id,
      email: r.email,
      userId: r.user_id,
      status: r.status,
      blacklisted: !!r.blacklisted,
      lang: r.lang === 'en' ? 'en' : 'zh',
      source: r.source,
      professionalCodeList: codes,
      confirmedAt: r.confirmed_at,
      unsubscribedAt: r.unsubscribed_at,
      createdAt: r.created_at,
    }
  }

  async list(q: PageQuery & { keyword?: string; status?: string; blacklisted?: boolean }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({ keyword: q.keyword?.trim() || undefined, status: q.status || undefined, blacklisted: q.blacklisted, offset, limit: pageSize })
    const cats = await this.repo.categoriesOf(rows.map((r) => r.id))
    return toPage(rows.map((r) => this.toItem(r, cats.get(r.id) ?? [])), total, page, pageSize)
  }

  /** The digest mails for staff: status, reason of a failure, newest first. */
  async deliveries(q: PageQuery & { status?: string; keyword?: string }): Promise<Page<DigestDeliveryItem>> {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.deliveries({ status: (q.status || undefined) as DigestDeliveryStatus | undefined, keyword: q.keyword?.trim() || undefined, offset, limit: pageSize })
    const items = rows.map((r) => ({
      id: r.id,
      email: r.recipient,
      digestDate: r.dedupe_key.split(':')[1] ?? '',
      status: r.status as DigestDeliveryStatus,
      error: r.error,
      attempts: r.attempts,
      sentAt: r.sent_at,
      createdAt: r.created_at,
    }))
    return toPage(items, total, page, pageSize)
  }

  /**
   * Staff send failed digest mails again (e.g. the ones interrupted when an instance died, which the job
   * never re-sends on its own because they may have reached the recipient). Answers how many were queued.
   */
  async resendDeliveries(ids: number[]): Promise<{ count: number }> {
    return { count: await this.ctx.jobs.resendFailed(ids, 'digest') }
  }

  async setBlacklisted(emailRaw: string, blacklisted: boolean): Promise<SubscriberItem> {
    const email = emailRaw.trim().toLowerCase()
    if (!email || !isEmail(email)) throw new AppError(301, { field: 'email' })
    const now = this.nowIso()
    let row = await this.repo.findByEmail(email)
    if (!row) {
      if (!blacklisted) throw new AppError(302)
      const id = await this.repo.insert({ email, user_id: null, lang: 'zh', source: 'admin', now, blacklisted: true, status: 'unsubscribed' })
      row = (await this.repo.findById(id))!
    } else {
      await this.repo.update(row.id, { blacklisted: blacklisted ? 1 : 0, updated_at: now })
      row = (await this.repo.findById(row.id))!
    }
    const cats = await this.repo.categoriesOf([row.id])
    return this.toItem(row, cats.get(row.id) ?? [])
  }

  /** CSV (UTF-8 with BOM so Excel opens Chinese correctly), read in keyset pages of 1000. */
  async *exportCsv(q: { keyword?: string; status?: string; blacklisted?: boolean }): AsyncGenerator<string> {
    const cell = (v: unknown) => {
      const s = v == null ? '' : String(v)
      // a leading = + - @ would run as a formula in a spreadsheet
      const safe = /^[=+\-@]/.test(s) ? `'${s}` : s
      return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
    }
    yield '\uFEFFid,email,status,blacklisted,categories,lang,source,user_id,created_at,confirmed_at,unsubscribed_at\r\n'
    let after = 0
    const filter = { keyword: q.keyword?.trim() || undefined, status: q.status || undefined, blacklisted: q.blacklisted }
    for (;;) {
      const rows = await this.repo.exportPage(filter, after, 1000)
      if (!rows.length) return
      const cats = await this.repo.categoriesOf(rows.map((r) => r.id))
      yield rows
        .map((r) =>
          [r.id, r.email, r.status, r.blacklisted ? 1 : 0, (cats.get(r.id) ?? []).join(' '), r.lang, r.source, r.user_id, r.created_at, r.confirmed_at, r.unsubscribed_at]
            .map(cell)
            .join(','),
        )
        .join('\r\n') + '\r\n'
      after = rows[rows.length - 1].id
    }
  }

  // ------------------------------------------------------------------ news → digest

  /**
   * Call when a policy or an information item is published (the content admin's publish action, or the
   * ops "notify subscribers" button). Idempotent per item. A policy's categories are the professional
   * fields of its rules ([] = relevant to every field); information items have no professional field
   * and go to every subscriber.
   */
  async recordPublished(kind: 'policy' | 'information', itemId: number): Promise<{ digestDate: string; jobId: number }> {
    const item = kind === 'policy' ? await this.repo.policy(itemId) : await this.repo.information(itemId)
    if (!item) throw new AppError(302)
    if (item.status !== 'published') throw new AppError(425, { result: { reason: 'not published' } })
    let codes: string[] = []
    if (kind === 'policy') {
      const sets = (await this.repo.policyFieldCodes(itemId)).map((r) => {
        try {
          return JSON.parse(r.professional_fields) as string[]
        } catch {
          return []
        }
      })
      codes = sets.some((s) => !s.length) ? [] : [...new Set(sets.flat())]
    }
    const now = this.ctx.clock.now()
    let day = dayOf(now)
    const todays = await this.ctx.jobs.byDedupeKey(`digest:${day}`)
    if (todays && todays.status !== 'pending') day = dayOf(new Date(now.getTime() + 86_400_000))
    const event = await this.repo.addEvent(kind, itemId, codes, day, now.toISOString())
    const runAt = new Date(Math.max(now.getTime() + DIGEST_DELAY_MS, Date.parse(`${event.digest_date}T00:00:00.000Z`)))
    const job = await this.ctx.jobs.enqueue({ type: JOB_TYPES.subscriptionDigest, payload: { date: event.digest_date }, runAt: runAt.toISOString(), dedupeKey: `digest:${event.digest_date}` })
    return { digestDate: event.digest_date, jobId: job.id }
  }

  /** Step 1 of the digest job: one delivery row per subscriber concerned (idempotent). */
  async fanOutDigest(jobId: number, date: string): Promise<void> {
    const events = await this.repo.eventsOf(date)
    if (!events.length) return
    const codeSets = events.map((e) => JSON.parse(e.codes) as string[])
    const codes = codeSets.some((s) => !s.length) ? null : [...new Set(codeSets.flat())]
    await this.repo.fanOutDigest(jobId, date, codes, this.nowIso())
  }

  /** Step 2: the mail of each claimed delivery (or why it is skipped). */
  async renderDigest(date: string, rows: DeliveryRow[]): Promise<Map<number, Rendered>> {
    const out = new Map<number, Rendered>()
    const events = await this.repo.eventsOf(date)
    const policies = new Map((await this.repo.policies(events.filter((e) => e.kind === 'policy').map((e) => e.item_id))).map((p) => [p.id, p]))
    const infos = new Map((await this.repo.informationItems(events.filter((e) => e.kind === 'information').map((e) => e.item_id))).map((p) => [p.id, p]))
    const ids = rows.map((r) => r.subscriber_id!).filter(Boolean)
    const subs = new Map((await this.repo.subscribersByIds(ids)).map((s) => [s.id, s]))
    const cats = await this.repo.categoriesOf(ids)
    const base = this.ctx.config.publicUrl
    for (const row of rows) {
      const s = row.subscriber_id ? subs.get(row.subscriber_id) : undefined
      if (!s) {
        out.set(row.id, { skip: 'subscriber removed' })
        continue
      }
      if (s.blacklisted) {
        out.set(row.id, { skip: 'blacklisted' })
        continue
      }
      if (s.status !== 'confirmed') {
        out.set(row.id, { skip: `subscriber ${s.status}` })
        continue
      }
      const mine = new Set(cats.get(s.id) ?? [])
      const items = events
        .filter((e) => {
          const codes = JSON.parse(e.codes) as string[]
          return !codes.length || codes.some((c) => mine.has(c))
        })
        .map((e) => {
          const it = e.kind === 'policy' ? policies.get(e.item_id) : infos.get(e.item_id)
          if (!it) return null
          const en = s.lang === 'en'
          return {
            title: (en ? it.title_en || it.title_zh : it.title_zh || it.title_en) ?? '',
            summary: (en ? it.summary_en || it.summary_zh : it.summary_zh || it.summary_en) ?? '',
            url: `${base}/${e.kind === 'policy' ? 'policyDetail' : 'informationDetail'}?id=${e.item_id}`,
          }
        })
        .filter((x): x is { title: string; summary: string; url: string } => !!x)
      if (!items.length) {
        out.set(row.id, { skip: 'no item in the subscribed categories' })
        continue
      }
      const en = s.lang === 'en'
      const unsub = this.unsubscribeUrl(s)
      const subject = en ? `Haijiao policy news, ${date}: ${items[0].title}${items.length > 1 ? ` (+${items.length - 1})` : ''}` : `海交政策资讯 ${date}：${items[0].title}${items.length > 1 ? `（等 ${items.length} 条）` : ''}`
      const foot = en ? 'You receive this because you subscribed to Haijiao policy news. Unsubscribe' : '您收到此邮件是因为订阅了海交政策资讯。退订'
      out.set(row.id, {
        subject,
        text: `${items.map((i) => `${i.title}\n${i.summary}\n${i.url}`).join('\n\n')}\n\n${foot}: ${unsub}\n`,
        html:
          items.map((i) => `<h3 style="margin:16px 0 4px"><a href="${i.url}">${escapeHtml(i.title)}</a></h3><p style="margin:0;color:#555">${escapeHtml(i.summary)}</p>`).join('') +
          `<p style="margin-top:24px;color:#888;font-size:12px">${foot}: <a href="${unsub}">${unsub}</a></p>`,
        headers: this.listHeaders(s),
      })
    }
    return out
  }
}
