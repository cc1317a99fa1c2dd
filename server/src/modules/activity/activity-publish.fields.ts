/**
 * The fields of the publish form: read from a stored activity, merged from a save body (each field
 * checked for its format), checked together (drafts: what is given is consistent; publishing: complete)
 * and written back as columns. A draft may be incomplete but what it holds must be well formed (time
 * zone, links, form definition, deadline ≤ end when both are given). Publishing needs everything: both
 * titles, start < end, at least one address (spec 5), deadline ≤ end (spec 5).
 */
import type { Insertable } from 'kysely'
import type { AdminAccess } from '../../context'
import { DICT, type ActivitiesTable } from '../../db/schema'
import { camelRow, flagsOf } from '../../db/rows'
import { paramError } from '../../lib/app-error'
import { parseJson, parseList } from '../../lib/json'
import { checkWebsite, sanitizeRichText } from '../../lib/rich-text'
import { checkStoredUrl } from '../../lib/urls'
import type { ActivityAdminRepository, AddressRow } from './activity-admin.repository'
import {
  ACTIVITY_TYPES,
  timeZoneMinutes,
  type AdminActivityAddress,
  type AdminActivityFields,
  type AdminActivitySaveBody,
} from '@contracts/admin-activity'
import { ENROLL_FIELD_TYPES, type EnrollFormField } from '@contracts/enrollment'

type Row = NonNullable<Awaited<ReturnType<ActivityAdminRepository['findById']>>>
/** the lookups the checks need: dictionary codes and organisations */
type FieldRefs = Pick<ActivityAdminRepository, 'knownCodes' | 'organization'>

const CHOICE_TYPES = new Set(['radio', 'checkbox', 'select'])
const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/
/** ISO-8601 date-time with an explicit zone (Z or ±hh:mm), milliseconds optional */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/
export const MAX_FORM_FIELDS = 50

/** a stored activity as the editable field set */
export function fieldsOf(r: Row, addresses: AddressRow[], categoryCodes: string[]): AdminActivityFields {
  return {
    ...camelRow(r, ['title_zh', 'title_en', 'type']),
    categoryCodes,
    tagsZh: parseList(r.tags_zh),
    tagsEn: parseList(r.tags_en),
    ...camelRow(r, ['poster_url', 'banner_url', 'people_count', 'organization_id', 'start_time', 'end_time']),
    addresses: addresses.map((a) => camelRow(a, ['country', 'time_zone', 'city_zh', 'city_en', 'address_zh', 'address_en'])),
    enrollForm: parseJson<EnrollFormField[]>(r.enroll_form, []),
    ...camelRow(r, ['summary_zh', 'summary_en', 'detail_zh', 'detail_en']),
    highlightsZh: parseList(r.highlights_zh),
    highlightsEn: parseList(r.highlights_en),
    ...flagsOf(r, ['is_open', 'is_need_login_enroll', 'sign_up_once', 'enroll_need_process', 'entrust_haijiao_process']),
    ...camelRow(r, ['enroll_notes_zh', 'enroll_notes_en', 'enroll_deadline']),
    ...flagsOf(r, ['is_deadline_equal_end', 'is_sync_project']),
    ...camelRow(r, ['live_url', 'live_qr_url', 'wechat_group_qr_url']),
    remind24h: r.remind_24h === 1,
    remind2h: r.remind_2h === 1,
  }
}

/** a new activity before its first save */
export function emptyFields(organizationId: number): AdminActivityFields {
  return {
    titleZh: '', titleEn: '', type: 'offline', categoryCodes: [], tagsZh: [], tagsEn: [], posterUrl: null, bannerUrl: null,
    peopleCount: 0, organizationId, startTime: '', endTime: '', addresses: [], enrollForm: [], summaryZh: '', summaryEn: '',
    detailZh: '', detailEn: '', highlightsZh: [], highlightsEn: [], isOpen: true, isNeedLoginEnroll: true, signUpOnce: true,
    enrollNeedProcess: false, entrustHaijiaoProcess: false, enrollNotesZh: '', enrollNotesEn: '', enrollDeadline: null,
    isDeadlineEqualEnd: false, isSyncProject: false, liveUrl: null, liveQrUrl: null, wechatGroupQrUrl: null,
    remind24h: true, remind2h: true,
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

/** posters, banners and QR codes are files of ours: a third-party image would track every viewer */
function imageUrl(v: unknown, field: string): string | null {
  return checkStoredUrl(v == null ? null : String(v), field, 'image')
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

/** The body's fields, validated one by one (format only), over `base`. */
export async function mergeFields(base: AdminActivityFields, body: AdminActivitySaveBody, access: AdminAccess, refs: FieldRefs): Promise<AdminActivityFields> {
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
    const known = await refs.knownCodes(DICT.activityCategory, codes)
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
    const org = await refs.organization(Number(body.organizationId))
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
    const known = await refs.knownCodes(DICT.country, [...new Set(list.map((a) => a.country))])
    list.forEach((a, i) => {
      if (!known.has(a.country)) throw paramError(`addresses.${i}.country`)
    })
    out.addresses = list
  }
  if (has('enrollForm')) out.enrollForm = validateForm(body.enrollForm)
  if (has('detailZh')) out.detailZh = sanitizeRichText(body.detailZh)
  if (has('detailEn')) out.detailEn = sanitizeRichText(body.detailEn)
  for (const k of ['isOpen', 'isNeedLoginEnroll', 'signUpOnce', 'enrollNeedProcess', 'entrustHaijiaoProcess', 'isDeadlineEqualEnd', 'isSyncProject', 'remind24h', 'remind2h'] as const) {
    if (has(k)) out[k] = !!body[k]
  }
  return out
}

/** rules between fields (drafts too, when both sides are given) and, for publishing, completeness */
export function checkFields(f: AdminActivityFields, complete: boolean): void {
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

/** the fields as activity columns (the addresses and categories are rows of their own) */
export function columnsOf(f: AdminActivityFields): Omit<Insertable<ActivitiesTable>, 'status' | 'created_at' | 'updated_at'> {
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
    remind_24h: f.remind24h ? 1 : 0,
    remind_2h: f.remind2h ? 1 : 0,
  }
}
