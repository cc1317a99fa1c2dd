/**
 * A person's rights over their data (contracts/privacy.ts).
 *
 * Deleting the account: asked for with the password, an e-mail code or a fresh WeChat ticket of a WeChat
 * identity linked to the account (`wechatOwner`, wired by the composition root); every token is revoked and a
 * cooling-off period starts; a sign-in within it cancels (the user info says so once); after it the
 * periodic sweep (`privacy.sweep`) erases the person:
 * - erased: profile (e-mail, phone, nickname, real name, avatar, password), uploads (avatar, answers'
 *   attachments, chat files — removed from the storage), favourites, follows, subscriptions, promoter
 *   data, inbox and channel settings, consents, WeChat links, verification codes, feedback, data exports,
 *   tokens; enrolment and waiting-list answers (the entry stays, answered by "Deleted user"); the person's
 *   identifiers inside logs, job payloads and staff notes (replaced by "[deleted]").
 * - kept anonymously: the user row itself (no e-mail, name, phone or password: the e-mail can register
 *   again) so seats taken, counts in the analysis and raffle prizes won still add up; chat messages'
 *   text, under an identity that names nobody.
 *
 * Downloading the data: one request a day; the `privacy.export` job builds a zip (data.json, data.html
 * and the answers' attachment files) in the storage under private/ (never served at /uploads), tells the
 * person by inbox and e-mail, and the sweep removes it after DATA_EXPORT_KEEP_DAYS.
 */
import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import JSZip from 'jszip'
import type { AppContext } from '../../context'
import { AbuseCounters } from '../../db/abuse-counters'
import { AppError, paramError } from '../../lib/app-error'
import { addMs, iso } from '../../lib/clock'
import { verifyPassword } from '../../lib/password'
import { isWechatPlaceholderEmail } from '@contracts/wechat'
import { keyOfUploadUrl } from '../../storage'
import type { Lang } from '@contracts/error-codes'
import {
  DATA_EXPORT_KEEP_DAYS,
  DELETED_USER_NAME,
  DELETION_COOLING_OFF_DAYS,
  type DataExport,
  type DeletionProof,
  type DeletionRequestBody,
  type DeletionStatus,
} from '@contracts/privacy'
import type { AccountService } from '../account/account.service'
import type { NotificationService } from '../notification/notification.service'
import { PrivacyRepository, type Person } from './privacy.repository'
import { renderHtml } from './privacy.export-html'

const DAY = 86_400_000
const HOUR = 3_600_000
/** the list of downloads shows the last 30 days */
const LIST_DAYS = 30
const ERASE_BATCH = 20
/** wrong passwords a person may give the deletion request in an hour before it answers 432 */
const WRONG_PASSWORDS_PER_HOUR = 5

export const PRIVACY_JOBS = { sweep: 'privacy.sweep', exportBuild: 'privacy.export' } as const

/** how an erased person is named wherever a name is shown (both languages in one, like the lists show it) */
export const DELETED_USER_LABEL = `${DELETED_USER_NAME.zh} / ${DELETED_USER_NAME.en}`

export class PrivacyService {
  readonly repo: PrivacyRepository
  private readonly counters: AbuseCounters
  /**
   * set by the composition root (the WeChat module): the user a step-1 WeChat ticket's identity is linked
   * to, or null when the ticket is forged, expired or its identity is linked to nobody
   */
  wechatOwner: ((ticket: string) => Promise<number | null>) | null = null

  constructor(
    private readonly ctx: AppContext,
    private readonly account: AccountService,
    private readonly notification: NotificationService,
  ) {
    this.repo = new PrivacyRepository(ctx.db)
    this.counters = new AbuseCounters(ctx.db)
  }

  private now() {
    return this.ctx.clock.now()
  }

  private async person(userId: number): Promise<Person> {
    const p = await this.repo.person(userId)
    if (!p) throw new AppError(402, { httpStatus: 401 })
    return p
  }

  // ---- deleting the account --------------------------------------------------------------------

  async status(userId: number): Promise<DeletionStatus> {
    const p = await this.person(userId)
    const r = await this.repo.pending(userId)
    const proofs = await this.proofs(p)
    return r ? { state: 'pending', requestedAt: r.requested_at, eraseAt: r.erase_at, proofs } : { state: 'none', requestedAt: null, eraseAt: null, proofs }
  }

  /**
   * What the person can prove ownership with: a password (an argon2 hash; a WeChat-made account holds a
   * marker no password matches), a real e-mail for the code, a linked WeChat identity.
   */
  private async proofs(p: Person): Promise<DeletionProof[]> {
    const [hash, wechat] = await Promise.all([this.repo.passwordHash(p.id), this.repo.hasWechatIdentity(p.id)])
    const proofs: DeletionProof[] = []
    if (hash?.password_hash.startsWith('$argon2')) proofs.push('password')
    if (!isWechatPlaceholderEmail(p.email)) proofs.push('code')
    if (wechat && this.wechatOwner) proofs.push('wechat')
    return proofs
  }

  /** a 6-digit code to the account's e-mail (the account module's codes, purpose `deletion`) */
  async sendCode(userId: number, ip: string, lang: Lang): Promise<null> {
    const p = await this.person(userId)
    if (await this.repo.pending(userId)) throw new AppError(672)
    await this.account.sendVerifyCode(p.email, 'deletion', ip, lang)
    return null
  }

  /**
   * Proof first (password, else the e-mail code, else the WeChat ticket), then the request and the
   * sign-out together. 672 when one is pending already; nothing changes on a wrong proof.
   */
  async request(userId: number, body: DeletionRequestBody): Promise<DeletionStatus> {
    const p = await this.person(userId)
    if (await this.repo.pending(userId)) throw new AppError(672)
    const password = typeof body.password === 'string' ? body.password : ''
    let method: DeletionProof
    if (password) {
      // wrong passwords are counted per person and hour: a signed-in token is no licence to guess the password
      const hour = iso(this.now()).slice(0, 13)
      const key = `deletion-password:user:${userId}`
      if ((await this.counters.max([key], hour)) >= WRONG_PASSWORDS_PER_HOUR) throw new AppError(432, { httpStatus: 429 })
      const row = await this.repo.passwordHash(userId)
      if (!row || !(await verifyPassword(row.password_hash, password))) {
        await this.counters.add(key, hour, 1)
        throw new AppError(401)
      }
      method = 'password'
    } else if (body.code !== undefined && body.code !== null) {
      await this.account.consumeCode(p.email, 'deletion', body.code)
      method = 'code'
    } else if (typeof body.wechatTicket === 'string' && body.wechatTicket) {
      // the ticket says WeChat vouched for an identity minutes ago: it must be one linked to this account
      const owner = this.wechatOwner ? await this.wechatOwner(body.wechatTicket) : null
      if (owner !== userId) throw new AppError(410, { field: 'wechatTicket' })
      method = 'wechat'
    } else {
      throw paramError('password')
    }
    const now = this.now()
    const eraseAt = addMs(now, DELETION_COOLING_OFF_DAYS * DAY)
    if (!(await this.repo.request(userId, method, iso(now), iso(eraseAt)))) throw new AppError(672)
    return { state: 'pending', requestedAt: iso(now), eraseAt: iso(eraseAt), proofs: await this.proofs(p) }
  }

  async cancel(userId: number): Promise<DeletionStatus> {
    if (!(await this.repo.cancel(userId, iso(this.now()), false))) throw new AppError(673)
    return { state: 'none', requestedAt: null, eraseAt: null, proofs: await this.proofs(await this.person(userId)) }
  }

  /** a sign-in (e-mail or WeChat) within the cooling-off period cancels the deletion */
  async signedIn(userId: number): Promise<void> {
    await this.repo.cancel(userId, iso(this.now()), true)
  }

  /** true once, for the user info after the sign-in that cancelled the deletion */
  cancelNotice(userId: number): Promise<boolean> {
    return this.repo.takeCancelNotice(userId)
  }

  /** erases every person whose cooling-off period is over; answers how many */
  async eraseDue(): Promise<number> {
    let erased = 0
    let afterId = 0
    let failure: unknown = null
    for (;;) {
      const due = await this.repo.due(iso(this.now()), afterId, ERASE_BATCH)
      for (const r of due) {
        afterId = r.id
        // one person's failure (the storage not answering) does not hold up the others; the job reports it and the next run tries again
        try {
          await this.erase(r.user_id, r.id)
          erased++
        } catch (err) {
          failure ??= err
        }
      }
      if (due.length < ERASE_BATCH) break
    }
    if (failure) throw failure
    return erased
  }

  /**
   * Erases now the account of `email` whose deletion is pending, without waiting for the end of the
   * cooling-off period (privacy-cli.ts: an operator's erasure on a written request, and browser tests).
   */
  async eraseNow(email: string): Promise<number> {
    const r = await this.repo.pendingOfEmail(email)
    if (!r) throw new AppError(673)
    await this.erase(r.user_id, r.id)
    return r.user_id
  }

  private async erase(userId: number, requestId: number | null): Promise<void> {
    const p = await this.repo.person(userId)
    if (!p) return
    // the files first: a crash between leaves rows that are erased on the next run, never a file nobody names
    const { urls, exportKeys } = await this.repo.uploadsOf(userId)
    const keys = [...urls.map((u) => keyOfUploadUrl(u)).filter((k): k is string => !!k), ...exportKeys]
    for (const key of keys) await this.ctx.storage.delete(key)
    const phoneDigits = (p.phone ?? '').replace(/\D/g, '')
    const needles = {
      unique: [p.email, p.promoter_email, p.phone, phoneDigits.length >= 8 ? phoneDigits : null, p.promoter_code, ...urls, ...keys].filter((n): n is string => !!n),
      names: [p.nick_name, p.real_name].filter((n): n is string => !!n),
    }
    await this.repo.erase(
      p,
      requestId,
      { email: `deleted-user-${userId}`, name: DELETED_USER_LABEL, passwordHash: `!erased-${crypto.randomBytes(16).toString('hex')}` },
      needles,
      iso(this.now()),
    )
  }

  // ---- the periodic sweep ----------------------------------------------------------------------

  /** books the next hourly sweep (erasures due, expired downloads); one per hour whoever books it */
  async scheduleSweep(): Promise<void> {
    const next = new Date(Math.floor(this.now().getTime() / HOUR) * HOUR + HOUR)
    const hour = iso(next).slice(0, 13)
    await this.ctx.jobs.enqueue({ type: PRIVACY_JOBS.sweep, payload: { hour }, runAt: iso(next), dedupeKey: `privacy-sweep:${hour}` })
  }

  async sweep(): Promise<{ erased: number; expired: number }> {
    const erased = await this.eraseDue()
    const expired = await this.expireExports()
    return { erased, expired }
  }

  // ---- downloading the data --------------------------------------------------------------------

  async exports(userId: number): Promise<DataExport[]> {
    const since = iso(addMs(this.now(), -LIST_DAYS * DAY))
    const nowIso = iso(this.now())
    return (await this.repo.exports(userId, since)).map((r) => ({
      id: r.id,
      // an expired file the sweep has not reached yet is already expired to the person
      state: r.state === 'ready' && r.expires_at !== null && r.expires_at <= nowIso ? 'expired' : r.state,
      requestedAt: r.requested_at,
      readyAt: r.ready_at,
      expiresAt: r.expires_at,
      size: r.size,
    }))
  }

  /** one a day (UTC date), 674 on the second unless the first failed; the job builds it */
  async requestExport(userId: number): Promise<DataExport> {
    await this.person(userId)
    const now = this.now()
    const id = await this.repo.insertExport(userId, iso(now).slice(0, 10), iso(now))
    if (id === null) throw new AppError(674, { httpStatus: 429 })
    await this.ctx.jobs.enqueue({ type: PRIVACY_JOBS.exportBuild, payload: { exportId: id }, runAt: iso(now), dedupeKey: `privacy-export:${id}:${iso(now)}` })
    return { id, state: 'pending', requestedAt: iso(now), readyAt: null, expiresAt: null, size: null }
  }

  /** the job: builds the zip, stores it, tells the person (inbox and e-mail) */
  async buildExport(exportId: number): Promise<void> {
    const row = await this.repo.exportById(exportId)
    if (!row || row.state !== 'pending') return
    const person = await this.repo.person(row.user_id)
    if (!person) return this.repo.exportFailed(exportId).then(() => undefined)
    const key = `private/exports/${crypto.randomBytes(16).toString('hex')}.zip`
    let size: number
    try {
      const zip = await this.archive(row.user_id)
      const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
      size = (await this.ctx.storage.put(key, Readable.from([bytes]), { contentType: 'application/zip' })).size
    } catch (err) {
      // the person sees "failed" and may ask again at once (insertExport); the job keeps the error
      await this.ctx.storage.delete(key).catch(() => undefined)
      await this.repo.exportFailed(exportId)
      throw err
    }
    const now = this.now()
    const expiresAt = iso(addMs(now, DATA_EXPORT_KEEP_DAYS * DAY))
    await this.repo.exportReady(exportId, key, size, iso(now), expiresAt)
    // the inbox item is written first; a mail that cannot go is not worth failing the download for
    await this.notification.dataExportReady(row.user_id, exportId, expiresAt).catch(() => undefined)
  }

  /** what the product holds about the person, as data.json, data.html and the attachment files */
  async archive(userId: number): Promise<JSZip> {
    const all = await this.repo.everything(userId)
    const zip = new JSZip()
    const attachments: Array<{ url: string; file: string }> = []
    const files = zip.folder('attachments')!
    const enrolments = all.enrolments.map((e) => {
      const answers = parseAnswers(e.form_answers)
      return {
        id: e.id,
        activity: { id: e.activity_id, titleZh: e.title_zh, titleEn: e.title_en, startTime: e.start_time },
        status: e.status,
        answers,
        ticketCode: e.ticket_code,
        checkedInAt: e.checked_in_at,
        cancelledAt: e.cancelled_at,
        createdAt: e.created_at,
      }
    })
    for (const e of enrolments) {
      for (const v of Object.values(e.answers)) {
        for (const url of [v].flat()) {
          if (typeof url !== 'string' || !keyOfUploadUrl(url)) continue
          if (attachments.some((a) => a.url === url)) continue
          const got = await this.ctx.storage.get(keyOfUploadUrl(url)!)
          if (!got) continue
          const file = `${e.id}-${url.split('/').pop()}`
          files.file(file, await streamToBuffer(got.body))
          attachments.push({ url, file: `attachments/${file}` })
        }
      }
    }
    const u = all.user
    const data = {
      generatedAt: iso(this.now()),
      profile: {
        id: u.id,
        email: u.email,
        nickName: u.nick_name,
        realName: u.real_name,
        phone: u.phone,
        avatarUrl: u.avatar_url,
        lang: u.lang,
        createdAt: u.created_at,
        promoter: u.is_promoter ? { code: u.promoter_code, email: u.promoter_email } : null,
        wechat: all.wechat.map((w) => ({ app: w.app_kind, linkedAt: w.created_at })),
        notificationSettings: all.settings,
      },
      consents: all.consents.map((c) => ({ agreementVersion: c.agreement_version, privacyVersion: c.privacy_version, channel: c.channel, kind: c.kind, at: c.created_at })),
      enrolments,
      attachments,
      waitlist: all.waitlist.map((w) => ({ id: w.id, activity: { id: w.activity_id, titleZh: w.title_zh, titleEn: w.title_en }, state: w.state, answers: parseAnswers(w.form_answers), createdAt: w.created_at })),
      checkins: all.checkins.map((c) => ({ enrolmentId: c.enrollment_id, action: c.action, kind: c.kind, at: c.scanned_at })),
      tickets: enrolments.filter((e) => e.ticketCode).map((e) => ({ enrolmentId: e.id, activity: e.activity, code: e.ticketCode, checkedInAt: e.checkedInAt })),
      favorites: all.favorites.map((f) => ({ type: f.item_type, id: f.item_id, at: f.created_at })),
      follows: all.follows.map((f) => ({ organizationId: f.organization_id, nameZh: f.name_zh, nameEn: f.name_en, at: f.created_at })),
      subscriptions: all.subscribers.map((s) => ({ email: s.email, status: s.status, lang: s.lang, createdAt: s.created_at, confirmedAt: s.confirmed_at })),
      chat: all.chat.map((m) => ({ conversationId: m.conversation_id, from: m.send_type, type: m.msg_type, content: m.msg_content, url: m.url, at: m.send_time })),
      inbox: all.inbox.map((n) => ({ kind: n.kind, titleZh: n.title_zh, titleEn: n.title_en, bodyZh: n.body_zh, bodyEn: n.body_en, readAt: n.read_at, at: n.created_at })),
      prizes: all.prizes.map((p) => ({ raffleZh: p.raffle_zh, raffleEn: p.raffle_en, giftZh: p.gift_zh, giftEn: p.gift_en, at: p.created_at, claimedAt: p.claimed_at })),
      feedback: all.feedback.map((f) => ({ description: f.description, name: f.name, tel: f.tel, email: f.email, status: f.status, reply: f.reply_content, at: f.created_at })),
    }
    zip.file('data.json', JSON.stringify(data, null, 2))
    zip.file('data.html', renderHtml(data))
    return zip
  }

  /** the zip for its owner only: 675 when it is not ready, has expired or is someone else's (the same answer) */
  async download(userId: number, id: number) {
    const row = await this.repo.exportById(id)
    const nowIso = iso(this.now())
    if (!row || row.user_id !== userId || row.state !== 'ready' || !row.storage_key || !row.expires_at || row.expires_at <= nowIso) {
      throw new AppError(675, { httpStatus: 404 })
    }
    const got = await this.ctx.storage.get(row.storage_key)
    if (!got) throw new AppError(675, { httpStatus: 404 })
    return { body: got.body, size: got.meta.size, filename: `haijiao-data-${row.requested_at.slice(0, 10)}.zip` }
  }

  /** downloads past their time: the file goes, the row says expired */
  async expireExports(): Promise<number> {
    const rows = await this.repo.expiredExports(iso(this.now()))
    for (const r of rows) {
      if (r.storage_key) await this.ctx.storage.delete(r.storage_key)
      await this.repo.exportExpired(r.id)
    }
    return rows.length
  }
}

function parseAnswers(raw: string | null): Record<string, unknown> {
  try {
    const v = JSON.parse(raw || '{}')
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

async function streamToBuffer(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c))
  return Buffer.concat(chunks)
}
