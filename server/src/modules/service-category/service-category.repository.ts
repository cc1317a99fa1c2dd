import type { Insertable, Kysely, Updateable } from 'kysely'
import type { Database } from '../../db/database'
import { SITE_DOCUMENTS, type DB, type ServiceCategoriesTable } from '../../db/schema'
import { inTransaction } from '../../db/transaction'

export const REPATRIATION_LINK = 'repatriation_service'

export class ServiceCategoryRepository {
  constructor(private readonly db: Database | Kysely<DB>) {}

  /** the whole tree is small (tens of rows): one ordered read, assembled in the service */
  all() {
    return this.db
      .selectFrom('service_categories as c')
      .leftJoin('users as u', 'u.id', 'c.agent_user_id')
      .select(['c.id', 'c.pid', 'c.name_zh', 'c.name_en', 'c.sort', 'c.hidden', 'c.agent_user_id', 'u.nick_name as agent_name'])
      .orderBy('c.pid')
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute()
  }
  links() {
    return this.db.selectFrom('service_category_links').select(['category_id', 'biz_type', 'biz_code']).execute()
  }
  byId(id: number) {
    return this.db.selectFrom('service_categories').selectAll().where('id', '=', id).executeTakeFirst()
  }
  children(pid: number) {
    return this.db.selectFrom('service_categories').select(['id', 'hidden']).where('pid', '=', pid).execute()
  }
  async linkCount(categoryId: number) {
    const r = await this.db.selectFrom('service_category_links').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', categoryId).executeTakeFirstOrThrow()
    return Number(r.n)
  }
  /** kefu / auser accounts that may answer a category (not forbidden) */
  agents() {
    return this.db
      .selectFrom('user_accounts as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['u.id', 'u.nick_name', 'u.email'])
      .where('a.kind', 'in', ['kefu', 'auser'])
      .where('a.forbidden', '=', 0)
      .orderBy('u.id')
      .distinct()
      .limit(500)
      .execute()
  }
  async isAgent(userId: number) {
    const r = await this.db
      .selectFrom('user_accounts')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', 'in', ['kefu', 'auser'])
      .where('forbidden', '=', 0)
      .executeTakeFirst()
    return !!r
  }
  repatriationDoc() {
    return this.db.selectFrom('site_settings').select('value').where('key', '=', SITE_DOCUMENTS.repatriation).executeTakeFirst()
  }

  /** runs `fn` with a repository bound to one transaction */
  transaction<T>(fn: (repo: ServiceCategoryRepository) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (trx) => fn(new ServiceCategoryRepository(trx)))
  }

  /** a category and its business links, together */
  create(values: Insertable<ServiceCategoriesTable>, codes: string[] | undefined): Promise<number> {
    return this.transaction(async (repo) => {
      const row = await repo.db.insertInto('service_categories').values(values).returning('id').executeTakeFirstOrThrow()
      if (codes?.length) await repo.setLinks(row.id, codes, values.created_at)
      return row.id
    })
  }

  /** the category's fields and, when `codes` is given, its business links, together */
  update(id: number, values: Updateable<ServiceCategoriesTable>, codes: string[] | undefined, now: string): Promise<void> {
    return this.transaction(async (repo) => {
      await repo.db.updateTable('service_categories').set(values).where('id', '=', id).execute()
      if (codes !== undefined) await repo.setLinks(id, codes, now)
    })
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('service_categories').where('id', '=', id).execute()
  }

  private async setLinks(categoryId: number, codes: string[], now: string) {
    await this.db.deleteFrom('service_category_links').where('category_id', '=', categoryId).where('biz_type', '=', REPATRIATION_LINK).execute()
    if (!codes.length) return
    // one business item is answered by one category: a code linked elsewhere moves here
    await this.db.deleteFrom('service_category_links').where('biz_type', '=', REPATRIATION_LINK).where('biz_code', 'in', codes).execute()
    await this.db
      .insertInto('service_category_links')
      .values(codes.map((c) => ({ category_id: categoryId, biz_type: REPATRIATION_LINK, biz_code: c, created_at: now })))
      .execute()
  }
}
