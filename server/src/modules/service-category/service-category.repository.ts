import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/database'
import { SITE_DOCUMENTS, type DB } from '../../db/schema'

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

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
    // inside a transaction already (a repository built on `trx`): run there
    if (this.db.isTransaction) return fn(this.db as Transaction<DB>)
    return this.db.transaction().execute(fn)
  }
  static async setLinks(trx: Transaction<DB>, categoryId: number, codes: string[], now: string) {
    await trx.deleteFrom('service_category_links').where('category_id', '=', categoryId).where('biz_type', '=', REPATRIATION_LINK).execute()
    if (!codes.length) return
    // one business item is answered by one category: a code linked elsewhere moves here
    await trx.deleteFrom('service_category_links').where('biz_type', '=', REPATRIATION_LINK).where('biz_code', 'in', codes).execute()
    await trx
      .insertInto('service_category_links')
      .values(codes.map((c) => ({ category_id: categoryId, biz_type: REPATRIATION_LINK, biz_code: c, created_at: now })))
      .execute()
  }
}
