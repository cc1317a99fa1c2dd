/**
 * Activity publishing and the manager list. Access: an organizer (data scope 'org') works on its own
 * organisations' activities only — any other id answers 302 (as if it did not exist) and changes
 * nothing; new activities are forced into its organisation. Operations (scope 'all') see and edit all.
 * What a save may hold and what publishing needs: activity-publish.fields.ts. Every write validates
 * first and then writes in one transaction, so a refused request changes nothing.
 */
import QRCode from 'qrcode'
import type { Updateable } from 'kysely'
import type { AdminAccess, AppContext } from '../../context'
import { DICT, type ActivitiesTable } from '../../db/schema'
import { camelRow, flagsOf } from '../../db/rows'
import { AppError, paramError } from '../../lib/app-error'
import { toPage } from '../../lib/paging'
import { pick, type AuditNote } from '../../lib/audit-note'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { ActivityChange, NotificationService } from '../notification/notification.service'
import { timeStatus } from './activity.service'
import { ActivityAdminRepository } from './activity-admin.repository'
import { checkFields, columnsOf, emptyFields, fieldsOf, mergeFields } from './activity-publish.fields'
import {
  TIME_ZONES,
  type AdminActivityDetail,
  type AdminActivityFields,
  type AdminActivityItem,
  type AdminActivityListQuery,
  type AdminActivityOptions,
  type AdminActivitySaveBody,
  type AdminActivityShare,
} from '@contracts/admin-activity'

type Row = NonNullable<Awaited<ReturnType<ActivityAdminRepository['findById']>>>

export class ActivityAdminService {
  private readonly repo: ActivityAdminRepository
  /** seats may have been raised: the waiting list offers the free ones (wired in services.ts; idempotent) */
  seatsChanged: (activityId: number) => Promise<unknown> = async () => undefined

  constructor(
    private readonly ctx: AppContext,
    private readonly dict: DictionaryService,
    /** the enrolled hear of a change they rely on, of a cancellation, and get reminders at the new time */
    private readonly notifications: Pick<NotificationService, 'emit' | 'scheduleReminders'>,
  ) {
    this.repo = new ActivityAdminRepository(ctx.db, ctx.dbKind)
  }

  private scope(access: AdminAccess): number[] | null {
    return access.dataScope === 'all' ? null : access.organizationIds
  }

  /** the activity if the caller may see it; otherwise 302 (no existence leak) */
  private async owned(id: number, access: AdminAccess, repo = this.repo): Promise<Row> {
    const row = await repo.findById(id)
    const scope = this.scope(access)
    if (!row || (scope && !scope.includes(row.organization_id))) throw new AppError(302)
    return row
  }

  async list(q: AdminActivityListQuery, access: AdminAccess) {
    const page = q.page ?? 1
    const pageSize = q.pageSize ?? 20
    const sortField = q.sortField === 'startTime' ? 'start_time' : q.sortField === 'enrolledCount' ? 'enrolled_count' : 'created_at'
    const f = {
      organizationIds: this.scope(access),
      filter: q.filter ?? 'all',
      keyword: q.keyword?.trim() || undefined,
      sortField,
      sortOrder: q.sortOrder === 'ascend' ? 'asc' : 'desc',
      nowIso: this.ctx.clock.now().toISOString(),
      offset: (page - 1) * pageSize,
      limit: pageSize,
    } as const
    const [total, rows] = await Promise.all([this.repo.count(f), this.repo.page(f)])
    const list: AdminActivityItem[] = rows.map((r) => ({
      ...camelRow(r, ['id', 'title_zh', 'title_en', 'type', 'poster_url', 'start_time', 'end_time', 'time_zone', 'country', 'organization_id']),
      organizationNameZh: r.org_name_zh,
      organizationNameEn: r.org_name_en,
      departmentId: r.department_id,
      departmentNameZh: r.dept_name_zh ?? null,
      departmentNameEn: r.dept_name_en ?? null,
      status: r.status,
      timeStatus: r.status === 'draft' || !r.start_time ? 'draft' : timeStatus(r.start_time, r.end_time, f.nowIso),
      ...flagsOf(r, ['is_hot']),
      ...camelRow(r, ['people_count', 'enrolled_count', 'created_at', 'published_at']),
    }))
    return toPage(list, total, page, pageSize)
  }

  async detail(id: number, access: AdminAccess): Promise<AdminActivityDetail> {
    const row = await this.owned(id, access)
    const [addresses, codes] = await Promise.all([this.repo.addresses(id), this.repo.categoryCodes(id)])
    return {
      ...fieldsOf(row, addresses, codes),
      id: row.id,
      status: row.status,
      isHot: !!row.is_hot,
      departmentId: row.department_id,
      enrolledCount: row.enrolled_count,
      organizationNameZh: row.org_name_zh,
      organizationNameEn: row.org_name_en,
    }
  }

  async options(access: AdminAccess): Promise<AdminActivityOptions> {
    const [categories, countries, orgs] = await Promise.all([
      this.dict.options(DICT.activityCategory),
      this.dict.options(DICT.country),
      this.repo.organizations(this.scope(access)),
    ])
    return { categories, countries, timeZones: TIME_ZONES, organizations: orgs.map((o) => ({ id: o.id, nameZh: o.name_zh, nameEn: o.name_en })) }
  }

  private async write(id: number | null, f: AdminActivityFields, status: 'draft' | 'published' | null, publishedAt: string | null | undefined): Promise<number> {
    const nowIso = this.ctx.clock.now().toISOString()
    return this.repo.transaction(async (repo) => {
      let activityId: number
      if (id === null) {
        activityId = await repo.insert({ ...columnsOf(f), status: status ?? 'draft', published_at: publishedAt ?? null, created_at: nowIso, updated_at: nowIso })
      } else {
        const patch: Updateable<ActivitiesTable> = { ...columnsOf(f), updated_at: nowIso }
        if (status) patch.status = status
        if (publishedAt !== undefined) patch.published_at = publishedAt
        await repo.update(id, patch)
        activityId = id
      }
      await repo.replaceAddresses(activityId, f.addresses.map((a) => ({
        country: a.country, time_zone: a.timeZone, city_zh: a.cityZh, city_en: a.cityEn, address_zh: a.addressZh, address_en: a.addressEn,
      })))
      await repo.replaceCategories(activityId, f.categoryCodes)
      return activityId
    })
  }

  private ownOrganization(access: AdminAccess): number {
    const id = access.organizationIds[0]
    if (!id) throw new AppError(302)
    return id
  }

  /** a new draft (button add) */
  async add(body: AdminActivitySaveBody, access: AdminAccess): Promise<{ id: number }> {
    if (access.dataScope === 'all' && body.organizationId === undefined) throw paramError('organizationId')
    const base = emptyFields(access.dataScope === 'all' ? 0 : this.ownOrganization(access))
    const f = await mergeFields(base, body, access, this.repo)
    checkFields(f, false)
    return { id: await this.write(null, f, 'draft', null) }
  }

  /** save any step of an existing activity (button edit); a published one stays complete */
  /** `note` gets the fields the body set, as they were and as they are (the row read for the check) */
  async save(body: AdminActivitySaveBody, access: AdminAccess, note?: AuditNote): Promise<{ id: number }> {
    const current = await this.editable(body.id, access)
    const f = await mergeFields(current.fields, body, access, this.repo)
    checkFields(f, current.row.status === 'published')
    const id = await this.write(current.row.id, f, null, undefined)
    const keys = Object.keys(body).filter((k) => k in f) as (keyof AdminActivityFields)[]
    await note?.({ before: { id, status: current.row.status, ...pick(current.fields, keys) }, after: { id, status: current.row.status, ...pick(f, keys) } })
    await this.announce(current, f, current.row.status)
    await this.seatsChanged(id)
    return { id }
  }

  /** save what the body carries and publish, everything validated (button publish) */
  /** `note` gets the status (and the fields the body set) as they were and as they are */
  async publish(body: AdminActivitySaveBody, access: AdminAccess, note?: AuditNote): Promise<{ id: number }> {
    const current = await this.editable(body.id, access)
    const f = await mergeFields(current.fields, body, access, this.repo)
    checkFields(f, true)
    const publishedAt = current.row.published_at ?? this.ctx.clock.now().toISOString()
    const id = await this.write(current.row.id, f, 'published', publishedAt)
    const keys = Object.keys(body).filter((k) => k in f) as (keyof AdminActivityFields)[]
    await note?.({
      before: { id, status: current.row.status, published_at: current.row.published_at, ...pick(current.fields, keys) },
      after: { id, status: 'published', published_at: publishedAt, ...pick(f, keys) },
    })
    await this.announce(current, f, 'published')
    await this.seatsChanged(id)
    return { id }
  }

  /**
   * After a save: what the enrolled rely on (start, end, the first address, the online link) that moved
   * in a published activity becomes one notice, from what to what; the reminders follow the start.
   */
  private async announce(before: { row: Row; fields: AdminActivityFields }, f: AdminActivityFields, statusAfter: string) {
    if (statusAfter !== 'published') return
    const id = before.row.id
    if (before.row.status === 'published') {
      const changes: ActivityChange[] = []
      const sameTime = (a: string, b: string) => Date.parse(a) === Date.parse(b)
      if (!sameTime(before.fields.startTime, f.startTime)) changes.push({ field: 'start', from: before.fields.startTime, to: f.startTime })
      if (!sameTime(before.fields.endTime, f.endTime)) changes.push({ field: 'end', from: before.fields.endTime, to: f.endTime })
      const place = (x: AdminActivityFields) => {
        const a = x.addresses[0]
        return a ? `${a.cityZh} ${a.addressZh}`.trim() + (a.addressEn ? ` / ${a.addressEn} ${a.cityEn}`.trimEnd() : '') : ''
      }
      if (place(before.fields) !== place(f)) changes.push({ field: 'address', from: place(before.fields), to: place(f) })
      if ((before.fields.liveUrl ?? '') !== (f.liveUrl ?? '')) changes.push({ field: 'link', from: before.fields.liveUrl ?? '', to: f.liveUrl ?? '' })
      if (changes.length) await this.notifications.emit({ type: 'activity_changed', activityId: id, changes }, `change:${id}:${this.ctx.clock.now().toISOString()}`)
    }
    await this.notifications.scheduleReminders(id)
  }

  /** manager toggle: publish what is stored (validated like publish) */
  async republish(id: number, access: AdminAccess, note?: AuditNote): Promise<{ id: number }> {
    return this.publish({ id }, access, note)
  }

  /** `note` gets the status as it was and as it is */
  async unpublish(id: number, access: AdminAccess, note?: AuditNote): Promise<{ id: number }> {
    const row = await this.owned(id, access)
    const nowIso = this.ctx.clock.now().toISOString()
    await this.repo.update(row.id, { status: 'draft', updated_at: nowIso })
    await note?.({ before: { id: row.id, status: row.status }, after: { id: row.id, status: 'draft' } })
    if (row.status === 'published') await this.notifications.emit({ type: 'activity_cancelled', activityId: row.id, how: 'unpublished' }, `unpublish:${row.id}:${nowIso}`)
    return { id: row.id }
  }

  async setHot(id: number, isHot: boolean, access: AdminAccess): Promise<{ id: number; isHot: boolean }> {
    const row = await this.owned(id, access)
    await this.repo.update(row.id, { is_hot: isHot ? 1 : 0, updated_at: this.ctx.clock.now().toISOString() })
    return { id: row.id, isHot }
  }

  /** assign to a department below the activity's organisation (null clears it) */
  async setDepartment(id: number, departmentId: number | null, access: AdminAccess): Promise<{ id: number; departmentId: number | null }> {
    const row = await this.owned(id, access)
    if (departmentId !== null) {
      // walk up from the department: it must sit below the activity's organisation
      let cur = await this.repo.organization(departmentId)
      if (!cur || cur.id === row.organization_id) throw paramError('departmentId')
      let guard = 0
      while (cur && cur.pid !== 0 && cur.pid !== row.organization_id && guard++ < 20) cur = await this.repo.organization(cur.pid)
      if (!cur || cur.pid !== row.organization_id) throw paramError('departmentId')
    }
    await this.repo.update(row.id, { department_id: departmentId, updated_at: this.ctx.clock.now().toISOString() })
    return { id: row.id, departmentId }
  }

  async share(id: number, origin: string): Promise<AdminActivityShare> {
    const url = `${origin.replace(/\/+$/, '')}/activityDetail?id=${id}`
    const qrDataUrl = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 })
    return { url, qrDataUrl }
  }

  async shareOf(id: number, origin: string, access: AdminAccess): Promise<AdminActivityShare> {
    const row = await this.owned(id, access)
    return this.share(row.id, origin)
  }

  /** 621 when hot (spec 8); enrolments, addresses and categories go with it */
  async delete(id: number, access: AdminAccess): Promise<null> {
    const row = await this.owned(id, access)
    if (row.is_hot) throw new AppError(621)
    const nowIso = this.ctx.clock.now().toISOString()
    // the enrolments go with the activity: who was enrolled is read (and told) before they are gone
    if (row.status === 'published') await this.notifications.emit({ type: 'activity_cancelled', activityId: row.id, how: 'cancelled' }, `cancel:${row.id}:${nowIso}`, { now: true })
    await this.repo.transaction((repo) => repo.delete(row.id, nowIso))
    return null
  }

  private async editable(id: number | undefined, access: AdminAccess) {
    if (!id) throw paramError('id')
    const row = await this.owned(id, access)
    const [addresses, codes] = await Promise.all([this.repo.addresses(row.id), this.repo.categoryCodes(row.id)])
    return { row, fields: fieldsOf(row, addresses, codes) }
  }
}
