/** Issue 5 (site admin area): row types of this area's new tables, merged into DB in schema.ts. */
import type { Generated } from 'kysely'

type Stamps = { created_at: string; updated_at: string }
type Bi<K extends string> = { [P in `${K}_zh` | `${K}_en`]: Generated<string> }

export type AdvertArea = 'area' | 'college' | 'policy' | 'search'

/** adverts of the four areas, each with a free time window (null = open on that side) */
export interface SiteAdvertsTable extends Bi<'title'>, Stamps {
  id: Generated<number>
  area: AdvertArea
  image_url: string
  link_url: string | null
  sort: Generated<number>
  status: Generated<number>
  start_at: string | null
  end_at: string | null
}

/** industry cases: rich content, shown at /content/case/* */
export interface SiteCasesTable extends Bi<'title' | 'summary' | 'content'>, Stamps {
  id: Generated<number>
  cover_url: string | null
  sort: Generated<number>
  status: Generated<number>
}

export interface SitePartnersTable extends Bi<'name'>, Stamps {
  id: Generated<number>
  logo_url: string | null
  website: string | null
  sort: Generated<number>
  status: Generated<number>
}

export interface AdminSiteTables {
  site_adverts: SiteAdvertsTable
  site_cases: SiteCasesTable
  site_partners: SitePartnersTable
}
