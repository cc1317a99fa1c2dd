/** Site area: the simple content lists (banners, adverts, cases …), the rich content modules and their choices. */
import {
  SITE_ADMIN_API as S,
  siteCrudApi,
  type BpVideoInput,
  type RepatriationDoc,
  type RoadshowOptions,
  type SelectOption,
  type SiteCrudKey,
  type WebsiteDoc,
} from '@contracts/admin-site'
import type { OptionItem } from '@contracts/api'
import { get, lister, post, unwrap, type Envelope, type ListLoader } from './client'

/** A row of any simple site content type (the views configure its columns and fields). */
export type SiteRow = Record<string, any> & { id: number }

/** The six endpoints each simple content type answers (contracts/admin-site.ts). */
export interface SiteContentApi {
  list: ListLoader<SiteRow>
  /** add (no id; starts unpublished) or update (every field replaced) */
  save(body: Record<string, unknown>, id?: number): Promise<Envelope<SiteRow>>
  remove(id: number): Promise<Envelope<SiteRow>>
  setPublished(id: number, published: boolean): Promise<Envelope<SiteRow>>
  setSort(id: number, sort: number): Promise<Envelope<SiteRow>>
}

const apis = new Map<SiteCrudKey, SiteContentApi>()

/** One API object per content type, kept (list hooks reload when their loader changes identity). */
export function siteContent(key: SiteCrudKey): SiteContentApi {
  let api = apis.get(key)
  if (!api) {
    const u = siteCrudApi(key)
    api = {
      list: lister<SiteRow>(u.list),
      save: (body, id) => (id ? post<SiteRow>(u.update, { ...body, id }) : post<SiteRow>(u.add, { ...body, published: false })),
      remove: (id) => post<SiteRow>(u.delete, { id }),
      setPublished: (id, published) => post<SiteRow>(u.status, { id, published }),
      setSort: (id, sort) => post<SiteRow>(u.sort, { id, sort }),
    }
    apis.set(key, api)
  }
  return api
}

/** choices of the platform form (natures) and of the roadshow forms (fields, competitions, videos …) */
export const platformOptions = unwrap(() => get<{ natures: OptionItem[] }>(S.platformOptions))
export const roadshowOptions = unwrap(() => get<RoadshowOptions>(S.roadshowOptions))
/** an uploaded BP pitch video → a published bp video the project editor connects (its select option) */
export const addBpVideo = (body: BpVideoInput) => post<SelectOption>(S.roadshowBpVideo, body)

// ---- rich content modules: each saved as a whole ----
export const websiteDoc = () => get<WebsiteDoc>(S.website)
export const saveWebsiteDoc = (doc: WebsiteDoc) => post<WebsiteDoc>(S.websiteUpdate, doc)
export const repatriationDoc = () => get<RepatriationDoc>(S.repatriation)
export const saveRepatriationDoc = (services: RepatriationDoc) => post<RepatriationDoc>(S.repatriationUpdate, { services })
