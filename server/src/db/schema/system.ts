/** The server's own bookkeeping: the job queue, the mail-delivery ledger, the one-time seeds already applied. */
import type { Generated } from 'kysely'

export type JobStatus = 'pending' | 'running' | 'done' | 'failed'
export interface JobQueueTable {
  id: Generated<number>
  type: string
  payload: Generated<string>
  dedupe_key: string | null
  run_at: string
  status: Generated<JobStatus>
  attempts: Generated<number>
  max_attempts: Generated<number>
  lease_owner: string | null
  lease_until: string | null
  last_error: string | null
  finished_at: string | null
  created_at: string
  updated_at: string
}
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped'
export interface MailDeliveriesTable {
  id: Generated<number>
  dedupe_key: string
  job_id: number | null
  kind: string
  recipient: string
  subscriber_id: number | null
  notice_id: number | null
  user_id: number | null
  status: Generated<DeliveryStatus>
  attempts: Generated<number>
  lease_owner: string | null
  lease_until: string | null
  error: string | null
  sent_at: string | null
  created_at: string
  /** 2026-11-28-0030: 'email' (recipient = address) or 'wechat' (recipient = the mini-program openid) */
  channel: Generated<'email' | 'wechat'>
  activity_id: number | null
}

/** one-time demo seeds already applied (migration 0004) */
export interface SeedMarksTable {
  name: string
  created_at: string
}

export interface SystemTables {
  job_queue: JobQueueTable
  mail_deliveries: MailDeliveriesTable
  seed_marks: SeedMarksTable
  server_secrets: ServerSecretsTable
  abuse_counters: AbuseCountersTable
}

/** generated secrets (JWT signing when JWT_SECRET is unset, on PostgreSQL) — db/server-secret.ts */
export interface ServerSecretsTable {
  name: string
  value: string
  created_at: string
}
/** abuse limits shared by every instance (db/abuse-counters.ts): one row per key and window */
export interface AbuseCountersTable {
  counter_key: string
  window_start: string
  amount: number
}
