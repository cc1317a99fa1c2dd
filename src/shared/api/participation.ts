/**
 * Typed client of the participation API (PARTICIPATION_API in src/shared/contracts/participation.ts)
 * and of "my enrolments" (ENROLL_API.my, served by the enrolment part). Each function resolves with the
 * envelope's `result` when `code === 200` and rejects with a `ParticipationApiError` otherwise (the
 * request client has already shown the translated `request.{code}` warning); network/HTTP failures
 * reject with `HttpError` from ./request.
 */
import { http } from './request'
import { API, type CurrentUser, type Envelope } from '@contracts/api'
import { ENROLL_API, type MyEnrollmentPage, type MyEnrollmentSegment } from '@contracts/enrollment'
import {
  PARTICIPATION_API as P,
  type FavoritePage,
  type FavoriteStatus,
  type FavoriteType,
  type FollowPage,
  type FollowStatus,
  type PromoterInfo,
  type PromoterTalentPage,
} from '@contracts/participation'

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

