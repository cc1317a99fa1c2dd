/**
 * The publish form's values and rules, without React (jest covers them directly): the steps, form values ⇄
 * request body (times in the first address's zone), the step holding a field the server named, and the
 * first problem the client can see before saving (the server applies the same rules).
 */
import type { Dayjs } from 'dayjs'
import type { AdminActivityAddress, AdminActivityDetail, AdminActivityFields, AdminActivitySaveBody } from '@contracts/admin-activity'
import { formProblem } from './form-builder'
import { fromZonedIso, toZonedIso } from '../time'

export const STEPS = ['basic', 'address', 'form', 'content', 'interest', 'settings'] as const
export type StepKey = (typeof STEPS)[number]

/**
 * The publish form's values: the contract's fields, except that tags are edited as one comma-separated
 * text, times as dayjs values in the first address's zone, and count/organisation may be blank while editing.
 */
export type PublishValues = Omit<AdminActivityFields, 'tagsZh' | 'tagsEn' | 'peopleCount' | 'organizationId' | 'startTime' | 'endTime' | 'enrollDeadline'> & {
  tagsZh: string
  tagsEn: string
  peopleCount: number | null
  organizationId?: number
  start: Dayjs | null
  end: Dayjs | null
  deadline: Dayjs | null
}

export const NEW_ADDRESS: AdminActivityAddress = { country: 'CN', timeZone: 'UTC+08:00', cityZh: '', cityEn: '', addressZh: '', addressEn: '' }

export const INITIAL: PublishValues = {
  titleZh: '', titleEn: '', type: 'offline', categoryCodes: [], tagsZh: '', tagsEn: '', posterUrl: null, bannerUrl: null, peopleCount: 100,
  start: null, end: null, addresses: [NEW_ADDRESS], enrollForm: [], summaryZh: '', summaryEn: '', detailZh: '', detailEn: '',
  highlightsZh: [], highlightsEn: [], isOpen: true, isNeedLoginEnroll: true, signUpOnce: true, enrollNeedProcess: false,
  entrustHaijiaoProcess: false, enrollNotesZh: '', enrollNotesEn: '', deadline: null, isDeadlineEqualEnd: false, isSyncProject: false,
  liveUrl: null, liveQrUrl: null, wechatGroupQrUrl: null, remind24h: true, remind2h: true,
}

const splitTags = (s: string | undefined) => (s ?? '').split(/[,，;；]/).map((x) => x.trim()).filter(Boolean)
const texts = (l: string[] | undefined) => (l ?? []).map((x) => (x ?? '').trim()).filter(Boolean)

/** form values → request body (times in the first address's zone, ISO with milliseconds) */
export function toBody(v: PublishValues): AdminActivitySaveBody {
  const tz = v.addresses?.[0]?.timeZone
  const body: AdminActivitySaveBody = {
    titleZh: v.titleZh ?? '',
    titleEn: v.titleEn ?? '',
    type: v.type,
    categoryCodes: v.categoryCodes ?? [],
    tagsZh: splitTags(v.tagsZh),
    tagsEn: splitTags(v.tagsEn),
    posterUrl: v.posterUrl || null,
    bannerUrl: v.bannerUrl || null,
    peopleCount: v.peopleCount ?? 0,
    startTime: toZonedIso(v.start, tz) ?? '',
    endTime: toZonedIso(v.end, tz) ?? '',
    addresses: (v.addresses ?? []).map((a) => ({ ...NEW_ADDRESS, ...a })),
    enrollForm: v.enrollForm ?? [],
    summaryZh: v.summaryZh ?? '',
    summaryEn: v.summaryEn ?? '',
    detailZh: v.detailZh ?? '',
    detailEn: v.detailEn ?? '',
    highlightsZh: texts(v.highlightsZh),
    highlightsEn: texts(v.highlightsEn),
    isOpen: !!v.isOpen,
    isNeedLoginEnroll: !!v.isNeedLoginEnroll,
    signUpOnce: !!v.signUpOnce,
    enrollNeedProcess: !!v.enrollNeedProcess,
    entrustHaijiaoProcess: !!v.entrustHaijiaoProcess,
    enrollNotesZh: v.enrollNotesZh ?? '',
    enrollNotesEn: v.enrollNotesEn ?? '',
    enrollDeadline: v.isDeadlineEqualEnd ? null : toZonedIso(v.deadline, tz),
    isDeadlineEqualEnd: !!v.isDeadlineEqualEnd,
    isSyncProject: !!v.isSyncProject,
    liveUrl: (v.liveUrl ?? '').trim() || null,
    liveQrUrl: v.liveQrUrl || null,
    wechatGroupQrUrl: v.wechatGroupQrUrl || null,
  }
  if (v.organizationId) body.organizationId = v.organizationId
  return body
}

/** stored activity → form values */
export function toValues(d: AdminActivityDetail): PublishValues {
  const tz = d.addresses[0]?.timeZone
  return {
    ...INITIAL,
    titleZh: d.titleZh, titleEn: d.titleEn, type: d.type, categoryCodes: d.categoryCodes, tagsZh: d.tagsZh.join(', '), tagsEn: d.tagsEn.join(', '),
    posterUrl: d.posterUrl, bannerUrl: d.bannerUrl, peopleCount: d.peopleCount, organizationId: d.organizationId,
    start: fromZonedIso(d.startTime, tz), end: fromZonedIso(d.endTime, tz), addresses: d.addresses, enrollForm: d.enrollForm,
    summaryZh: d.summaryZh, summaryEn: d.summaryEn, detailZh: d.detailZh, detailEn: d.detailEn, highlightsZh: d.highlightsZh, highlightsEn: d.highlightsEn,
    isOpen: d.isOpen, isNeedLoginEnroll: d.isNeedLoginEnroll, signUpOnce: d.signUpOnce, enrollNeedProcess: d.enrollNeedProcess,
    entrustHaijiaoProcess: d.entrustHaijiaoProcess, enrollNotesZh: d.enrollNotesZh, enrollNotesEn: d.enrollNotesEn,
    deadline: fromZonedIso(d.enrollDeadline, tz), isDeadlineEqualEnd: d.isDeadlineEqualEnd, isSyncProject: d.isSyncProject,
    liveUrl: d.liveUrl, liveQrUrl: d.liveQrUrl, wechatGroupQrUrl: d.wechatGroupQrUrl,
  }
}

/** the step holding a field the server named (addresses.0.timeZone → address) */
export function stepOfField(field: string | undefined): StepKey {
  const f = field ?? ''
  if (/^(addresses|startTime|endTime)/.test(f)) return 'address'
  if (f.startsWith('enrollForm')) return 'form'
  if (/^(detail|summary)/.test(f)) return 'content'
  if (f.startsWith('highlights')) return 'interest'
  if (/^(isOpen|isNeedLoginEnroll|signUpOnce|enrollNeedProcess|entrustHaijiaoProcess|enrollNotes|enrollDeadline|isDeadlineEqualEnd|isSyncProject|liveUrl|liveQrUrl|wechatGroupQrUrl)/.test(f)) return 'settings'
  return 'basic'
}

/** a live link must be http(s) (the settings step checks it as it is typed) */
export const LINK = /^https?:\/\/[^\s/$.?#][^\s]*$/i

/** the first problem the client can see (same rules as the server): step and translation key */
export function problemOf(body: AdminActivitySaveBody, complete: boolean): { step: StepKey; key: string } | null {
  if (complete) {
    if (!body.titleZh || !body.titleEn) return { step: 'basic', key: 'adm.activity.rule.titles' }
    if (!body.startTime || !body.endTime) return { step: 'address', key: 'adm.activity.rule.times' }
    if (!body.addresses?.length) return { step: 'address', key: 'adm.activity.rule.address' }
  } else if (!body.titleZh && !body.titleEn) return { step: 'basic', key: 'adm.activity.rule.title' }
  if (body.startTime && body.endTime && Date.parse(body.endTime) <= Date.parse(body.startTime)) return { step: 'address', key: 'adm.activity.rule.endAfterStart' }
  if (body.addresses?.some((a) => !a.country || !a.timeZone)) return { step: 'address', key: 'adm.activity.rule.addressIncomplete' }
  const fp = formProblem(body.enrollForm ?? [])
  if (fp) return { step: 'form', key: fp.key }
  if (!body.isDeadlineEqualEnd && body.enrollDeadline && body.endTime && Date.parse(body.enrollDeadline) > Date.parse(body.endTime)) {
    return { step: 'settings', key: 'adm.activity.rule.deadline' }
  }
  if (body.liveUrl && !LINK.test(body.liveUrl)) return { step: 'settings', key: 'adm.activity.rule.liveUrl' }
  return null
}
