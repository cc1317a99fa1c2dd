/**
 * Admin enrolment management. Every read and write starts from the activity in the caller's
 * scope (operations: all; organizer: its organizations) and answers 302 otherwise, so another
 * organization's enrolments neither show nor change, nor leak that they exist. Approval reuses the
 * consumer service's status change (seat accounting in one transaction); edited answers pass the same
 * validation as the consumer form.
 */
import { REJECT_REASON_MAX } from '@contracts/notification'
import type { AppContext, AdminAccess } from '../../context'
import { camelRow, flagsOf } from '../../db/rows'
import { AppError } from '../../lib/app-error'
import { fileNameOf, xlsxOf, type XlsxRow } from '../../lib/xlsx'
import { parseJson } from '../../lib/json'
import { pageArgs, toPage } from '../../lib/paging'
import { formOf, type EnrollmentService } from './enrollment.service'
import { validateAnswers } from './enrollment.validation'
import { localTime } from './enrollment.ics'
import { EnrollmentAdminRepository, type EnrollListFilter, type OrgScope } from './enrollment-admin.repository'
import type { Lang } from '@contracts/error-codes'
import type { EnrollAnswers, EnrollAnswerValue, EnrollFormField, EnrollmentStatus } from '@contracts/enrollment'
import type { Page } from '@contracts/api'
import {
  ENROLL_REMARK_MAX,
  type AdminEnrollActivity,
  type AdminEnrollItem,
  type AdminEnrollListPage,
  type AdminEnrollListQuery,
  type AdminTalentDetail,
} from '@contracts/admin-enrollment'

type ActivityRow = NonNullable<Awaited<ReturnType<EnrollmentAdminRepository['activity']>>>
type EnrollRow = Awaited<ReturnType<EnrollmentAdminRepository['pageEnrollments']>>[number]

const scopeOf = (access: AdminAccess): OrgScope => (access.dataScope === 'all' ? null : access.organizationIds)
const EXPORT_LIMIT = 20000

const STATUS_TEXT: Record<Lang, Record<EnrollmentStatus, string>> = {
  zh: { pending: '待审核', approved: '已通过', rejected: '已拒绝', cancelled: '已取消' },
  en: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', cancelled: 'Cancelled' },
}
const EXPORT_HEAD: Record<Lang, { status: string; time: string; promoter: string; user: string; remark: string; guest: string; sheet: string; file: string; checkedIn: string; checkedInBy: string }> = {
  zh: { status: '状态', time: '报名时间', promoter: '推广人', user: '报名账号', remark: '备注', guest: '访客', sheet: '报名名单', file: '报名名单', checkedIn: '签到时间', checkedInBy: '签到人' },
  en: { status: 'Status', time: 'Enrolled at', promoter: 'Promoter', user: 'Account', remark: 'Remark', guest: 'Guest', sheet: 'Enrolments', file: 'enrolments', checkedIn: 'Checked in at', checkedInBy: 'Checked in by' },
}

export function fieldLabel(f: EnrollFormField, lang: Lang): string {
  return (lang === 'zh' ? f.labelZh || f.labelEn : f.labelEn || f.labelZh) || f.key
}

/** an answer as text: option values become labels, multi-values are joined ('、' / ', '), uploads absolute */
export function answerText(f: EnrollFormField, v: EnrollAnswerValue | undefined, lang: Lang, publicUrl: string): string | number {
  if (v === undefined || v === null || v === '') return ''
  const label = (value: string) => {
    const o = (f.options ?? []).find((x) => x.value === value)
    return o ? (lang === 'zh' ? o.labelZh || o.labelEn : o.labelEn || o.labelZh) || value : value
  }
  if (Array.isArray(v)) return v.map((x) => label(String(x))).join(lang === 'zh' ? '、' : ', ')
  if (f.type === 'radio' || f.type === 'select') return label(String(v))
  if (f.type === 'number' && typeof v === 'number') return v
  if (f.type === 'attachment') return /^https?:\/\//.test(String(v)) ? String(v) : `${publicUrl}${String(v)}`
  return String(v)
}

export class EnrollmentAdminService {
  private readonly repo: EnrollmentAdminRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly enrollments: EnrollmentService,
  ) {
    this.repo = new EnrollmentAdminRepository(ctx.db)
  }

  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  private async activityOr302(id: number, access: AdminAccess): Promise<ActivityRow> {
    const a = await this.repo.activity(id, scopeOf(access))
    if (!a) throw new AppError(302, { field: 'activityId' })
    return a
  }

  /** the enrolment and its activity, both in the caller's scope, else 302 */
  private async enrollmentOr302(id: number, access: AdminAccess) {
    const e = await this.repo.enrollment(id)
    const orgs = scopeOf(access)
    if (!e || (orgs && !orgs.includes(e.organization_id))) throw new AppError(302, { field: 'id' })
    const a = await this.activityOr302(e.activity_id, access)
    return { e, a }
  }

  /**
   * entrustHaijiaoProcess: the organizer handed the enrolments to Haijiao — operations approve and edit
   * them, the organizer sees them read-only (627 on any write).
   */
  private readOnly(a: ActivityRow, access: AdminAccess): boolean {
    return !!a.entrust_haijiao_process && access.dataScope !== 'all'
  }

  private writable(a: ActivityRow, access: AdminAccess): void {
    if (this.readOnly(a, access)) throw new AppError(627)
  }

  private toActivity(a: ActivityRow, access: AdminAccess): AdminEnrollActivity {
    return {
      ...camelRow(a, ['id', 'title_zh', 'title_en', 'start_time', 'end_time', 'time_zone', 'status', 'organization_id']),
      organizationNameZh: a.org_name_zh ?? '',
      organizationNameEn: a.org_name_en ?? '',
      ...flagsOf(a, ['enroll_need_process']),
      ...camelRow(a, ['people_count', 'enrolled_count']),
      enrollmentCount: Number(a.enrollment_count ?? 0),
      promotedCount: Number(a.promoted_count ?? 0),
      entrustHaijiaoProcess: !!a.entrust_haijiao_process,
      readOnly: this.readOnly(a, access),
    }
  }

  private toItem(r: EnrollRow): AdminEnrollItem {
    return {
      ...camelRow(r, ['id', 'activity_id', 'status', 'created_at', 'updated_at']),
      answers: parseJson<EnrollAnswers>(r.form_answers, {}),
      remark: r.admin_remark ?? '',
      rejectReason: r.reject_reason ?? '',
      person: r.user_id != null
        ? { userId: r.user_id, nickName: r.user_nick_name ?? '', email: r.user_email ?? '', guest: false }
        : { userId: null, nickName: '', email: r.guest_email ?? '', guest: true },
      promoter: r.promoter_user_id != null
        ? { userId: r.promoter_user_id, nickName: r.promoter_nick_name ?? '', realName: r.promoter_real_name ?? '', code: r.promoter_code ?? '' }
        : null,
      checkedInAt: r.checked_in_at,
      checkedInBy: r.checked_in_at ? (r.checked_in_name ?? '') : null,
      cancelledAt: r.cancelled_at,
      cancelledBy: r.cancelled_at ? (r.cancelled_by == null ? 'self' : (r.cancelled_name ?? '')) : null,
      cancelReason: r.cancel_reason,
    }
  }

  async activities(q: { keyword?: string; page?: number; pageSize?: number }, access: AdminAccess, promotedOnly = false): Promise<Page<AdminEnrollActivity>> {
    const { page, pageSize, offset } = pageArgs(q)
    const keyword = q.keyword?.trim() || undefined
    const orgs = scopeOf(access)
    const [total, ids] = await Promise.all([
      this.repo.countActivities(keyword, orgs, promotedOnly),
      this.repo.pageActivityIds(keyword, orgs, promotedOnly, offset, pageSize),
    ])
    const rows = new Map((await this.repo.activitiesByIds(ids, orgs)).map((r) => [r.id, r]))
    const list = ids.map((id) => rows.get(id)).filter((r): r is ActivityRow => !!r).map((r) => this.toActivity(r, access))
    return toPage(list, total, page, pageSize)
  }

  async list(q: AdminEnrollListQuery, access: AdminAccess, promotedOnly = false): Promise<AdminEnrollListPage> {
    const a = await this.activityOr302(q.activityId, access)
    const { page, pageSize, offset } = pageArgs(q)
    const f: EnrollListFilter = { activityId: a.id, keyword: q.keyword?.trim() || undefined, status: q.status || undefined, sortOrder: q.sortOrder, promotedOnly }
    const [total, rows] = await Promise.all([this.repo.countEnrollments(f), this.repo.pageEnrollments(f, offset, pageSize)])
    return { ...toPage(rows.map((r) => this.toItem(r)), total, page, pageSize), activity: this.toActivity(a, access), fields: formOf(a) }
  }

  /** approve / reject (frees the seat) / back to pending; only where the activity needs approval */
  async setStatus(id: number, status: EnrollmentStatus, access: AdminAccess, reason: string | null = null): Promise<AdminEnrollItem> {
    const { a } = await this.enrollmentOr302(id, access)
    this.writable(a, access)
    if (!a.enroll_need_process) throw new AppError(425, { result: { reason: 'no_process' } })
    const why = status === 'rejected' ? String(reason ?? '').trim() : ''
    if ([...why].length > REJECT_REASON_MAX) throw new AppError(301, { field: 'reason' })
    await this.enrollments.setStatus(id, status, why || null)
    return this.item(id, a.id)
  }

  async updateAnswers(id: number, answers: EnrollAnswers, access: AdminAccess): Promise<AdminEnrollItem> {
    const { a } = await this.enrollmentOr302(id, access)
    this.writable(a, access)
    const clean = await validateAnswers(formOf(a), answers ?? {}, async (key) => (await this.ctx.storage.head(key))?.size ?? null)
    await this.repo.updateAnswers(id, JSON.stringify(clean), this.nowIso())
    return this.item(id, a.id)
  }

  async updateRemark(id: number, remark: string, access: AdminAccess): Promise<AdminEnrollItem> {
    const { a } = await this.enrollmentOr302(id, access)
    this.writable(a, access)
    const text = String(remark ?? '').trim()
    if ([...text].length > ENROLL_REMARK_MAX) throw new AppError(301, { field: 'remark' })
    await this.repo.updateRemark(id, text || null, this.nowIso())
    return this.item(id, a.id)
  }

  private async item(id: number, activityId: number): Promise<AdminEnrollItem> {
    const row = await this.repo.itemRow(activityId, id)
    if (!row) throw new AppError(302)
    return this.toItem(row)
  }

  async talent(enrollmentId: number, access: AdminAccess, promotedOnly = false): Promise<AdminTalentDetail> {
    const { e, a } = await this.enrollmentOr302(enrollmentId, access)
    if (promotedOnly && e.promoter_user_id == null) throw new AppError(302, { field: 'enrollmentId' })
    const u = e.user_id != null ? await this.repo.user(e.user_id) : undefined
    const p = e.promoter_user_id != null ? await this.repo.user(e.promoter_user_id) : undefined
    const rows = await this.repo.personEnrollments({ userId: e.user_id, guestEmail: e.guest_email }, a.organization_id)
    return {
      person: u
        ? { userId: u.id, nickName: u.nick_name, email: u.email, guest: false, realName: u.real_name ?? '', avatarUrl: u.avatar_url, phone: u.phone, registeredAt: u.created_at, isPromoter: !!u.is_promoter }
        : { userId: null, nickName: '', email: e.guest_email ?? '', guest: true, realName: '', avatarUrl: null, phone: null, registeredAt: null, isPromoter: false },
      promoter: p ? { userId: p.id, nickName: p.nick_name, realName: p.real_name ?? '', code: p.promoter_code ?? '' } : null,
      enrollments: rows.map((r) => ({
        id: r.id,
        activityId: r.activity_id,
        activityTitleZh: r.title_zh,
        activityTitleEn: r.title_en,
        activityStartTime: r.start_time,
        status: r.status,
        createdAt: r.created_at,
        answers: parseJson<EnrollAnswers>(r.form_answers, {}),
        fields: formOf(r),
      })),
    }
  }

  /** the .xlsx of an activity's enrolments (the list's filters), in the caller's language */
  async exportXlsx(q: { activityId: number; keyword?: string; status?: EnrollmentStatus | '' }, access: AdminAccess, lang: Lang): Promise<{ filename: string; asciiName: string; body: Buffer }> {
    const a = await this.activityOr302(q.activityId, access)
    const fields = formOf(a)
    const rows = await this.repo.pageEnrollments({ activityId: a.id, keyword: q.keyword?.trim() || undefined, status: q.status || undefined, sortOrder: 'asc' }, 0, EXPORT_LIMIT)
    const head = EXPORT_HEAD[lang]
    const publicUrl = this.ctx.config.publicUrl.replace(/\/+$/, '')
    const columns = [
      { header: '#', key: '_n', width: 6 },
      ...fields.map((f) => ({ header: fieldLabel(f, lang), key: `f_${f.key}`, width: f.type === 'textarea' ? 40 : 20 })),
      { header: head.status, key: '_status', width: 10 },
      { header: head.time, key: '_time', width: 26 },
      { header: head.promoter, key: '_promoter', width: 18 },
      { header: head.user, key: '_user', width: 28 },
      { header: head.remark, key: '_remark', width: 30 },
      { header: head.checkedIn, key: '_checkedIn', width: 26 },
      { header: head.checkedInBy, key: '_checkedInBy', width: 18 },
    ]
    const records = rows.map((r, i) => {
      const item = this.toItem(r)
      const values: XlsxRow = {
        _n: i + 1,
        _status: STATUS_TEXT[lang][item.status],
        _time: `${localTime(item.createdAt, a.time_zone)} (${a.time_zone})`,
        _promoter: item.promoter ? [item.promoter.realName || item.promoter.nickName, item.promoter.code].filter(Boolean).join(' / ') : '',
        _user: item.person.guest ? `${head.guest} ${item.person.email}` : [item.person.nickName, item.person.email].filter(Boolean).join(' / '),
        _remark: item.remark,
        _checkedIn: item.checkedInAt ? `${localTime(item.checkedInAt, a.time_zone)} (${a.time_zone})` : null,
        _checkedInBy: item.checkedInBy || null,
      }
      for (const f of fields) {
        const v = answerText(f, item.answers[f.key], lang, publicUrl)
        values[`f_${f.key}`] = v === '' ? null : v
      }
      return values
    })
    const body = await xlsxOf(this.ctx.clock.now(), head.sheet, columns, records)
    const title = (lang === 'zh' ? a.title_zh || a.title_en : a.title_en || a.title_zh) || `activity-${a.id}`
    const safe = fileNameOf(title)
    return { filename: `${safe}-${head.file}.xlsx`, asciiName: `enrollments-${a.id}.xlsx`, body }
  }
}
