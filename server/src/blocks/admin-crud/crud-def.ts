/**
 * One declaration per simple admin content type (banner, advert, case, partner, video, platform,
 * roadshow project and record, talent, job, premium place): its table (or the rows of it a `scope`
 * selects), its fields (which also give the JSON schema, the normalisation and the sanitizing), its
 * list filters and sort fields. The repository, service and routes in this folder turn a declaration
 * into the six CRUD endpoints of siteCrudApi(key).
 */
import type { AppContext } from '../../context'
import type { SiteCrudKey } from '@contracts/admin-site'

export type FieldKind = 'text' | 'rich' | 'image' | 'link' | 'website' | 'time' | 'int' | 'enum' | 'id'

export interface Field {
  /** body / item name (camelCase) */
  name: string
  /** column (snake_case); derived from name when absent */
  column?: string
  kind: FieldKind
  required?: boolean
  /** text: max length; int: max value */
  max?: number
  min?: number
  values?: readonly string[]
  /** value stored when the body omits an optional field on add */
  fallback?: unknown
  /** the JSON schema of the field when the kind's default is too loose (stored URLs: lib/route-schemas) */
  schema?: object
}

export interface CrudDef {
  key: SiteCrudKey
  menu: string
  table: string
  fields: Field[]
  /** columns a keyword is matched against (LIKE / ILIKE) */
  searchColumns: string[]
  /** item names the list may be sorted by (sortField) */
  sortFields: string[]
  /** default order, columns */
  defaultOrder: Array<[string, 'asc' | 'desc']>
  /** equality filters of the list (item names of fields, or 'published') */
  filters: string[]
  /** status column (`column`, default 'status'): values for published / unpublished; absent = no publish switch */
  status?: { on: string | number; off: string | number; publishedAt?: string; column?: string }
  /** fixed column values: the type is the rows of its table that have them (set on insert, required on every read and write) */
  scope?: Record<string, string | number>
  /** has an integer `sort` column (display order) */
  sortable: boolean
  /** cross-field and reference checks (throw AppError 301 with the field); values are columns */
  check?(values: Record<string, unknown>, ctx: AppContext): Promise<void>
  /** extra item fields (counts …) */
  decorate?(items: Record<string, unknown>[]): Promise<void>
  /** refuses a delete the data does not allow (throw AppError) */
  beforeRemove?(id: number, ctx: AppContext): Promise<void>
}

/** the column of a type's publish switch */
export const statusColumn = (def: CrudDef) => def.status?.column ?? 'status'

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
export const columnOf = (f: Field) => f.column ?? snake(f.name)

/** field builders */
export const F = {
  text: (name: string, max = 200, required = false): Field => ({ name, kind: 'text', max, required }),
  rich: (name: string): Field => ({ name, kind: 'rich', max: 200_000 }),
  image: (name: string, required = false): Field => ({ name, kind: 'image', max: 500, required }),
  link: (name: string): Field => ({ name, kind: 'link', max: 500 }),
  website: (name = 'website'): Field => ({ name, kind: 'website', max: 500 }),
  time: (name: string, required = false): Field => ({ name, kind: 'time', required }),
  int: (name: string, min = 0, max = 1_000_000, fallback = 0): Field => ({ name, kind: 'int', min, max, fallback }),
  enumOf: (name: string, values: readonly string[], required = true): Field => ({ name, kind: 'enum', values, required }),
  id: (name: string, required = false): Field => ({ name, kind: 'id', required }),
}

/** the bilingual pair of a text field */
export const bi = (name: string, max = 200, required = false): Field[] => [F.text(`${name}Zh`, max, required), F.text(`${name}En`, max, required)]
export const biRich = (name: string): Field[] => [F.rich(`${name}Zh`), F.rich(`${name}En`)]
