/**
 * Typed client of the enrolment API (ENROLL_API in src/shared/contracts/enrollment.ts).
 * Reads resolve with `result` on code 200 and reject with EnrollApiError otherwise; submitting answers
 * with the whole envelope, because the form shows a 301's field next to it and a 424/519/425 as a state.
 * Attachments are chosen and uploaded by ./upload (the shared upload endpoint). Promoter codes (per
 * activity, session) and guest tokens (per activity, persisted) are kept here.
 */
import Taro from '@tarojs/taro'
import { http, request, apiUrl, type Envelope } from './request'
import { assetUrl } from './asset-url'
import type { Page } from '@contracts/api'
import {
  ENROLL_API,
  type EnrollForm,
  type EnrollSubmitBody,
  type EnrollSubmitResult,
  type MyEnrollmentItem,
  type MyEnrollmentQuery,
} from '@contracts/enrollment'
import { sessionStore } from '../platform/browser'
import { FileTooLargeError, UploadRefusedError, chooseAndUploadImage } from './upload'
import { getLang } from '../i18n'

export class EnrollApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly result: unknown = null,
  ) {
    super(message || `code ${code}`)
    this.name = 'EnrollApiError'
  }
}

function unwrap<T>(env: Envelope<T>): T {
  if (env.code !== 200) throw new EnrollApiError(env.code, env.message, env.result)
  return env.result
}

export async function getEnrollForm(activityId: number, guestToken?: string | null): Promise<EnrollForm> {
  return unwrap(await http.get<EnrollForm>(ENROLL_API.form, guestToken ? { activityId, guestToken } : { activityId }))
}

/**
 * The whole envelope, without the generic warning (the form shows its own): 200 → result; 301 →
 * result.field names the field; 424 / 519 / 425 → a state to show. HTTP 401 (code 201, the activity
 * needs a login) is handled by the request client: login, then back here.
 */
export function submitEnrollment(body: EnrollSubmitBody): Promise<Envelope<EnrollSubmitResult>> {
  return request<EnrollSubmitResult>({ url: ENROLL_API.submit, method: 'POST', data: body, silent: true })
}

export async function getMyEnrollments(q: MyEnrollmentQuery): Promise<Page<MyEnrollmentItem>> {
  return unwrap(await http.get<Page<MyEnrollmentItem>>(ENROLL_API.my, { page: 1, pageSize: 20, ...q }))
}

/** the absolute URL of an activity's calendar file (public; the language picks the texts) */
export function icsUrl(activityId: number): string {
  return `${apiUrl(ENROLL_API.ics)}?activityId=${activityId}&lang=${getLang()}`
}

export type UploadOutcome = { ok: true; url: string; name: string } | { ok: false; reason: 'cancel' | 'tooLarge' | 'failed'; message?: string }

/** an attachment chosen and uploaded (kind image, 4 MB), as an outcome the form shows (shared/api/upload.ts) */
export async function chooseAndUploadAttachment(): Promise<UploadOutcome> {
  try {
    const image = await chooseAndUploadImage('image')
    return image ? { ok: true, ...image } : { ok: false, reason: 'cancel' }
  } catch (e) {
    if (e instanceof FileTooLargeError) return { ok: false, reason: 'tooLarge' }
    return { ok: false, reason: 'failed', message: e instanceof UploadRefusedError ? e.message : undefined }
  }
}

/** an uploaded file's absolute URL (the API and the uploads share the origin) */
export function fileUrl(url: string): string {
  return assetUrl(url)
}

// ---- what the client remembers -------------------------------------------------------------

const PROMOTER_KEY = (activityId: number) => `enrollPromoter:${activityId}`
const GUEST_KEY = (activityId: number) => `enrollGuest:${activityId}`
export const PROMOTER_CODE_RE = /^[A-Za-z0-9_-]{1,32}$/

/** a share link's code, kept for this session and this activity (sent with the enrolment) */
export function rememberPromoter(activityId: number, code: string | undefined | null): void {
  if (!code || !PROMOTER_CODE_RE.test(code)) return
  sessionStore.set(PROMOTER_KEY(activityId), code)
}
export function promoterFor(activityId: number): string | null {
  return sessionStore.get(PROMOTER_KEY(activityId))
}

/** a logged-out visitor's enrolment token for an activity (persisted, so "registered" survives reloads) */
export function saveGuestToken(activityId: number, token: string): void {
  try {
    Taro.setStorageSync(GUEST_KEY(activityId), token)
  } catch {
    /* storage full: the enrolment stands, only the reminder is lost */
  }
}
export function guestTokenFor(activityId: number): string | null {
  try {
    const v = Taro.getStorageSync(GUEST_KEY(activityId))
    return typeof v === 'string' && v ? v : null
  } catch {
    return null
  }
}
