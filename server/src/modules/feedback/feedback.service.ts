/**
 * Leave-a-message entries (consumer card, spec section 5) and the admin feedback inbox.
 * The rules live in src/shared/contracts/feedback.ts so the card and the server cannot disagree.
 */
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import type { Lang } from '@contracts/error-codes'
import {
  validateLeaveMessage,
  type FeedbackItem,
  type FeedbackReplyBody,
  type FeedbackUpdateBody,
  type LeaveMessageBody,
  type LeaveMessageResult,
} from '@contracts/feedback'
import type { Page } from '@contracts/api'
import { FeedbackRepository, type FeedbackRow } from './feedback.repository'

export function toFeedbackItem(r: FeedbackRow): FeedbackItem {
  return {
    id: r.id,
    desc: r.description,
    name: r.name,
    tel: r.tel,
    email: r.email,
    userId: r.user_id,
    status: r.status,
    remark: r.remark,
    replyContent: r.reply_content,
    repliedAt: r.replied_at,
    createdAt: r.created_at,
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export class FeedbackService {
  private readonly repo: FeedbackRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new FeedbackRepository(ctx.db)
  }

  async add(body: Partial<LeaveMessageBody>, userId: number | null): Promise<LeaveMessageResult> {
    const bad = validateLeaveMessage(body)
    if (bad) throw new AppError(301, { field: bad.field, result: { field: bad.field, messageKey: bad.messageKey } })
    const now = this.ctx.clock.now().toISOString()
    const id = await this.repo.insert({
      description: String(body.desc).trim(),
      name: String(body.name).trim(),
      tel: String(body.tel).trim(),
      email: String(body.email).trim(),
      user_id: userId,
      remark: null,
      reply_content: null,
      replied_at: null,
      created_at: now,
      updated_at: now,
    })
    return { id }
  }

  async list(q: PageQuery & { keyword?: string; status?: string }): Promise<Page<FeedbackItem>> {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({ keyword: q.keyword?.trim() || undefined, status: q.status || undefined, offset, limit: pageSize })
    return toPage(rows.map(toFeedbackItem), total, page, pageSize)
  }

  async update(body: FeedbackUpdateBody): Promise<FeedbackItem> {
    const row = await this.repo.findById(body.id)
    if (!row) throw new AppError(302)
    await this.repo.update(body.id, {
      status: body.status,
      ...(body.remark !== undefined ? { remark: body.remark.trim() || null } : {}),
      updated_at: this.ctx.clock.now().toISOString(),
    })
    return toFeedbackItem((await this.repo.findById(body.id))!)
  }

  /** Replies by e-mail right away (an admin waits for the answer); a failed send changes nothing (407). */
  async reply(body: FeedbackReplyBody, lang: Lang): Promise<FeedbackItem> {
    const row = await this.repo.findById(body.id)
    if (!row) throw new AppError(302)
    const subject = body.subject.trim()
    const content = body.content.trim()
    if (!subject) throw new AppError(301, { field: 'subject' })
    if (!content) throw new AppError(301, { field: 'content' })
    const quoteLabel = lang === 'en' ? 'Your message' : '您的留言'
    try {
      await this.ctx.mail.send({
        to: row.email,
        subject,
        text: `${content}\n\n--- ${quoteLabel} ---\n${row.description}\n`,
        html: `<p>${escapeHtml(content).replace(/\n/g, '<br>')}</p><hr><p style="color:#888">${quoteLabel}:<br>${escapeHtml(row.description).replace(/\n/g, '<br>')}</p>`,
      })
    } catch {
      throw new AppError(407)
    }
    const now = this.ctx.clock.now().toISOString()
    await this.repo.update(body.id, { reply_content: content, replied_at: now, status: 'done', updated_at: now })
    return toFeedbackItem((await this.repo.findById(body.id))!)
  }
}
