/**
 * Group notices to an activity's enrollees: stored, then sent by the job queue (`notice.send`, run at
 * the chosen time) through the delivery ledger, so each enrollee gets the mail once even across a
 * restart or with two instances. The personal centre lists the notices sent to the logged-in user.
 */
import type { AppContext, AdminAccess } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import type { EnrollmentStatus } from '@contracts/enrollment'
import type { MyNoticeItem, NoticeActivityOption, NoticeItem, NoticeRecipientItem, NoticeSendBody } from '@contracts/notice'
import { JOB_TYPES } from '../../jobs/job-queue'
import type { DeliveryRow } from '../../jobs/job.repository'
import type { Rendered } from '../../jobs/deliveries'
import { NoticeRepository, type NoticeRow } from './notice.repository'
import type { NotificationService } from '../notification/notification.service'

const DEFAULT_STATUSES: EnrollmentStatus[] = ['pending', 'approved']
const ALL_STATUSES: EnrollmentStatus[] = ['pending', 'approved', 'rejected']

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const scope = (access: AdminAccess) => (access.dataScope === 'all' ? null : access.organizationIds)

function statusesOf(raw: string): EnrollmentStatus[] {
  try {
    const v = JSON.parse(raw) as { statuses?: EnrollmentStatus[] }
    return v.statuses?.length ? v.statuses : DEFAULT_STATUSES
  } catch {
    return DEFAULT_STATUSES
  }
}

export class NoticeService {
  private readonly repo: NoticeRepository
  constructor(
    private readonly ctx: AppContext,
    /** notices reach the inbox of people with an account; their e-mail follows the person's setting */
    private readonly notifications: Pick<NotificationService, 'deliverNotice' | 'unsubscribeUrl'>,
  ) {
    this.repo = new NoticeRepository(ctx.db)
  }

  private async ownActivity(activityId: number, access: AdminAccess) {
    const a = await this.repo.activity(activityId)
    if (!a) throw new AppError(302, { field: 'activityId' })
    const orgs = scope(access)
    if (orgs && (a.organization_id == null || !orgs.includes(a.organization_id))) throw new AppError(402, { httpStatus: 403 })
    return a
  }

  async activities(keyword: string | undefined, access: AdminAccess): Promise<NoticeActivityOption[]> {
    const rows = await this.repo.activityOptions(keyword?.trim() || undefined, scope(access))
    return rows.map((r) => ({ id: r.id, titleZh: r.title_zh, titleEn: r.title_en, startTime: r.start_time, enrolledCount: r.enrolled_count }))
  }

  private normStatuses(s?: string[] | null): EnrollmentStatus[] {
    const list = [...new Set((s ?? []).filter((x): x is EnrollmentStatus => (ALL_STATUSES as string[]).includes(x)))]
    return list.length ? list : DEFAULT_STATUSES
  }

  async preview(activityId: number, statuses: string[] | undefined, access: AdminAccess) {
    await this.ownActivity(activityId, access)
    return { count: (await this.repo.recipients(activityId, this.normStatuses(statuses))).length }
  }

  async send(body: NoticeSendBody, access: AdminAccess, userId: number): Promise<NoticeItem> {
    const title = String(body.title ?? '').trim()
    const content = String(body.content ?? '').trim()
    if (!title) throw new AppError(301, { field: 'title' })
    if (!content) throw new AppError(301, { field: 'content' })
    await this.ownActivity(body.activityId, access)
    const now = this.ctx.clock.now()
    let sendAt = now
    if (body.sendMode === 'fixed') {
      // spec section 5: "the notice send time cannot be empty"
      const t = body.sendAt ? Date.parse(body.sendAt) : NaN
      if (!body.sendAt || Number.isNaN(t)) throw new AppError(301, { field: 'sendAt' })
      if (t < now.getTime() - 60_000) throw new AppError(301, { field: 'sendAt' })
      sendAt = new Date(t)
    }
    const statuses = this.normStatuses(body.statuses)
    const nowIso = now.toISOString()
    const id = await this.repo.insert({
      activity_id: body.activityId,
      title,
      content,
      filters: JSON.stringify({ statuses }),
      send_mode: body.sendMode,
      send_at: sendAt.toISOString(),
      created_by: userId,
      created_at: nowIso,
      updated_at: nowIso,
    })
    const job = await this.ctx.jobs.enqueue({ type: JOB_TYPES.noticeSend, payload: { noticeId: id }, runAt: sendAt.toISOString(), dedupeKey: `notice:${id}` })
    await this.repo.update(id, { job_id: job.id })
    return this.item(id)
  }

  async cancel(id: number, access: AdminAccess): Promise<NoticeItem> {
    const n = await this.repo.findById(id)
    if (!n) throw new AppError(302)
    await this.ownActivity(n.activity_id, access)
    if (n.status !== 'scheduled' || !n.job_id || !(await this.ctx.jobs.cancel(n.job_id))) throw new AppError(425, { result: { reason: 'already sending or sent' } })
    await this.repo.update(id, { status: 'cancelled', updated_at: this.ctx.clock.now().toISOString() })
    return this.item(id)
  }

  private toItem(n: NoticeRow & { activity_title_zh: string; activity_title_en: string }, counts: Record<string, number> = {}): NoticeItem {
    return {
      id: n.id,
      activityId: n.activity_id,
      activityTitleZh: n.activity_title_zh,
      activityTitleEn: n.activity_title_en,
      title: n.title,
      content: n.content,
      statuses: statusesOf(n.filters),
      sendMode: n.send_mode,
      sendAt: n.send_at,
      status: n.status,
      recipientCount: n.recipient_count,
      sentCount: counts.sent ?? 0,
      failedCount: counts.failed ?? 0,
      createdAt: n.created_at,
    }
  }

  private async item(id: number): Promise<NoticeItem> {
    const n = (await this.repo.findById(id))!
    const a = await this.repo.activity(n.activity_id)
    const counts = (await this.repo.deliveryCounts([id])).get(id)
    return this.toItem({ ...n, activity_title_zh: a?.title_zh ?? '', activity_title_en: a?.title_en ?? '' }, counts)
  }

  async list(q: PageQuery & { keyword?: string; activityId?: number; status?: string }, access: AdminAccess) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({ keyword: q.keyword?.trim() || undefined, activityId: q.activityId, status: q.status || undefined, organizationIds: scope(access), offset, limit: pageSize })
    const counts = await this.repo.deliveryCounts(rows.map((r) => r.id))
    return toPage(rows.map((r) => this.toItem(r, counts.get(r.id))), total, page, pageSize)
  }

  /** the notices of one activity the caller may write to (403 for another organisation's) */
  async activityNotices(q: PageQuery & { activityId: number }, access: AdminAccess) {
    await this.ownActivity(q.activityId, access)
    return this.list({ page: q.page, pageSize: q.pageSize, activityId: q.activityId }, access)
  }

  async history(q: PageQuery & { noticeId: number; keyword?: string; status?: string }, access: AdminAccess) {
    const n = await this.repo.findById(q.noticeId)
    if (!n) throw new AppError(302, { field: 'noticeId' })
    await this.ownActivity(n.activity_id, access)
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.history({ noticeId: q.noticeId, keyword: q.keyword?.trim() || undefined, status: q.status || undefined, offset, limit: pageSize })
    const list: NoticeRecipientItem[] = rows.map((r) => ({ id: r.id, email: r.recipient, userId: r.user_id, status: r.status, error: r.error, sentAt: r.sent_at }))
    return toPage(list, total, page, pageSize)
  }

  async mine(userId: number, q: PageQuery) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.mine(userId, offset, pageSize)
    const list: MyNoticeItem[] = rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      activityId: r.activity_id,
      activityTitleZh: r.title_zh,
      activityTitleEn: r.title_en,
      sentAt: r.sent_at ?? r.send_at,
    }))
    return toPage(list, total, page, pageSize)
  }

  // ------------------------------------------------------------------ job steps

  /** Fan-out (idempotent): one delivery row per enrollee; answers the notice or null when cancelled. */
  async fanOut(jobId: number, noticeId: number): Promise<NoticeRow | null> {
    const n = await this.repo.findById(noticeId)
    if (!n || n.status === 'cancelled') return null
    const recipients = await this.repo.recipients(n.activity_id, statusesOf(n.filters))
    const nowIso = this.ctx.clock.now().toISOString()
    const byMail = await this.notifications.deliverNotice({ id: n.id, activityId: n.activity_id, title: n.title, content: n.content }, recipients)
    await this.ctx.jobs.addDeliveries(
      jobId,
      byMail.map((r) => ({ dedupeKey: `notice:${n.id}:${r.email}`, kind: 'notice', recipient: r.email, noticeId: n.id, userId: r.userId })),
      nowIso,
    )
    if (n.status === 'scheduled') await this.repo.update(n.id, { status: 'sending', recipient_count: byMail.length, updated_at: nowIso })
    return n
  }

  async markSent(noticeId: number) {
    await this.repo.update(noticeId, { status: 'sent', updated_at: this.ctx.clock.now().toISOString() })
  }

  async render(n: NoticeRow, rows: DeliveryRow[]): Promise<Map<number, Rendered>> {
    const out = new Map<number, Rendered>()
    const a = await this.repo.activity(n.activity_id)
    const black = new Set((await this.repo.blacklistedAmong(rows.map((r) => r.recipient))).map((r) => r.email))
    const link = `${this.ctx.config.publicUrl}/activityDetail?id=${n.activity_id}`
    const activity = a ? `${a.title_zh} / ${a.title_en}` : ''
    for (const r of rows) {
      if (black.has(r.recipient)) {
        out.set(r.id, { skip: 'blacklisted' })
        continue
      }
      const unsubscribe = r.user_id !== null ? this.notifications.unsubscribeUrl(r.user_id, 'notices') : null
      out.set(r.id, {
        // RFC 8058: a person can stop notice mails from the mail client (the inbox keeps them)
        headers: unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
        subject: n.title,
        text: `${n.content}\n\n${activity}\n${link}\n`,
        html: `<p>${escapeHtml(n.content).replace(/\n/g, '<br>')}</p><p style="color:#888"><a href="${link}">${escapeHtml(activity)}</a></p>`,
      })
    }
    return out
  }
}
