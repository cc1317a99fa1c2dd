/**
 * Participation contracts: favourites, organizer follows, profile edits, promoters.
 * Paths are relative to /api/v1; every endpoint needs a logged-in user (`Authorization: Bearer`), so a
 * missing token answers HTTP 401 (code 201). Mutations are POST with a JSON body (DELETE bodies are not
 * portable across the H5 and mini-program request stacks). Errors use the spec section 8 catalogue:
 * - 301 validation, result `{ field }` naming the input (e.g. `realName`, `email`, `nickName`, `phone`);
 * - 302 the activity / topic / information / organizer does not exist (or is not published);
 * - 430 the item is already a favourite; 517 the organizer is already followed;
 * - 518 removing a favourite / follow that does not exist;
 * - e-mail change: 404 / 406 address already registered (personal / organizer), 408 empty, 409 code
 *   empty, 410 code wrong or expired, 501 too many codes (the code itself is sent by the spec's
 *   `GET /system/user/send/modify/verify/code?email=<new address>`).
 */
import type { CurrentUser, Page } from './api'
import type { ActivityListItem } from './activity'
import type { InformationListItem } from './information'
import type { SponsorListItem } from './sponsor'
import type { TopicListItem } from './topic'
import type { EnrollAnswers, EnrollmentStatus } from './enrollment'

export const PARTICIPATION_API = {
  // favourites
  /** POST FavoriteBody → null; 430 when already a favourite, 302 unknown item */
  favoriteAdd: '/favorite/info/add',
  /** POST FavoriteBody → null; 518 when it was not a favourite */
  favoriteRemove: '/favorite/info/remove',
  /** GET ?type=&page=&pageSize= → Page<FavoriteItem>, newest first */
  favoriteMy: '/favorite/info/list/my',
  /** GET ?type=&id= → FavoriteStatus (the "is favourite" flag of a detail page) */
  favoriteStatus: '/favorite/info/status',
  // follows
  /** POST FollowBody → FollowStatus; 517 when already followed, 302 unknown organizer */
  followAdd: '/follow/info/add',
  /** POST FollowBody → FollowStatus; 518 when not followed */
  followRemove: '/follow/info/remove',
  /** GET ?page=&pageSize= → Page<FollowItem>, newest first */
  followMy: '/follow/info/list/my',
  /** GET ?organizationId= → FollowStatus */
  followStatus: '/follow/info/status',
  // profile
  /** POST ProfileBody → CurrentUser */
  updateProfile: '/system/user/update/info',
  /** POST ChangeEmailBody → CurrentUser (the code was sent to the NEW address) */
  updateEmail: '/system/user/update/email',
  /** POST ChangePhoneBody → CurrentUser ('' clears the phone) */
  updatePhone: '/system/user/update/phone',
  // promoters
  /** GET → PromoterInfo */
  promoterInfo: '/system/user/promoter/info',
  /** POST BecomePromoterBody → PromoterInfo (301 names realName / email) */
  promoterApply: '/system/user/promoter/apply',
  /** GET ?page=&pageSize=&activityId= → Page<PromoterTalentItem> (only the caller's own attributions) */
  promoterTalent: '/system/user/promoter/talent/list',
} as const

export type FavoriteType = 'activity' | 'topic' | 'information'
export const FAVORITE_TYPES: FavoriteType[] = ['activity', 'topic', 'information']

export interface FavoriteBody {
  type: FavoriteType
  id: number
}
export interface FavoriteStatus {
  favorite: boolean
}

interface FavoriteBase {
  /** id of the activity / topic / information */
  itemId: number
  createdAt: string
}
export type FavoriteItem =
  | (FavoriteBase & { type: 'activity'; activity: ActivityListItem })
  | (FavoriteBase & { type: 'topic'; topic: TopicListItem })
  | (FavoriteBase & { type: 'information'; information: InformationListItem })
export type FavoritePage = Page<FavoriteItem>

export interface FollowBody {
  organizationId: number
}
export interface FollowStatus {
  followed: boolean
  followerCount: number
}
export interface FollowItem extends SponsorListItem {
  followedAt: string
}
export type FollowPage = Page<FollowItem>

/** Either field may be left out; a given one is validated (nickName 1-50 chars; avatarUrl an uploaded file). */
export interface ProfileBody {
  nickName?: string
  /** the URL `POST /file/info/single/upload?kind=avatar` answered (400 KB limit), or null to remove */
  avatarUrl?: string | null
}
export interface ChangeEmailBody {
  email: string
  code: string
}
export interface ChangePhoneBody {
  /** digits with an optional leading +, spaces or dashes; 5-20 characters; '' clears */
  phone: string
}

export interface BecomePromoterBody {
  realName: string
  email: string
}
export interface PromoterInfo {
  isPromoter: boolean
  realName: string | null
  /** contact e-mail given when becoming a promoter (the account e-mail by default) */
  email: string | null
  /** the share code (`/activityDetail?id=N&promoter=CODE`); null until the user is a promoter */
  promoterCode: string | null
  /**
   * enrolments attributed to this promoter whose person's e-mail is confirmed: a logged-in user's, or a
   * visitor's whose e-mail an account has confirmed (registration proves it with a code)
   */
  talentCount: number
  /** visitors' enrolments whose e-mail no account has confirmed yet: shown apart, never in talentCount */
  unconfirmedTalentCount: number
}

/** One enrolment attributed to the promoter, with what the person answered. */
export interface PromoterTalentItem {
  enrollmentId: number
  status: EnrollmentStatus
  createdAt: string
  /** the enrolled person: a user (id, nickName, avatar) or a logged-out visitor (id null, guestEmail) */
  person: { id: number | null; nickName: string | null; avatarUrl: string | null; guestEmail: string | null; confirmed: boolean }
  activity: { id: number; titleZh: string; titleEn: string; startTime: string; endTime: string; timeZone: string }
  answers: EnrollAnswers
  /** labels of the answered form fields (from the activity's form), in form order; empty when unknown */
  fields: Array<{ key: string; labelZh: string; labelEn: string }>
}
export type PromoterTalentPage = Page<PromoterTalentItem>

/** the example share link of a promoter for one activity (client and server agree on the shape) */
export function shareLink(activityId: number, code: string): string {
  return `/activityDetail?id=${activityId}&promoter=${encodeURIComponent(code)}`
}

export type { CurrentUser }
