/**
 * Admin reads and writes of enrolments. `orgs` null = every organization (operations), else
 * the caller's organizations: rows of other organizations' activities are simply not found.
 * Lists are bounded by one activity (the (activity_id, created_at) / (activity_id, status, created_at)
 * indexes) or by the caller's activities.
 */
import { sql } from 'kysely'
import type { Database } from '../../db/database'
import type { EnrollmentStatus } from '../../db/schema'

export type OrgScope = number[] | null

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`)
}
/** an empty scope matches nothing */
const inOrgs = (orgs: OrgScope) => (orgs && orgs.length ? orgs : [-1])
const likeOf = (keyword: string) => `%${escapeLike(keyword.toLowerCase())}%`
const lowerLike = (ref: string, pattern: string) => sql<boolean>`lower(${sql.ref(ref)}) like ${pattern} escape '\\'`

export interface EnrollListFilter {
  activityId: number
  keyword?: string
  status?: EnrollmentStatus
  promotedOnly?: boolean
  sortOrder?: 'asc' | 'desc'
}

export class EnrollmentAdminRepository {
  constructor(private readonly db: Database) {}

  private activityRows(orgs: OrgScope) {
    return this.db
      .selectFrom('activities as a')
      .leftJoin('organizations as o', 'o.id', 'a.organization_id')
      .select([
        'a.id', 'a.title_zh', 'a.title_en', 'a.start_time', 'a.end_time', 'a.time_zone', 'a.status', 'a.organization_id',
        'a.enroll_need_process', 'a.entrust_haijiao_process', 'a.people_count', 'a.enrolled_count', 'a.enroll_form', 'o.name_zh as org_name_zh', 'o.name_en as org_name_en',
      ])
      .select((eb) => [
        eb.selectFrom('activity_enrollments as c').whereRef('c.activity_id', '=', 'a.id').select((x) => x.fn.countAll<number>().as('n')).as('enrollment_count'),
        eb.selectFrom('activity_enrollments as c').whereRef('c.activity_id', '=', 'a.id').where('c.promoter_user_id', 'is not', null).select((x) => x.fn.countAll<number>().as('n')).as('promoted_count'),
      ])
      .$if(!!orgs, (q) => q.where('a.organization_id', 'in', inOrgs(orgs)))
  }

  /** one activity with what the list header and the checks need; undefined when absent or out of scope */
  activity(id: number, orgs: OrgScope) {
    return this.activityRows(orgs).where('a.id', '=', id).executeTakeFirst()
  }

  activitiesByIds(ids: number[], orgs: OrgScope) {
    return ids.length ? this.activityRows(orgs).where('a.id', 'in', ids).execute() : Promise.resolve([])
  }

  private activityList(keyword: string | undefined, orgs: OrgScope, promotedOnly: boolean) {
    let q = this.db.selectFrom('activities as a').$if(!!orgs, (x) => x.where('a.organization_id', 'in', inOrgs(orgs)))
    if (keyword) {
      const like = likeOf(keyword)
      q = q.where((eb) => eb.or([lowerLike('a.title_zh', like), lowerLike('a.title_en', like)]))
    }
    if (promotedOnly) {
      q = q.where((eb) => eb.exists(eb.selectFrom('activity_enrollments as p').select('p.id').whereRef('p.activity_id', '=', 'a.id').where('p.promoter_user_id', 'is not', null)))
    }
    return q
  }

  async countActivities(keyword: string | undefined, orgs: OrgScope, promotedOnly: boolean): Promise<number> {
    const r = await this.activityList(keyword, orgs, promotedOnly).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  /** newest activity first; ids only, the rows come from activity() */
  async pageActivityIds(keyword: string | undefined, orgs: OrgScope, promotedOnly: boolean, offset: number, limit: number): Promise<number[]> {
    const rows = await this.activityList(keyword, orgs, promotedOnly).select('a.id').orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').limit(limit).offset(offset).execute()
    return rows.map((r) => r.id)
  }

  private enrollments(f: EnrollListFilter) {
    let q = this.db
      .selectFrom('activity_enrollments as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('users as p', 'p.id', 'e.promoter_user_id')
      .leftJoin('users as ci', 'ci.id', 'e.checked_in_by')
      .leftJoin('users as cx', 'cx.id', 'e.cancelled_by')
      .where('e.activity_id', '=', f.activityId)
    if (f.status) q = q.where('e.status', '=', f.status)
    if (f.promotedOnly) q = q.where('e.promoter_user_id', 'is not', null)
    if (f.keyword) {
      const like = likeOf(f.keyword)
      q = q.where((eb) =>
        eb.or([
          lowerLike('u.nick_name', like),
          lowerLike('u.email', like),
          lowerLike('e.guest_email', like),
          lowerLike('e.form_answers', like),
          lowerLike('e.admin_remark', like),
          ...(f.promotedOnly ? [lowerLike('p.real_name', like), lowerLike('p.nick_name', like), lowerLike('p.promoter_code', like)] : []),
        ]),
      )
    }
    return q
  }

  async countEnrollments(f: EnrollListFilter): Promise<number> {
    const r = await this.enrollments(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  private static readonly ITEM_COLUMNS = [
    'e.id', 'e.activity_id', 'e.status', 'e.created_at', 'e.updated_at', 'e.form_answers', 'e.admin_remark', 'e.reject_reason', 'e.user_id', 'e.guest_email',
    'e.promoter_user_id', 'u.nick_name as user_nick_name', 'u.email as user_email',
    'p.nick_name as promoter_nick_name', 'p.real_name as promoter_real_name', 'p.promoter_code as promoter_code',
    'e.checked_in_at', 'ci.nick_name as checked_in_name', 'e.cancelled_at', 'e.cancelled_by', 'e.cancel_reason', 'cx.nick_name as cancelled_name',
  ] as const

  /** one row of the list by id (same joins and shape) */
  itemRow(activityId: number, id: number) {
    return this.enrollments({ activityId }).select(EnrollmentAdminRepository.ITEM_COLUMNS).where('e.id', '=', id).executeTakeFirst()
  }

  pageEnrollments(f: EnrollListFilter, offset: number, limit: number) {
    const dir = f.sortOrder === 'asc' ? 'asc' : 'desc'
    return this.enrollments(f)
      .select(EnrollmentAdminRepository.ITEM_COLUMNS)
      .orderBy('e.created_at', dir)
      .orderBy('e.id', dir)
      .limit(limit)
      .offset(offset)
      .execute()
  }

  /** one enrolment with its activity's organization (for the scope check) */
  enrollment(id: number) {
    return this.db
      .selectFrom('activity_enrollments as e')
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .select(['e.id', 'e.activity_id', 'e.user_id', 'e.guest_email', 'e.promoter_user_id', 'e.status', 'a.organization_id'])
      .where('e.id', '=', id)
      .executeTakeFirst()
  }

  async updateAnswers(id: number, answers: string, nowIso: string): Promise<void> {
    await this.db.updateTable('activity_enrollments').set({ form_answers: answers, updated_at: nowIso }).where('id', '=', id).execute()
  }

  async updateRemark(id: number, remark: string | null, nowIso: string): Promise<void> {
    await this.db.updateTable('activity_enrollments').set({ admin_remark: remark, updated_at: nowIso }).where('id', '=', id).execute()
  }

  user(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'nick_name', 'real_name', 'avatar_url', 'phone', 'created_at', 'is_promoter', 'promoter_code'])
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** a person's enrolments (by user, or by a guest's e-mail) in one organization's activities, newest first */
  personEnrollments(person: { userId: number | null; guestEmail: string | null }, organizationId: number, limit = 100) {
    let q = this.db
      .selectFrom('activity_enrollments as e')
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .select(['e.id', 'e.activity_id', 'e.status', 'e.created_at', 'e.form_answers', 'a.title_zh', 'a.title_en', 'a.start_time', 'a.enroll_form'])
      .where('a.organization_id', '=', organizationId)
    q = person.userId != null ? q.where('e.user_id', '=', person.userId) : q.where('e.user_id', 'is', null).where('e.guest_email', '=', person.guestEmail ?? '')
    return q.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).execute()
  }
}
