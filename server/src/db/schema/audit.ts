/** The audit log (migration 0034): one row per admin write, admin sign-in and personal-data export. */
import type { Generated } from 'kysely'

export interface AuditLogTable {
  id: Generated<number>
  created_at: string
  actor_id: number | null
  actor_name: string | null
  actor_roles: string | null
  organization_id: number | null
  action: string
  route: string
  target_type: string | null
  target_id: string | null
  outcome: 'pending' | 'ok' | 'failed'
  result_code: number | null
  before_json: string | null
  after_json: string | null
  ip: string | null
  user_agent: string | null
}

/**
 * The staging table (migration 0041): an admin write's row before it moves into audit_log in a batch,
 * same columns; its id is the one the row keeps in audit_log.
 */
export type AuditPendingTable = AuditLogTable

export interface AuditTables {
  audit_log: AuditLogTable
  audit_pending: AuditPendingTable
}
