/**
 * Activity publishing and the manager list (issue 5). Access: an organizer (data scope 'org') works on
 * its own organisations' activities only — any other id answers 302 (as if it did not exist) and changes
 * nothing; new activities are forced into its organisation. Operations (scope 'all') see and edit all.
 *
 * A draft may be incomplete but what it holds must be well formed (time zone, links, form definition,
 * deadline ≤ end when both are given). Publishing (and saving an already published activity) needs
 * everything: both titles, start < end, at least one address (spec 5), deadline ≤ end (spec 5).
 * Every write validates first and then writes in one transaction, so a refused request changes nothing.
 */
import QRCode from 'qrcode'
import type { Insertable, Updateable } from 'kysely'
import type { AdminAccess, AppContext } from '../../context'
import type { ActivitiesTable } from '../../db/schema'
import { AppError, paramError } from '../../lib/app-error'
import { parseList, parseJson } from '../../lib/json'
import { toPage } from '../../lib/paging'
import { checkWebsite, sanitizeRichText } from '../../lib/rich-text'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import { timeStatus } from './activity.service'
import { ActivityAdminRepository, type AddressRow } from './activity-admin.repository'
import {
  ACTIVITY_TYPES,
  TIME_ZONES,
  timeZoneMinutes,
  type AdminActivityAddress,
  type AdminActivityDetail,
  type AdminActivityFields,
  type AdminActivityItem,
  type AdminActivityListQuery,
  type AdminActivityOptions,
  type AdminActivitySaveBody,
  type AdminActivityShare,
} from '../../../../src/shared/contracts/admin-activity'
import { ENROLL_FIELD_TYPES, type EnrollFormField } from '../../../../src/shared/contracts/enrollment'

type Row = NonNullable<Awaited<ReturnType<ActivityAdminRepository['findById']>>>

const CHOICE_TYPES = new Set(['radio', 'checkbox', 'select'])
const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/
const IMAGE_URL = /^(\/[^\s]*|https?:\/\/[^\s]+)$/i
/** ISO-8601 date-time with an explicit zone (Z or ±hh:mm), milliseconds optional */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/
export const MAX_FORM_FIELDS = 50

/** a stored activity as the editable field set */
function fieldsOf(r: Row, addresses: AddressRow[], categoryCodes: string[]): AdminActivityFields {
  return {
    titleZh: r.title_zh,
    titleEn: r.title_en,
    type: r.type,
    categoryCodes,
    tagsZh: parseList(r.tags_zh),
    tagsEn: parseList(r.tags_en),
    posterUrl: r.poster_url,
    bannerUrl: r.banner_url,
    peopleCount: r.people_count,
    organizationId: r.organization_id,
    startTime: r.start_time,
    endTime: r.end_time,
    addresses: addresses.map((a) => ({
      country: a.country,
      timeZone: a.time_zone,
      cityZh: a.city_zh,
      cityEn: a.city_en,
      addressZh: a.address_zh,
      addressEn: a.address_en,
    })),
    enrollForm: parseJson<EnrollFormField[]>(r.enroll_form, []),
    summaryZh: r.summary_zh,
    summaryEn: r.summary_en,
    detailZh: r.detail_zh,
    detailEn: r.detail_en,
    highlightsZh: parseList(r.highlights_zh),
    highlightsEn: parseList(r.highlights_en),
    isOpen: !!r.is_open,
    isNeedLoginEnroll: !!r.is_need_login_enroll,
    signUpOnce: !!r.sign_up_once,
    enrollNeedProcess: !!r.enroll_need_process,
    entrustHaijiaoProcess: !!r.entrust_haijiao_process,
    enrollNotesZh: r.enroll_notes_zh,
    enrollNotesEn: r.enroll_notes_en,
    enrollDeadline: r.enroll_deadline,
    isDeadlineEqualEnd: !!r.is_deadline_equal_end,
    isSyncProject: !!r.is_sync_project,
    liveUrl: r.live_url,
    liveQrUrl: r.live_qr_url,
    wechatGroupQrUrl: r.wechat_group_qr_url,
  }
}

/** a new activity before its first save */
function emptyFields(organizationId: number): AdminActivityFields {
  return {
    titleZh: '', titleEn: '', type: 'offline', categoryCodes: [], tagsZh: [], tagsEn: [], posterUrl: null, bannerUrl: null,
    peopleCount: 0, organizationId, startTime: '', endTime: '', addresses: [], enrollForm: [], summaryZh: '', summaryEn: '',
    detailZh: '', detailEn: '', highlightsZh: [], highlightsEn: [], isOpen: true, isNeedLoginEnroll: true, signUpOnce: true,
    enrollNeedProcess: false, entrustHaijiaoProcess: false, enrollNotesZh: '', enrollNotesEn: '', enrollDeadline: null,
    isDeadlineEqualEnd: false, isSyncProject: false, liveUrl: null, liveQrUrl: null, wechatGroupQrUrl: null,
  }
}

function isoTime(v: unknown, field: string): string {
  const s = String(v ?? '').trim()
  if (!s) return ''
  if (!ISO_WITH_ZONE.test(s)) throw paramError(field)
  const d = new Date(s)
  if (Number.isNaN(d.getTime())) throw paramError(field)
  return d.toISOString()
}

function imageUrl(v: unknown, field: string): string | null {
  const s = String(v ?? '').trim()
  if (!s) return null
  if (!IMAGE_URL.test(s) || s.startsWith('//')) throw paramError(field)
  return s
}

function textList(v: unknown, field: string, maxItems: number, maxLen: number): string[] {
  if (!Array.isArray(v)) throw paramError(field)
  const out = v.map((x) => String(x ?? '').trim()).filter(Boolean)
  if (out.length > maxItems || out.some((x) => x.length > maxLen)) throw paramError(field)
  return out
}

/** The application form definition: nine types, unique keys, both labels, options for choice types. */
export function validateForm(input: unknown): EnrollFormField[] {
  if (!Array.isArray(input)) throw paramError('enrollForm')
  if (input.length > MAX_FORM_FIELDS) throw paramError('enrollForm')
  const keys = new Set<string>()
  return input.map((raw, i) => {
    const f = (raw ?? {}) as Partial<EnrollFormField>
    const at = `enrollForm.${i}`
    if (!ENROLL_FIELD_TYPES.includes(f.type as EnrollFormField['type'])) throw paramError(`${at}.type`)
    const key = String(f.key ?? '').trim()
    if (!FIELD_KEY.test(key) || keys.has(key)) throw paramError(`${at}.key`)
    keys.add(key)
    const labelZh = String(f.labelZh ?? '').trim()
    const labelEn = String(f.labelEn ?? '').trim()
    if (!labelZh || labelZh.length > 100) throw paramError(`${at}.labelZh`)
    if (!labelEn || labelEn.length > 200) throw paramError(`${at}.labelEn`)
    const field: EnrollFormField = { key, type: f.type as EnrollFormField['type'], labelZh, labelEn, required: !!f.required }
    const ph = (v: unknown) => String(v ?? '').trim().slice(0, 200)
    if (ph(f.placeholderZh)) field.placeholderZh = ph(f.placeholderZh)
    if (ph(f.placeholderEn)) field.placeholderEn = ph(f.placeholderEn)
    const num = (v: unknown, name: string) => {
      if (v === undefined || v === null || v === '') return undefined
      const n = Number(v)
      if (!Number.isFinite(n)) throw paramError(`${at}.${name}`)
      return n
    }
    if (field.type === 'text' || field.type === 'textarea') {
      const max = num(f.maxLength, 'maxLength')
      if (max !== undefined) {
        if (!Number.isInteger(max) || max < 1 || max > 10000) throw paramError(`${at}.maxLength`)
        field.maxLength = max
      }
    }
    if (field.type === 'number') {
      const min = num(f.min, 'min')
      const max = num(f.max, 'max')
      if (min !== undefined && max !== undefined && min > max) throw paramError(`${at}.max`)
      if (min !== undefined) field.min = min
      if (max !== undefined) field.max = max
    }
    if (field.type === 'attachment') field.uploadKind = 'image'
    if (CHOICE_TYPES.has(field.type)) {
      const options = Array.isArray(f.options) ? f.options : []
      if (!options.length || options.length > 50) throw paramError(`${at}.options`)
      const values = new Set<string>()
      field.options = options.map((o, j) => {
        const value = String(o?.value ?? '').trim()
        const oZh = String(o?.labelZh ?? '').trim()
        const oEn = String(o?.labelEn ?? '').trim()
        if (!value || value.length > 50 || values.has(value)) throw paramError(`${at}.options.${j}.value`)
        if (!oZh || oZh.length > 100) throw paramError(`${at}.options.${j}.labelZh`)
        if (!oEn || oEn.length > 200) throw paramError(`${at}.options.${j}.labelEn`)
        values.add(value)
        return { value, labelZh: oZh, labelEn: oEn }
      })
    }
    return field
  })
}

export class ActivityAdminService {
  private readonly repo: ActivityAdminRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly dict: DictionaryService,
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
      id: r.id,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      type: r.type,
      posterUrl: r.poster_url,
      startTime: r.start_time,
      endTime: r.end_time,
      timeZone: r.time_zone,
      country: r.country,
      organizationId: r.organization_id,
      organizationNameZh: r.org_name_zh,
      organizationNameEn: r.org_name_en,
      departmentId: r.department_id,
      departmentNameZh: r.dept_name_zh ?? null,
      departmentNameEn: r.dept_name_en ?? null,
      status: r.status,
      timeStatus: r.status === 'draft' || !r.start_time ? 'draft' : timeStatus(r.start_time, r.end_time, f.nowIso),
      isHot: !!r.is_hot,
      peopleCount: r.people_count,
      enrolledCount: r.enrolled_count,
      createdAt: r.created_at,
      publishedAt: r.published_at,
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

  /** The body's fields, validated one by one (format only), over `base`. */
  private async merge(base: AdminActivityFields, body: AdminActivitySaveBody, access: AdminAccess): Promise<AdminActivityFields> {
    const out: AdminActivityFields = { ...base }
    const has = (k: keyof AdminActivityFields) => body[k] !== undefined
    const text = (k: 'titleZh' | 'titleEn' | 'summaryZh' | 'summaryEn' | 'enrollNotesZh' | 'enrollNotesEn', max: number) => {
      if (!has(k)) return
      const s = String(body[k] ?? '').trim()
      if (s.length > max) throw paramError(k)
      out[k] = s
    }
    text('titleZh', 200)
    text('titleEn', 300)
    text('summaryZh', 500)
    text('summaryEn', 1000)
    text('enrollNotesZh', 2000)
    text('enrollNotesEn', 4000)
    if (has('type')) {
      if (!ACTIVITY_TYPES.includes(body.type!)) throw paramError('type')
      out.type = body.type!
    }
    if (has('categoryCodes')) {
      const codes = [...new Set(textList(body.categoryCodes, 'categoryCodes', 20, 50))]
      const known = await this.repo.knownCodes(DICT.activityCategory, codes)
      if (codes.some((c) => !known.has(c))) throw paramError('categoryCodes')
      out.categoryCodes = codes
    }
    if (has('tagsZh')) out.tagsZh = textList(body.tagsZh, 'tagsZh', 20, 30)
    if (has('tagsEn')) out.tagsEn = textList(body.tagsEn, 'tagsEn', 20, 50)
    if (has('highlightsZh')) out.highlightsZh = textList(body.highlightsZh, 'highlightsZh', 20, 300)
    if (has('highlightsEn')) out.highlightsEn = textList(body.highlightsEn, 'highlightsEn', 20, 600)
    for (const k of ['posterUrl', 'bannerUrl', 'liveQrUrl', 'wechatGroupQrUrl'] as const) if (has(k)) out[k] = imageUrl(body[k], k)
    if (has('liveUrl')) out.liveUrl = checkWebsite(body.liveUrl, 'liveUrl')
    if (has('peopleCount')) {
      const n = Number(body.peopleCount)
      if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw paramError('peopleCount')
      out.peopleCount = n
    }
    if (has('organizationId') && access.dataScope === 'all') {
      const org = await this.repo.organization(Number(body.organizationId))
      if (!org || org.pid !== 0) throw paramError('organizationId')
      out.organizationId = org.id
    }
    if (has('startTime')) out.startTime = isoTime(body.startTime, 'startTime')
    if (has('endTime')) out.endTime = isoTime(body.endTime, 'endTime')
    if (has('enrollDeadline')) out.enrollDeadline = isoTime(body.enrollDeadline, 'enrollDeadline') || null
    if (has('addresses')) {
      if (!Array.isArray(body.addresses) || body.addresses.length > 20) throw paramError('addresses')
      const list: AdminActivityAddress[] = body.addresses.map((a, i) => {
        const s = (v: unknown, name: string, max: number) => {
          const t = String(v ?? '').trim()
          if (t.length > max) throw paramError(`addresses.${i}.${name}`)
          return t
        }
        const timeZone = s(a?.timeZone, 'timeZone', 20)
        if (timeZoneMinutes(timeZone) === null) throw paramError(`addresses.${i}.timeZone`)
        const country = s(a?.country, 'country', 10)
        if (!country) throw paramError(`addresses.${i}.country`)
        return {
          country,
          timeZone,
          cityZh: s(a?.cityZh, 'cityZh', 100),
          cityEn: s(a?.cityEn, 'cityEn', 200),
          addressZh: s(a?.addressZh, 'addressZh', 300),
          addressEn: s(a?.addressEn, 'addressEn', 600),
        }
      })
      const known = await this.repo.knownCodes(DICT.country, [...new Set(list.map((a) => a.country))])
      list.forEach((a, i) => {
        if (!known.has(a.country)) throw paramError(`addresses.${i}.country`)
      })
      out.addresses = list
    }
    if (has('enrollForm')) out.enrollForm = validateForm(body.enrollForm)
    if (has('detailZh')) out.detailZh = sanitizeRichText(body.detailZh)
    if (has('detailEn')) out.detailEn = sanitizeRichText(body.detailEn)
    for (const k of ['isOpen', 'isNeedLoginEnroll', 'signUpOnce', 'enrollNeedProcess', 'entrustHaijiaoProcess', 'isDeadlineEqualEnd', 'isSyncProject'] as const) {
      if (has(k)) out[k] = !!body[k]
    }
    return out
  }

  /** rules between fields (drafts too, when both sides are given) and, for publishing, completeness */
  private check(f: AdminActivityFields, complete: boolean): void {
    if (complete) {
      if (!f.titleZh) throw paramError('titleZh')
      if (!f.titleEn) throw paramError('titleEn')
      if (!f.startTime) throw paramError('startTime')
      if (!f.endTime) throw paramError('endTime')
      // spec 5: at least one activity address
      if (!f.addresses.length) throw paramError('addresses')
    } else if (!f.titleZh && !f.titleEn) throw paramError('titleZh')
    if (f.startTime && f.endTime && f.endTime <= f.startTime) throw paramError('endTime')
    // spec 5: the enrolment deadline cannot be later than the activity end
    if (!f.isDeadlineEqualEnd && f.enrollDeadline && f.endTime && f.enrollDeadline > f.endTime) throw paramError('enrollDeadline')
  }

  private columns(f: AdminActivityFields): Omit<Insertable<ActivitiesTable>, 'status' | 'created_at' | 'updated_at'> {
    const first = f.addresses[0]
    return {
      title_zh: f.titleZh,
      title_en: f.titleEn,
      summary_zh: f.summaryZh,
      summary_en: f.summaryEn,
      detail_zh: f.detailZh,
      detail_en: f.detailEn,
      type: f.type,
      poster_url: f.posterUrl,
      banner_url: f.bannerUrl,
      start_time: f.startTime,
      end_time: f.endTime,
      // consumer reads use the first address's country and zone
      time_zone: first?.timeZone ?? '',
      country: first?.country ?? '',
      city_zh: first?.cityZh ?? '',
      city_en: first?.cityEn ?? '',
      organization_id: f.organizationId,
      people_count: f.peopleCount,
      live_url: f.liveUrl,
      live_qr_url: f.liveQrUrl,
      wechat_group_qr_url: f.wechatGroupQrUrl,
      highlights_zh: JSON.stringify(f.highlightsZh),
      highlights_en: JSON.stringify(f.highlightsEn),
      tags_zh: JSON.stringify(f.tagsZh),
      tags_en: JSON.stringify(f.tagsEn),
      is_open: f.isOpen ? 1 : 0,
      is_need_login_enroll: f.isNeedLoginEnroll ? 1 : 0,
      sign_up_once: f.signUpOnce ? 1 : 0,
      enroll_need_process: f.enrollNeedProcess ? 1 : 0,
      entrust_haijiao_process: f.entrustHaijiaoProcess ? 1 : 0,
      enroll_deadline: f.isDeadlineEqualEnd ? null : f.enrollDeadline,
      is_deadline_equal_end: f.isDeadlineEqualEnd ? 1 : 0,
      is_sync_project: f.isSyncProject ? 1 : 0,
      enroll_notes_zh: f.enrollNotesZh,
      enroll_notes_en: f.enrollNotesEn,
      enroll_form: JSON.stringify(f.enrollForm),
    }
  }

  private async write(id: number | null, f: AdminActivityFields, status: 'draft' | 'published' | null, publishedAt: string | null | undefined): Promise<number> {
    const nowIso = this.ctx.clock.now().toISOString()
    return this.repo.transaction(async (repo) => {
      let activityId: number
      if (id === null) {
        activityId = await repo.insert({ ...this.columns(f), status: status ?? 'draft', published_at: publishedAt ?? null, created_at: nowIso, updated_at: nowIso })
      } else {
        const patch: Updateable<ActivitiesTable> = { ...this.columns(f), updated_at: nowIso }
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
    const f = await this.merge(base, body, access)
    this.check(f, false)
    return { id: await this.write(null, f, 'draft', null) }
  }

  /** save any step of an existing activity (button edit); a published one stays complete */
  async save(body: AdminActivitySaveBody, access: AdminAccess): Promise<{ id: number }> {
    const current = await this.editable(body.id, access)
    const f = await this.merge(current.fields, body, access)
    this.check(f, current.row.status === 'published')
    return { id: await this.write(current.row.id, f, null, undefined) }
  }

  /** save what the body carries and publish, everything validated (button publish) */
  async publish(body: AdminActivitySaveBody, access: AdminAccess): Promise<{ id: number }> {
    const current = await this.editable(body.id, access)
    const f = await this.merge(current.fields, body, access)
    this.check(f, true)
    const publishedAt = current.row.published_at ?? this.ctx.clock.now().toISOString()
    return { id: await this.write(current.row.id, f, 'published', publishedAt) }
  }

  /** manager toggle: publish what is stored (validated like publish) */
  async republish(id: number, access: AdminAccess): Promise<{ id: number }> {
    return this.publish({ id }, access)
  }

  async unpublish(id: number, access: AdminAccess): Promise<{ id: number }> {
    const row = await this.owned(id, access)
    await this.repo.update(row.id, { status: 'draft', updated_at: this.ctx.clock.now().toISOString() })
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
