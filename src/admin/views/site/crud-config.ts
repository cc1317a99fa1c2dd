/**
 * What a simple site content view is made of: its config (columns, form fields, list filters, the
 * choices it loads) and the row helpers the configs use (bilingual text, the free-time window).
 */
import type React from 'react'
import type { ColumnsType } from 'antd/es/table'
import type { ImageKind } from '../../api/file'
import type { SiteCrudKey } from '@contracts/admin-site'
import type { SiteRow } from '../../api/site'
import type { Filters } from '../common/use-table-list'
import type { TableSortOptions } from '../common/table-sort'

export type Item = SiteRow
export type Option = { value: string | number; label: string }
export type Lang = 'zh' | 'en'

export interface FieldUi {
  /** form name; for `bilingual` the base of <name>Zh / <name>En */
  name: string
  type: 'text' | 'textarea' | 'rich' | 'image' | 'select' | 'number' | 'datetime' | 'url' | 'video' | 'bpVideo'
  bilingual?: boolean
  required?: boolean
  max?: number
  kind?: ImageKind
  /** image hint key under adm.site.hint */
  hint?: string
  options?: (extra: any, lang: Lang) => Option[]
  /** select: searchable, clearable (an optional "connect" choice) */
  optional?: boolean
  /** video: the fields a captured frame and the uploaded file's duration go to */
  coverField?: string
  durationField?: string
  /** textarea: help under the field (key under adm.site.help) */
  help?: string
}

export interface FilterUi {
  name: string
  options: (extra: any, lang: Lang) => Option[]
  width?: number
}

export interface CrudViewConfig {
  key: SiteCrudKey
  testid: string
  /** columns between ID and status/actions */
  columns: (t: (k: string, o?: any) => string, lang: Lang, extra: any) => ColumnsType<Item>
  fields: FieldUi[]
  filters?: FilterUi[]
  initialFilters?: Filters
  defaults?: Record<string, unknown>
  hasStatus?: boolean
  /** the publish switch's texts when it means something else (keys: column title, on, off) */
  statusText?: { title: string; on: string; off: string }
  hasSort?: boolean
  /** the choices passed to options/columns as `extra` (loaded once) */
  extra?: () => Promise<unknown>
  rowActions?: (row: Item) => React.ReactNode
}

/** Bilingual text of a row: the language's value, else the other one. */
export const pick = (row: Record<string, any> | undefined | null, base: string, lang: Lang): string =>
  (row && (lang === 'en' ? row[`${base}En`] || row[`${base}Zh`] : row[`${base}Zh`] || row[`${base}En`])) || ''

/** the time window column sorts by its start */
export const SITE_SORT: TableSortOptions = { rename: { window: 'startAt' } }

/** The free-time state of a row with startAt/endAt, at `now`. */
export function windowState(row: { startAt?: string | null; endAt?: string | null; [k: string]: unknown }, now = Date.now()): 'always' | 'scheduled' | 'live' | 'expired' {
  const s = row.startAt ? Date.parse(row.startAt) : null
  const e = row.endAt ? Date.parse(row.endAt) : null
  if (s === null && e === null) return 'always'
  if (s !== null && now < s) return 'scheduled'
  if (e !== null && now >= e) return 'expired'
  return 'live'
}

