/** Admin reads and writes of policies (any status) and their match rules. */
import type { Insertable, Updateable } from 'kysely'
import type { PoliciesTable, PolicyRulesTable } from '../../db/schema'
import { KeywordRepository } from '../../db/keyword-match'
import { pageWithTotal } from '../../db/page-query'

export interface PolicyAdminFilter {
  keyword?: string
  status?: 'draft' | 'published'
  level?: PoliciesTable['level']
  sort: { column: 'updated_at' | 'published_at' | 'view_count' | 'id'; dir: 'asc' | 'desc' }
  offset: number
  limit: number
}

export class PolicyAdminRepository extends KeywordRepository {

  private filtered(f: PolicyAdminFilter) {
    let q = this.db.selectFrom('policies as p')
    if (f.status) q = q.where('p.status', '=', f.status)
    if (f.level) q = q.where('p.level', '=', f.level)
    if (f.keyword) q = q.where(this.matches('policies', 'p', f.keyword))
    return q
  }

  list(f: PolicyAdminFilter) {
    return pageWithTotal(
      () => this.filtered(f),
      (q) =>
        q
          .select((eb) => [
            'p.id', 'p.title_zh', 'p.title_en', 'p.level', 'p.category_code', 'p.city_zh', 'p.city_en', 'p.issuer_zh', 'p.issuer_en',
            'p.status', 'p.published_at', 'p.view_count', 'p.updated_at',
            eb.selectFrom('policy_rules as r').whereRef('r.policy_id', '=', 'p.id').select((e) => e.fn.countAll<number>().as('n')).as('rule_count'),
          ])
          .orderBy(`p.${f.sort.column}`, f.sort.dir)
          .orderBy('p.id', 'desc')
          .limit(f.limit)
          .offset(f.offset)
          .execute(),
    )
  }

  find(id: number) {
    return this.db.selectFrom('policies').selectAll().where('id', '=', id).executeTakeFirst()
  }

  insert(values: Insertable<PoliciesTable>) {
    return this.db.insertInto('policies').values(values).returning('id').executeTakeFirstOrThrow()
  }

  update(id: number, values: Updateable<PoliciesTable>) {
    return this.db.updateTable('policies').set(values).where('id', '=', id).executeTakeFirst()
  }

  remove(id: number) {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('policy_rules').where('policy_id', '=', id).execute()
      await trx.deleteFrom('policies').where('id', '=', id).execute()
    })
  }

  rules(policyId: number) {
    return this.db.selectFrom('policy_rules').selectAll().where('policy_id', '=', policyId).orderBy('id').execute()
  }

  findRule(id: number) {
    return this.db.selectFrom('policy_rules').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** a rule change also touches the policy (its list shows the latest edit first) */
  saveRule(id: number | undefined, values: Insertable<PolicyRulesTable>, now: string) {
    return this.db.transaction().execute(async (trx) => {
      let ruleId = id
      if (ruleId) await trx.updateTable('policy_rules').set(values as Updateable<PolicyRulesTable>).where('id', '=', ruleId).execute()
      else ruleId = (await trx.insertInto('policy_rules').values(values).returning('id').executeTakeFirstOrThrow()).id
      await trx.updateTable('policies').set({ updated_at: now }).where('id', '=', values.policy_id).execute()
      return ruleId
    })
  }

  removeRule(id: number) {
    return this.db.deleteFrom('policy_rules').where('id', '=', id).executeTakeFirst()
  }
}
