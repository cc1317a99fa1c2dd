/**
 * The scripted server of the personal-centre tests: answers by path (with the request's data for a
 * function), the calls made to a path, a page of a list, and the person who is logged in.
 */
import Taro from '@tarojs/taro'
import type { CurrentUser } from '@contracts/api'

const T = Taro as any
export const env = (code: number, result: unknown, message = '') => ({ statusCode: 200, header: {}, data: { code, result, message } })
export const pageOf = (list: unknown[], total = list.length) => ({ list, total, page: 1, pageSize: 5 })
const path = (url: string) => url.replace(/^.*\/api\/v1/, '')
export const callsTo = (p: string) => T.request.mock.calls.map((c: any[]) => c[0]).filter((o: any) => path(o.url) === p)

export type Route = unknown | ((data: any) => unknown)
/** Script the server: path → result, or [code, result] for a refusal; functions get the request data. */
export function serve(routes: Record<string, Route>) {
  T.request.mockImplementation(async ({ url, data }: { url: string; data: any }) => {
    const r = routes[path(url)]
    const v = typeof r === 'function' ? (r as any)(data) : r
    if (Array.isArray(v) && typeof v[0] === 'number' && v.length === 2) return env(v[0], v[1])
    return env(200, v === undefined ? null : v)
  })
}

export const USER: CurrentUser = {
  id: 7, nickName: '小海', avatarUrl: null, auserId: null, cuserId: 3, ouserId: null, kefuId: null, isPromoter: false,
  email: 'xiaohai@example.com', phone: null, lang: null,
}

/** an inbox item: a group notice (no enrolment) or an approval (enrolment 90 + id); `activityId` null: no page to open */
export const inboxItem = (id: number, kind: 'notice' | 'approved', activityId: number | null, read: boolean) => ({
  id, kind, activityId, enrollmentId: kind === 'notice' ? null : 90 + id, read, createdAt: '2026-11-21T08:00:00.000Z',
  titleZh: kind === 'notice' ? 'Venue changed' : `报名已通过：活动${id}`, titleEn: kind === 'notice' ? 'Venue changed' : `Enrolment approved: Activity ${id}`,
  bodyZh: kind === 'notice' ? 'Hall B instead of Hall A.' : '主办方已通过您的报名。\n时间：2026-12-01 09:00 (UTC+08:00)', bodyEn: kind === 'notice' ? 'Hall B instead of Hall A.' : 'The organizer approved your enrolment.\nTime: 2026-12-01 09:00 (UTC+08:00)',
})

/** the centre's lists other than the inbox, empty */
export const QUIET_CENTRE: Record<string, Route> = {
  '/system/user/current/user': USER,
  '/activity/enroll/my': pageOf([]),
  '/favorite/info/list/my': pageOf([]),
  '/follow/info/list/my': pageOf([]),
  '/system/user/promoter/info': { isPromoter: false, realName: null, email: USER.email, promoterCode: null, talentCount: 0 },
}
