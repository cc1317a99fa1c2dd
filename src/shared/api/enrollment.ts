/**
 * Typed client of the enrolment API (ENROLL_API in src/shared/contracts/enrollment.ts).
 * Reads resolve with `result` on code 200 and reject with EnrollApiError otherwise; submitting answers
 * with the whole envelope, because the form shows a 301's field next to it and a 424/519/425 as a state.
 * Attachments are uploaded with Taro.chooseImage + Taro.uploadFile (H5 and weapp) to the shared upload
 * endpoint. Promoter codes (per activity, session) and guest tokens (per activity, persisted) are kept here.
 */
import Taro from '@tarojs/taro'
import { http, request, apiUrl, type Envelope } from './request'
import { assetUrl } from './asset-url'
import { API, UPLOAD_LIMITS, type Page } from '../contracts/api'
import {
  ENROLL_API,
  type EnrollForm,
  type EnrollSubmitBody,
  type EnrollSubmitResult,
  type MyEnrollmentItem,
  type MyEnrollmentQuery,
} from '../contracts/enrollment'
import { getToken } from '../storage'
import { sessionStore } from '../platform/browser'
import { chooseImage } from '../platform/choose-image'
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

export const ATTACHMENT_MAX_BYTES = UPLOAD_LIMITS.image

export type UploadOutcome = { ok: true; url: string; name: string } | { ok: false; reason: 'cancel' | 'tooLarge' | 'failed'; message?: string }

/** choose one image and upload it (kind=image, 4 MB); the server checks type and size again */
export async function chooseAndUploadImage(): Promise<UploadOutcome> {
  const image = await chooseImage()
  if (!image) return { ok: false, reason: 'cancel' }
  if (image.size !== null && image.size > ATTACHMENT_MAX_BYTES) return { ok: false, reason: 'tooLarge' }
  const { path, name } = image
  const token = getToken()
  try {
    const res = await Taro.uploadFile({
      url: `${apiUrl(API.upload)}?kind=image`,
      filePath: path,
      name: 'file',
      fileName: name,
      header: token ? { Authorization: `Bearer ${token}` } : {},
    } as Taro.uploadFile.Option)
    const body = (typeof res.data === 'string' ? JSON.parse(res.data) : res.data) as Envelope<string>
    if (body && body.code === 200 && typeof body.result === 'string') return { ok: true, url: body.result, name }
    const reason = (body?.result as { reason?: string } | null)?.reason
    return { ok: false, reason: reason === 'tooLarge' ? 'tooLarge' : 'failed', message: body?.message }
  } catch {
    return { ok: false, reason: 'failed' }
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
