/**
 * Wire contracts shared by the server and both clients (clients use `import type` only, so nothing
 * here ships a validator to the mini-program): the envelope, paging, accounts, the admin menu and the
 * `API` map of paths. Paths are relative to the API base `/api/v1` and are spelled exactly as
 * product-spec section 7 gives them; endpoints the spec leaves "not shown" follow the same style.
 * Features with endpoints of their own keep their map next to their types (`ENROLL_API` in
 * enrollment.ts, `NOTICE_API` in notice.ts …); every path is defined once.
 *
 * Conventions of every feature contract in this folder: user content is bilingual in the data
 * (`xxxZh` / `xxxEn`; clients pick by language with a fallback to the other, `pickLang` in
 * src/shared/i18n); times are ISO-8601 UTC strings; lists answer `Page<T>` with `pageSize` ≤ 50,
 * default 20.
 */
import type { ErrorCode } from './error-codes'

/** Every answer, success or failure, has this shape (spec section 3). */
export interface Envelope<T = unknown> {
  code: ErrorCode | number
  result: T
  message: string
}

/**
 * HTTP status policy:
 * - business outcomes (including validation failures and wrong passwords) are HTTP 200 with the
 *   catalogue `code`, so the client shows the translated `request.{code}` warning;
 * - a missing, invalid or expired token on an endpoint that needs one is HTTP 401 (code 201 when absent, 402 when invalid/expired);
 * - a valid token without the role/menu/button permission is HTTP 403, code 402;
 * - an unknown `/api/v1` path is HTTP 404, code 302;
 * - an unexpected failure is HTTP 500, code 500 (no stack, no SQL in the message).
 */
export type HttpPolicy = never

/** Validation failures name the field: code 301, result `{ field }`, message "参数错误: email". */
export interface ParamErrorResult {
  field: string
}

export interface Page<T> {
  list: T[]
  total: number
  page: number
  pageSize: number
}

/** What most content items open with: their id and a bilingual title and summary. */
export interface ContentBase {
  id: number
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
}

/** A dictionary-like option (categories, countries, degrees …). */
export interface OptionItem {
  code: string
  nameZh: string
  nameEn: string
}

/** The logged-in user (spec section 3): `id` is the only person id; the others are role-account ids or null. */
export interface CurrentUser {
  id: number
  nickName: string
  avatarUrl: string | null
  auserId: number | null
  cuserId: number | null
  ouserId: number | null
  kefuId: number | null
  isPromoter: boolean
  email: string
  phone: string | null
  lang: 'zh' | 'en' | null
  /** the User Agreement or Privacy Policy changed since the person last agreed (or they never did): ask again first (contracts/consent.ts); the server always sends it (absent in user info stored by older builds) */
  consentRequired?: boolean
  /** true once, in the answer of a sign-in that cancelled the person's pending account deletion (contracts/privacy.ts) */
  deletionCancelled?: boolean
}

/**
 * Which app is calling: the login calls carry `Authorization: Basic base64(clientId:clientSecret)`.
 * These are public app identifiers, not secrets (they ship inside the apps).
 */
/** the cookie the web app keeps its language in, for the server writing a page (not read by the API) */
export const LANG_COOKIE = 'hj_lang'

export const CLIENT_CREDENTIALS = {
  h5: { id: 'haijiao-h5', secret: 'h5-public' },
  weapp: { id: 'haijiao-weapp', secret: 'weapp-public' },
  admin: { id: 'haijiao-admin', secret: 'admin-public' },
} as const
export type ClientId = keyof typeof CLIENT_CREDENTIALS

/** POST /system/user/login (consumer apps: any account; admin client: same as ouser/login). */
export interface LoginBody {
  email: string
  password: string
  /** admin client only: the 4-digit captcha and the key it was issued under */
  code?: string
  codeKey?: string
}
/** Answer of both login calls and of cuser/wechat/login's richer variant. */
export interface LoginResult {
  token: string
  userInfo: CurrentUser
}

/** GET /system/user/code/verification → a 4-digit captcha as an SVG data URL. */
export interface CaptchaResult {
  codeKey: string
  image: string
}

/** GET /system/user/send/verify/code?email=&type=register|recovery → sends a 6-digit e-mail code (10 min). */
export type VerifyCodePurpose = 'register' | 'recovery' | 'modify'

/** POST /system/user/register */
export interface RegisterBody {
  email: string
  code: string
  nickName: string
  password: string
  confirmPassword: string
  /** the User Agreement and Privacy Policy were agreed to (consumer and organizer registration: required, else 670) */
  agree?: boolean
}

/** POST /system/user/ouser/register (organizer registration from /admRegister) */
export interface OrganizerRegisterBody extends RegisterBody {
  /** the new organisation's name; not needed with an invitation */
  organizationName?: string
  /** token of an invitation link (/admin/admRegister?noReg=true&invite=…): joins that organisation */
  invite?: string
}

/** POST /system/user/reset/password (recovery by e-mail code, both recovery pages) */
export interface ResetPasswordBody {
  email: string
  code: string
  password: string
  confirmPassword: string
}

/** GET /system/user/judge/email/account?email= → which kinds of account this e-mail holds. */
export interface EmailAccountResult {
  exists: boolean
  personal: boolean
  organizer: boolean
}

/** GET /system/user/email/status?email= → whether the address is registered and usable. */
export interface EmailStatusResult {
  registered: boolean
  status: 'normal' | 'disabled' | 'locked' | 'expired' | 'frozen' | 'none'
}

/** Admin menu entry (spec section 3) and the menu load answer `GET /system/menu/current/menu`. */
export interface MenuButton {
  id: number
  menuId: number
  name: string
  title: string
}
export interface MenuEntry {
  id: number
  pid: number
  path: string
  name: string
  title: string
  component: string
  redirect: string | null
  icon: string | null
  sort: number
  buttonList: MenuButton[]
  children?: MenuEntry[]
}
export interface MenuPermission {
  menuTreeList: MenuEntry[]
  buttonList: MenuButton[]
}

/** Every path of the accounts, the admin menu, files and the public content, relative to /api/v1. */
export const API = {
  // accounts
  login: '/system/user/login',
  ouserLogin: '/system/user/ouser/login',
  register: '/system/user/register',
  ouserRegister: '/system/user/ouser/register',
  logout: '/system/user/logout',
  currentUser: '/system/user/current/user',
  refreshToken: '/system/user/refresh/token',
  sendVerifyCode: '/system/user/send/verify/code',
  sendModifyVerifyCode: '/system/user/send/modify/verify/code',
  resetPassword: '/system/user/reset/password',
  judgeEmailAccount: '/system/user/judge/email/account',
  emailStatus: '/system/user/email/status',
  captcha: '/system/user/code/verification',
  departmentTree: '/system/user/tree/department',
  visualOusers: '/system/user/list/visual/ouser',
  // admin menu
  currentMenu: '/system/menu/current/menu',
  // admin (operations) examples guarded by button permission
  adminUserList: '/system/user/list/auser',
  consumerUserList: '/system/user/list/cuser',
  // files
  upload: '/file/info/single/upload',
  // settings visible to everyone (contact phone, e-mail, ICP)
  siteSettings: '/system/setting/site',
  // public content: home, banners, about, returning-home services
  home: '/content/home',
  bannerList: '/content/banner/list', // ?position=
  website: '/content/website',
  repatriation: '/content/repatriation',
  // activities
  activityList: '/activity/info/list', // ActivityListQuery
  activityDetail: '/activity/info/detail', // ?id=
  activityCategories: '/activity/category/list',
  activityCountries: '/activity/country/list',
  // topics, information
  topicList: '/topic/info/list', // ?page&pageSize&keyword
  topicDetail: '/topic/info/detail',
  informationList: '/information/info/list', // ?categoryCode&keyword
  informationDetail: '/information/info/detail',
  informationCategories: '/information/category/list',
  // policies and the policy match
  policyList: '/policy/info/list', // ?level&categoryCode&keyword
  policyCategories: '/policy/category/list',
  policyDetail: '/policy/info/detail',
  matchOptions: '/policy/match/options',
  matchRun: '/policy/match/run', // POST MatchAnswers
  // organizers and places, platforms, jobs
  sponsorList: '/sponsor/info/list', // ?kind=organizer|place&premium=true&keyword
  sponsorDetail: '/sponsor/info/detail',
  platformList: '/platform/info/list', // ?natureCode&kind=college|enterprise&keyword
  platformDetail: '/platform/info/detail',
  jobList: '/job/info/list', // ?kind=college|enterprise&platformId&keyword&city
  // roadshow, videos, competitions
  roadshowProjectList: '/roadshow/project/list', // ?kind=project|resource&fieldCode&keyword
  roadshowFields: '/roadshow/field/list', // ?kind=project|resource → OptionItem[] (professional fields in use)
  roadshowProjectDetail: '/roadshow/project/detail',
  roadshowRecordList: '/roadshow/record/list',
  videoList: '/video/info/list', // ?category=bp|about|activity
  competitionList: '/competition/info/list',
  competitionDetail: '/competition/info/detail',
  // talents, organisation projects
  talentList: '/talent/info/list',
  talentDetail: '/talent/info/detail',
  orgProjectList: '/project/org/list', // ?organizationId
  orgProjectDetail: '/project/org/detail',
  // search
  search: '/search/all',
  hotSearch: '/system/search/list/index/hot_search',
} as const

/** Upload kinds and their byte limits (spec section 9). `POST /file/info/single/upload?kind=` */
export const UPLOAD_LIMITS = {
  image: 4 * 1024 * 1024,
  avatar: 400 * 1024,
  logo: 400 * 1024,
  videoCover: 400 * 1024,
  chat: 100 * 1024 * 1024,
  /** admin accounts only; MP4 or WebM (recognised by their bytes), served with range requests */
  video: 100 * 1024 * 1024,
} as const
export type UploadKind = keyof typeof UPLOAD_LIMITS
/** what `kind=video` accepts */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const
