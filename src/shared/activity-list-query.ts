/**
 * The activity list's query as the page address holds it (/activity?type=…&page=…): read by the page,
 * and by the app as it starts, which asks for the page's answer before the page's code has loaded
 * (app.ts, shared/api/content.ts startActivityList). Both must read the address the same way.
 */
import { ACTIVITY_STATUS_FILTERS, ACTIVITY_TYPE_FILTERS, type ActivityListQuery } from '@contracts/activity'

export type ActivityFilterValue = Pick<ActivityListQuery, 'type' | 'categoryCode' | 'country' | 'status' | 'keyword'>

export const ACTIVITY_TYPES = ACTIVITY_TYPE_FILTERS
export const ACTIVITY_STATUSES = ACTIVITY_STATUS_FILTERS

/** Read the filters from a page query (unknown values are dropped). */
export function filtersFromQuery(params: Record<string, string | undefined>): ActivityFilterValue {
  const dec = (v?: string) => {
    if (!v) return undefined
    try {
      return decodeURIComponent(v)
    } catch {
      return v
    }
  }
  const type = dec(params.type)
  const status = dec(params.status)
  return {
    type: (ACTIVITY_TYPES as readonly string[]).includes(type || '') ? (type as ActivityFilterValue['type']) : undefined,
    status: (ACTIVITY_STATUSES as readonly string[]).includes(status || '') ? (status as ActivityFilterValue['status']) : undefined,
    categoryCode: dec(params.categoryCode) || undefined,
    country: dec(params.country) || undefined,
    keyword: dec(params.keyword) || undefined,
  }
}

/** The page shown first: phones start at page 1 and add pages under it; desktops show the address's page. */
export function firstPageOf(params: Record<string, string | undefined>, mobile: boolean): number {
  return mobile ? 1 : Math.max(1, Number(params.page) || 1)
}
