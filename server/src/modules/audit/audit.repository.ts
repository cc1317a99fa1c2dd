/** The audit log's rows: insert, complete once, read pages, remove past retention. Nothing else writes it. */
import { sql, type CompiledQuery, type Kysely } from 'kysely'
import type { AuditLogTable, DB } from '../../db/schema'
import { AUDIT_COUNT_CAP } from '@contracts/audit'

export type NewAuditRow = Omit<AuditLogTable, 'id'>

export interface AuditFilter {
  actorId?: number
  action?: string
  targetType?: string
  targetId?: string
  organizationId?: number
  /** an organizer's organisations; undefined = every row */
  scope?: number[]
  from?: string
  to?: string
}

/** the insert's columns, in the order of its compiled statement's parameters */
const COLUMNS = [
  'created_at',
  'actor_id',
  'actor_name',
  'actor_roles',
  'organization_id',
  'action',
  'route',
  'target_type',
  'target_id',
  'outcome',
  'result_code',
  'before_json',
  'after_json',
  'ip',
  'user_agent',
] as const satisfies readonly (keyof NewAuditRow)[]

export class AuditRepository {
  /**
   * The two statements every audited request runs (the pending row, its completion), built once: the
   * query builder's work (building and compiling the statement) was most of their CPU time. Each call
   * only sets the parameters.
   */
  private insertQuery: CompiledQuery | undefined
  private completeQuery: CompiledQuery | undefined

  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: NewAuditRow): Promise<number> {
    const q = (this.insertQuery ??= this.db
      .insertInto('audit_log')
      .values(Object.fromEntries(COLUMNS.map((c) => [c, null])) as unknown as NewAuditRow)
      .returning('id')
      .compile())
    const r = await this.db.executeQuery<{ id: number }>({ ...q, parameters: COLUMNS.map((c) => row[c]) })
    return r.rows[0].id
  }

  /**
   * the outcome of a row written before its action ran (only a pending row is completed, once), with the
   * before/after JSON a route noted (a null side keeps what the row has)
   */
  async complete(id: number, outcome: 'ok' | 'failed', resultCode: number | null, note?: { before: string | null; after: string | null }): Promise<void> {
    const q = (this.completeQuery ??= this.db
      .updateTable('audit_log')
      .set({
        outcome: 'ok',
        result_code: 0,
        before_json: sql<string>`coalesce(${null}, before_json)`,
        after_json: sql<string>`coalesce(${null}, after_json)`,
      })
      .where('id', '=', 0)
      .where('outcome', '=', 'pending')
      .compile())
    await this.db.executeQuery({ ...q, parameters: [outcome, resultCode, note?.before ?? null, note?.after ?? null, id, 'pending'] })
  }

  private filtered(f: AuditFilter) {
    let q = this.db.selectFrom('audit_log as a')
    if (f.scope) q = f.scope.length ? q.where('a.organization_id', 'in', f.scope) : q.where('a.id', '<', 0)
    if (f.actorId != null) q = q.where('a.actor_id', '=', f.actorId)
    if (f.action) q = q.where('a.action', '=', f.action)
    if (f.targetType) q = q.where('a.target_type', '=', f.targetType)
    if (f.targetId) q = q.where('a.target_id', '=', f.targetId)
    if (f.organizationId != null) q = q.where('a.organization_id', '=', f.organizationId)
    if (f.from) q = q.where('a.created_at', '>=', f.from)
    if (f.to) q = q.where('a.created_at', '<', f.to)
    return q
  }

  /** newest first; the total counted up to the cap (capped = more rows match) */
  async page(f: AuditFilter, offset: number, limit: number) {
    const rows = await this.filtered(f)
      .leftJoin('organizations as o', 'o.id', 'a.organization_id')
      .selectAll('a')
      .select(['o.name_zh as org_zh', 'o.name_en as org_en'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute()
    const counted = await this.db
      .selectFrom(this.filtered(f).select('a.id').limit(AUDIT_COUNT_CAP + 1).as('c'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
    const n = Number(counted?.n ?? 0)
    return { rows, total: Math.min(n, AUDIT_COUNT_CAP), capped: n > AUDIT_COUNT_CAP }
  }

  /** rows created before `before`, at most `batch` of them; answers how many went */
  async purgeBefore(before: string, batch: number): Promise<number> {
    const ids = await this.db.selectFrom('audit_log').select('id').where('created_at', '<', before).orderBy('created_at').limit(batch).execute()
    if (!ids.length) return 0
    const r = await this.db.deleteFrom('audit_log').where('id', 'in', ids.map((x) => x.id)).executeTakeFirst()
    return Number(r.numDeletedRows)
  }

  actorIdByEmail(email: string) {
    return this.db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
  }

  actorName(userId: number) {
    return this.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
  }

  roleCodes() {
    return this.db.selectFrom('roles').select(['id', 'code']).execute()
  }
}
