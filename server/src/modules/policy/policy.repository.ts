import { sql } from 'kysely'
import { KeywordRepository } from '../../db/keyword-match'
import type { KeywordPage } from '../../db/page-query'

export interface PolicyFilter extends KeywordPage {
  level?: string
  categoryCode?: string
  ids?: number[]
}

const LIST_COLUMNS = [
  'p.id', 'p.title_zh', 'p.title_en', 'p.summary_zh', 'p.summary_en', 'p.level', 'p.city_zh', 'p.city_en',
  'p.issuer_zh', 'p.issuer_en', 'p.category_code', 'p.published_at', 'p.view_count',
] as const

export class PolicyRepository extends KeywordRepository {

  private filtered(f: PolicyFilter) {
    let q = this.db.selectFrom('policies as p').where('p.status', '=', 'published')
    if (f.level) q = q.where('p.level', '=', f.level as 'national')
    if (f.categoryCode) q = q.where('p.category_code', '=', f.categoryCode)
    if (f.ids) q = q.where('p.id', 'in', f.ids.length ? f.ids : [0])
    if (f.keyword) q = q.where(this.matches('policies', 'p', f.keyword))
    return q
  }

  async list(f: PolicyFilter) {
    const [rows, count] = await Promise.all([
      this.filtered(f).select(LIST_COLUMNS).orderBy('p.published_at', 'desc').orderBy('p.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  find(id: number) {
    return this.db.selectFrom('policies').selectAll().where('id', '=', id).where('status', '=', 'published').executeTakeFirst()
  }

  incrementViews(id: number) {
    return this.db.updateTable('policies').set({ view_count: sql`view_count + 1` }).where('id', '=', id).execute()
  }

  rulesOf(policyId: number) {
    return this.db.selectFrom('policy_rules').selectAll().where('policy_id', '=', policyId).orderBy('id').execute()
  }

  /** every rule of every published policy, with the policy's list columns */
  async allPublishedRules() {
    const policies = await this.db
      .selectFrom('policies as p')
      .select(LIST_COLUMNS)
      .where('p.status', '=', 'published')
      .orderBy('p.published_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute()
    const rules = await this.db
      .selectFrom('policy_rules as r')
      .innerJoin('policies as p', 'p.id', 'r.policy_id')
      .selectAll('r')
      .where('p.status', '=', 'published')
      .orderBy('r.id')
      .execute()
    return { policies, rules }
  }
}
