/**
 * The audit log: who did what to which record, when and from where. Read-only for
 * everybody: no route edits or deletes a row; operations read every row, an organizer its
 * organisation's rows (server-enforced).
 */
import type { Page } from './api'

/** the menu component of the audit log view (and of its routes' permission) */
export const AUDIT_MENU = 'system/audit/list'

export const ADMIN_AUDIT_API = {
  /** GET AuditQuery → Page<AuditEntry> (newest first; total counted up to AUDIT_COUNT_CAP) */
  list: '/system/audit/list',
  /** GET AuditQuery without page (button export) → .xlsx of at most AUDIT_EXPORT_MAX rows (audited itself) */
  export: '/system/audit/export',
} as const

/** the actions a row can carry (a route whose verb is none of these records `write`) */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'publish',
  'approve',
  'reject',
  'permission',
  'freeze',
  'send',
  'claim',
  'undo',
  'import',
  'write',
  'export',
  'sign_in',
  'sign_in_failed',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** a list's total stops counting here ("10000+"): counting a million rows would cost more than the page */
export const AUDIT_COUNT_CAP = 10_000
export const AUDIT_EXPORT_MAX = 50_000

export interface AuditQuery {
  page?: number
  pageSize?: number
  /** the account's id */
  actorId?: number
  /** part of the account's e-mail */
  actor?: string
  action?: AuditAction | ''
  /** the target type (a menu component or an area such as "enrollment") */
  targetType?: string
  targetId?: string
  organizationId?: number
  /** ISO date or date-time, inclusive */
  from?: string
  /** ISO date (the whole day) or date-time, exclusive */
  to?: string
}

export interface AuditEntry {
  id: number
  createdAt: string
  actorId: number | null
  actorName: string | null
  actorRoles: string | null
  organizationId: number | null
  organizationName: string | null
  action: AuditAction
  route: string
  targetType: string | null
  targetId: string | null
  outcome: 'pending' | 'ok' | 'failed'
  resultCode: number | null
  /** JSON text, personal fields masked */
  before: string | null
  after: string | null
  ip: string | null
  userAgent: string | null
}

export type AuditPage = Page<AuditEntry> & { /** true when total is AUDIT_COUNT_CAP and more rows match */ capped: boolean }
