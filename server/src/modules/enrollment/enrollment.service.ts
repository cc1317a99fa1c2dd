/**
 * Enrolment rules. The order follows the button states of enrollStateOf (activity.service):
 * ended → already enrolled (424) → closed (not open, past the deadline) → signUpOnce after a rejection
 * → answers (301) → seats (519, decided atomically by the repository). Logged-out visitors may enrol
 * only where isNeedLoginEnroll = 0; they are identified by the form's first e-mail field and receive a
 * guest token to see their enrolment later.
 */
import crypto from 'node:crypto'
import type { AppContext } from '../../context'
import { camelRow, flagsOf } from '../../db/rows'
import { AppError } from '../../lib/app-error'
import { parseJson } from '../../lib/json'
import { pageArgs, toPage } from '../../lib/paging'
import type { ActivityService } from '../activity/activity.service'
import type { ProjectAdminService } from '../competition/project-admin.service'
import type { NotificationService } from '../notification/notification.service'
import { EnrollConflict, EnrollmentRepository, type MySegment } from './enrollment.repository'
import { validateAnswers } from './enrollment.validation'
import { buildIcs, localTime } from './enrollment.ics'
import type { Lang } from '@contracts/error-codes'
import type { EnrollmentStatus } from '../../db/schema'
import type {
  EnrollAnswers,
  EnrollForm,
  EnrollFormField,
  EnrollRefusal,
  EnrollSubmitBody,
  EnrollSubmitResult,
  MyEnrollmentDetail,
  MyEnrollmentItem,
} from '@contracts/enrollment'
import type { Page } from '@contracts/api'

type ActivityRow = NonNullable<Awaited<ReturnType<EnrollmentRepository['activity']>>>
type EnrollmentRow = Awaited<ReturnType<EnrollmentRepository['ofUser']>>[number]

const refuse = (reason: EnrollRefusal) => new AppError(425, { result: { reason } })

export function formOf(a: Pick<ActivityRow, 'enroll_form'>): EnrollFormField[] {
  const list = parseJson<EnrollFormField[]>(a.enroll_form, [])
  return Array.isArray(list) ? list : []
}

function isActive(e: Pick<EnrollmentRow, 'status'>) {
  return e.status === 'pending' || e.status === 'approved'
}

function detailOf(mine: EnrollmentRow[]): MyEnrollmentDetail | null {
  const e = mine.find(isActive) ?? mine[0]
  if (!e) return null
  return { enrollmentId: e.id, status: e.status, createdAt: e.created_at, answers: parseJson<EnrollAnswers>(e.form_answers, {}) }
}

export class EnrollmentService {
  private readonly repo: EnrollmentRepository
  /**
   * Seats freed by a status change were offered to these waiting-list entries (same transaction);
   * the waiting list (WaitlistService.announce, wired in services.ts) tells them and schedules the expiry.
   */
  seatsOffered: (activityId: number, waitlistIds: number[]) => Promise<void> = async () => {}
  constructor(
    private readonly ctx: AppContext,
    private readonly activities: ActivityService,
    /** isSyncProject: an approved enrolment's project joins the activity's competition */
    private readonly projects: Pick<ProjectAdminService, 'syncEnrollment'>,
    /** the person hears of their enrolment and its result; a confirmed seat gets the activity's reminders */
    private readonly notifications: Pick<NotificationService, 'emit' | 'scheduleReminders'>,
  ) {
    this.repo = new EnrollmentRepository(ctx.db)
  }

  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  private async activityOr302(id: number): Promise<ActivityRow> {
    const a = await this.repo.activity(id)
    if (!a) throw new AppError(302)
    return a
  }

  async form(activityId: number, userId: number | null, guestToken?: string): Promise<EnrollForm> {
    const a = await this.activityOr302(activityId)
    const mine = userId
      ? await this.repo.ofUser(activityId, userId)
      : guestToken
        ? await this.repo.ofGuestToken(activityId, guestToken)
        : []
    return {
      activityId: a.id,
      titleZh: a.title_zh,
      titleEn: a.title_en,
      fields: formOf(a),
      ...camelRow(a, ['enroll_notes_zh', 'enroll_notes_en']),
      ...flagsOf(a, ['is_need_login_enroll', 'sign_up_once', 'enroll_need_process']),
      ...camelRow(a, ['people_count', 'enrolled_count']),
      ...(await this.formWaitlist(a, mine, userId, guestToken)),
      myEnrollment: detailOf(mine),
    }
  }

  private async formWaitlist(a: ActivityRow, mine: EnrollmentRow[], userId: number | null, guestToken?: string) {
    const waitlist = await this.activities.waitlistInfo(a, userId, guestToken)
    const own = waitlist.mine && (waitlist.mine.state === 'waiting' || waitlist.mine.state === 'offered') ? waitlist.mine.state : null
    return { enrollState: this.activities.enrollState(a, mine, this.nowIso(), { mine: own, waiting: waitlist.waitingCount }), waitlist }
  }

  /** the rules that do not depend on the answers, in the button's order */
  private checkRules(a: ActivityRow, mine: EnrollmentRow[], nowIso: string) {
    if (a.end_time <= nowIso) throw refuse('ended')
    if (mine.some(isActive)) throw new AppError(424)
    if (!a.is_open) throw refuse('closed')
    const deadline = a.is_deadline_equal_end ? a.end_time : a.enroll_deadline
    if (deadline && deadline <= nowIso) throw refuse('deadline')
    if (mine.length && a.sign_up_once) throw refuse('sign_up_once')
    if (a.people_count > 0 && a.enrolled_count + a.held_count >= a.people_count) throw new AppError(519)
  }

  async submit(body: EnrollSubmitBody, userId: number | null): Promise<EnrollSubmitResult> {
    const a = await this.activityOr302(body.activityId)
    if (!userId && a.is_need_login_enroll) throw new AppError(201, { httpStatus: 401 })
    const nowIso = this.nowIso()
    const fields = formOf(a)
    let guestEmail: string | null = null
    let mine: EnrollmentRow[]
    if (userId) {
      mine = await this.repo.ofUser(a.id, userId)
      this.checkRules(a, mine, nowIso)
    } else {
      // a visitor is identified by the form's e-mail; a form without one needs a login
      const emailField = fields.find((f) => f.type === 'email')
      if (!emailField) throw new AppError(201, { httpStatus: 401 })
      const raw = body.answers?.[emailField.key]
      const answers = await validateAnswers([{ ...emailField, required: true }], { [emailField.key]: raw ?? null }, this.storedSize)
      guestEmail = String(answers[emailField.key])
      mine = await this.repo.ofGuestEmail(a.id, guestEmail)
      this.checkRules(a, mine, nowIso)
    }
    const answers = await validateAnswers(fields, body.answers ?? {}, this.storedSize)
    let promoterUserId: number | null = null
    if (body.promoterCode) {
      const p = await this.repo.promoterByCode(body.promoterCode.trim())
      // a promoter's own enrolment is not attributed to them
      if (p && p.id !== userId) promoterUserId = p.id
    }
    const status = a.enroll_need_process ? 'pending' : 'approved'
    const guestToken = userId ? null : crypto.randomBytes(24).toString('hex')
    try {
      const enrollmentId = await this.repo.enroll({
        activityId: a.id,
        userId,
        guestEmail,
        guestToken,
        status,
        answers: JSON.stringify(answers),
        promoterUserId,
        nowIso,
      })
      if (status === 'approved') await this.projects.syncEnrollment(enrollmentId)
      await this.notifications.emit({ type: status === 'approved' ? 'enrol_confirmed' : 'enrol_received', activityId: a.id, enrollmentId }, `enrol:${enrollmentId}:${status}:${nowIso}`)
      if (status === 'approved') await this.notifications.scheduleReminders(a.id)
      return guestToken ? { enrollmentId, status, guestToken } : { enrollmentId, status }
    } catch (err) {
      if (err instanceof EnrollConflict) throw new AppError(err.kind === 'full' ? 519 : 424)
      throw err
    }
  }

  /** for the admin's approval: 302 unknown, 519 no seat left to re-activate, 424 already active */
  async setStatus(enrollmentId: number, status: EnrollmentStatus, rejectReason: string | null = null): Promise<void> {
    try {
      const nowIso = this.nowIso()
      const moved = await this.repo.setStatus(enrollmentId, status, nowIso, rejectReason)
      if (moved === null) throw new AppError(302)
      if (moved.offered.length) await this.seatsOffered(moved.activityId, moved.offered)
      if (status === 'approved') await this.projects.syncEnrollment(enrollmentId)
      if (moved.changed && status !== 'pending') {
        const key = `enrol:${enrollmentId}:${status}:${nowIso}`
        await this.notifications.emit(status === 'rejected' ? { type: 'rejected', activityId: moved.activityId, enrollmentId, reason: rejectReason } : { type: 'approved', activityId: moved.activityId, enrollmentId }, key)
        if (status === 'approved') await this.notifications.scheduleReminders(moved.activityId)
      }
    } catch (err) {
      if (err instanceof EnrollConflict) throw new AppError(err.kind === 'full' ? 519 : err.kind === 'duplicate' ? 424 : 517)
      throw err
    }
  }

  async my(userId: number, segment: MySegment, q: { page?: number; pageSize?: number }): Promise<Page<MyEnrollmentItem>> {
    const { page, pageSize, offset } = pageArgs(q)
    const nowIso = this.nowIso()
    const [total, rows] = await Promise.all([
      this.repo.countMine(userId, segment, nowIso),
      this.repo.pageMine(userId, segment, nowIso, offset, pageSize),
    ])
    const items = new Map((await this.activities.itemsOf([...new Set(rows.map((r) => r.activity_id))])).map((i) => [i.id, i]))
    const list: MyEnrollmentItem[] = []
    for (const r of rows) {
      const activity = items.get(r.activity_id)
      if (activity) list.push({ enrollmentId: r.id, status: r.status, createdAt: r.created_at, activity })
    }
    return toPage(list, total, page, pageSize)
  }

  async ics(activityId: number, lang: Lang): Promise<{ filename: string; body: string }> {
    const a = await this.activityOr302(activityId)
    const addr = await this.repo.firstAddress(a.id)
    const zh = lang === 'zh'
    const title = (zh ? a.title_zh || a.title_en : a.title_en || a.title_zh) || ''
    const summary = (zh ? a.summary_zh || a.summary_en : a.summary_en || a.summary_zh) || ''
    const url = `${this.ctx.config.publicUrl}/activityDetail?id=${a.id}`
    const local = `${localTime(a.start_time, a.time_zone)} – ${localTime(a.end_time, a.time_zone)} (${a.time_zone})`
    const description = [summary, zh ? `当地时间：${local}` : `Local time: ${local}`, ...(a.live_url ? [`${zh ? '直播' : 'Live'}: ${a.live_url}`] : []), url].join('\n')
    const location = addr
      ? (zh ? addr.address_zh || addr.address_en : addr.address_en || addr.address_zh) || ''
      : (zh ? a.city_zh : a.city_en) || ''
    const body = buildIcs({
      uid: `activity-${a.id}@haijiao`,
      startIso: a.start_time,
      endIso: a.end_time,
      stampIso: this.nowIso(),
      summary: title,
      description,
      location,
      url,
      timeZone: a.time_zone,
    })
    return { filename: `haijiao-activity-${a.id}.ics`, body }
  }

  private readonly storedSize = async (key: string) => (await this.ctx.storage.head(key))?.size ?? null
}
