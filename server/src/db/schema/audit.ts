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

export interface AuditTables {
  audit_log: AuditLogTable
}
