/**
 * Typed client of the participation API (PARTICIPATION_API in src/shared/contracts/participation.ts)
 * and of "my enrolments" (ENROLL_API.my, served by the enrolment part). Each function resolves with the
 * envelope's `result` when `code === 200` and rejects with a `ParticipationApiError` otherwise (the
 * request client has already shown the translated `request.{code}` warning); network/HTTP failures
 * reject with `HttpError` from ./request.
 */
import Taro from '@tarojs/taro'
import { http, apiUrl, HttpError } from './request'
import { getToken } from '../storage'
import { chooseImage } from '../platform/choose-image'
import { acceptLanguage } from '../i18n'
import { API, UPLOAD_LIMITS, type CurrentUser, type Envelope, type UploadKind } from '../contracts/api'
import { ENROLL_API, type MyEnrollmentPage, type MyEnrollmentSegment } from '../contracts/enrollment'
import {
  PARTICIPATION_API as P,
  type FavoritePage,
  type FavoriteStatus,
  type FavoriteType,
  type FollowPage,
  type FollowStatus,
  type PromoterInfo,
  type PromoterTalentPage,
} from '../contracts/participation'

export class ParticipationApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly result: unknown = null,
  ) {
    super(message || `code ${code}`)
    this.name = 'ParticipationApiError'
  }
}

function unwrap<T>(env: Envelope<T>): T {
  if (env.code !== 200) throw new ParticipationApiError(Number(env.code), env.message, env.result)
  return env.result
}
const get = async <T>(url: string, query?: Record<string, unknown>) => unwrap(await http.get<T>(url, query))
const post = async <T>(url: string, body: unknown) => unwrap(await http.post<T>(url, body))

// ---- favourites and follows ----------------------------------------------------------------------

export const addFavorite = (type: FavoriteType, id: number) => post<null>(P.favoriteAdd, { type, id })
export const removeFavorite = (type: FavoriteType, id: number) => post<null>(P.favoriteRemove, { type, id })
export const getFavoriteStatus = (type: FavoriteType, id: number) => get<FavoriteStatus>(P.favoriteStatus, { type, id })
export const getMyFavorites = (type: FavoriteType, page = 1, pageSize = 10) => get<FavoritePage>(P.favoriteMy, { type, page, pageSize })

export const follow = (organizationId: number) => post<FollowStatus>(P.followAdd, { organizationId })
export const unfollow = (organizationId: number) => post<FollowStatus>(P.followRemove, { organizationId })
export const getFollowStatus = (organizationId: number) => get<FollowStatus>(P.followStatus, { organizationId })
export const getMyFollows = (page = 1, pageSize = 10) => get<FollowPage>(P.followMy, { page, pageSize })

// ---- my activities (enrolment part's endpoint) ---------------------------------------------------

export const getMyEnrollments = (segment: MyEnrollmentSegment, page = 1, pageSize = 10) =>
  get<MyEnrollmentPage>(ENROLL_API.my, { segment, page, pageSize })

// ---- profile -------------------------------------------------------------------------------------

export const getCurrentUser = () => get<CurrentUser>(API.currentUser)
export const updateProfile = (body: { nickName?: string; avatarUrl?: string | null }) => post<CurrentUser>(P.updateProfile, body)
export const sendModifyCode = (email: string) => get<null>(API.sendModifyVerifyCode, { email })
export const changeEmail = (email: string, code: string) => post<CurrentUser>(P.updateEmail, { email, code })
export const changePhone = (phone: string) => post<CurrentUser>(P.updatePhone, { phone })

// ---- promoters -----------------------------------------------------------------------------------

export const getPromoterInfo = () => get<PromoterInfo>(P.promoterInfo)
export const becomePromoter = (realName: string, email: string) => post<PromoterInfo>(P.promoterApply, { realName, email })
export const getPromoterTalent = (page = 1, pageSize = 10) => get<PromoterTalentPage>(P.promoterTalent, { page, pageSize })

// ---- upload --------------------------------------------------------------------------------------

/** Too big for its kind: the caller shows its own message, nothing is sent. */
export class FileTooLargeError extends Error {
  constructor(public readonly maxBytes: number) {
    super('file too large')
    this.name = 'FileTooLargeError'
  }
}

/**
 * One image from the album/camera (weapp) or a file picker (H5), checked against the kind's limit
 * locally and then uploaded with Taro.uploadFile (multipart field "file"). Resolves with the stored
 * URL, or null when the person cancelled the picker.
 */
export async function chooseAndUploadImage(kind: UploadKind = 'avatar'): Promise<string | null> {
  const image = await chooseImage()
  if (!image) return null
  if (image.size !== null && image.size > UPLOAD_LIMITS[kind]) throw new FileTooLargeError(UPLOAD_LIMITS[kind])
  const path = image.path
  const token = getToken()
  const res = await Taro.uploadFile({
    url: apiUrl(`${API.upload}?kind=${kind}`),
    filePath: path,
    name: 'file',
    header: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': acceptLanguage() },
  })
  if (res.statusCode < 200 || res.statusCode >= 300) throw new HttpError(res.statusCode, res.data)
  let env: Envelope<string>
  try {
    env = typeof res.data === 'string' ? JSON.parse(res.data) : (res.data as unknown as Envelope<string>)
  } catch {
    throw new HttpError(res.statusCode, res.data, 'malformed envelope')
  }
  const result = env.result as unknown as { reason?: string; maxBytes?: number } | null
  if (env.code === 301 && result && result.reason === 'tooLarge') throw new FileTooLargeError(result.maxBytes ?? UPLOAD_LIMITS[kind])
  return unwrap(env)
}
