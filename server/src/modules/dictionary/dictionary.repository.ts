import { sql } from 'kysely'
import type { Database } from '../../db/database'

export type SortOrder = 'asc' | 'desc'
const TYPE_SORT = { id: 'id', code: 'code', nameZh: 'name_zh', nameEn: 'name_en', updatedAt: 'updated_at' } as const
const ITEM_SORT = { sort: 'sort', id: 'id', code: 'code', nameZh: 'name_zh', nameEn: 'name_en', status: 'status' } as const
export type TypeSortField = keyof typeof TYPE_SORT
export type ItemSortField = keyof typeof ITEM_SORT

/** the keyword, in any case, as a substring of any of the columns (column expressions of this file only) */
function keywordIn(keyword: string, columns: string[]) {
  const like = `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`
  return sql<boolean>`(${sql.join(columns.map((c) => sql`lower(${sql.raw(c)}) like ${like} escape '\\'`), sql` or `)})`
}

export class DictionaryRepository {
  constructor(private readonly db: Database) {}

  items(typeCode: string) {
    return this.db
      .selectFrom('dict_items')
      .select(['code', 'name_zh', 'name_en', 'internationalize_key'])
      .where('type_code', '=', typeCode)
      .where('status', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  }

  itemsOf(typeCode: string, codes: string[]) {
    if (!codes.length) return Promise.resolve([])
    return this.db
      .selectFrom('dict_items')
      .select(['code', 'name_zh', 'name_en'])
      .where('type_code', '=', typeCode)
      .where('code', 'in', [...new Set(codes)])
      .execute()
  }

  // ---------------------------------------------------------------- admin

  /** enabled options with ids, for POST /dict/info/tree/dict */
  treeItems(typeCode: string) {
    return this.db
      .selectFrom('dict_items')
      .select(['id', 'code', 'name_zh', 'name_en', 'internationalize_key'])
      .where('type_code', '=', typeCode)
      .where('status', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  }

  async typePage(f: { keyword?: string; sortField: TypeSortField; sortOrder: SortOrder; offset: number; limit: number }) {
    let q = this.db.selectFrom('dict_types')
    if (f.keyword) q = q.where(keywordIn(f.keyword, ['code', 'name_zh', 'name_en']))
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .select((eb) => eb.selectFrom('dict_items as i').select(eb.fn.countAll<number>().as('n')).whereRef('i.type_code', '=', 'dict_types.code').as('item_count'))
        .orderBy(TYPE_SORT[f.sortField], f.sortOrder)
        .orderBy('id', 'asc')
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  async itemPage(f: { typeCode: string; keyword?: string; status?: number; sortField: ItemSortField; sortOrder: SortOrder; offset: number; limit: number }) {
    let q = this.db.selectFrom('dict_items').where('type_code', '=', f.typeCode)
    if (f.status === 0 || f.status === 1) q = q.where('status', '=', f.status)
    if (f.keyword) q = q.where(keywordIn(f.keyword, ['code', 'name_zh', 'name_en', "coalesce(internationalize_key, '')"]))
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy(ITEM_SORT[f.sortField], f.sortOrder).orderBy('id', 'asc').limit(f.limit).offset(f.offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  typeById(id: number) {
    return this.db.selectFrom('dict_types').selectAll().where('id', '=', id).executeTakeFirst()
  }
  typeByCode(code: string) {
    return this.db.selectFrom('dict_types').selectAll().where('code', '=', code).executeTakeFirst()
  }
  itemById(id: number) {
    return this.db.selectFrom('dict_items').selectAll().where('id', '=', id).executeTakeFirst()
  }
  itemByCode(typeCode: string, code: string) {
    return this.db.selectFrom('dict_items').select('id').where('type_code', '=', typeCode).where('code', '=', code).executeTakeFirst()
  }
  async itemCount(typeCode: string) {
    const r = await this.db.selectFrom('dict_items').select((eb) => eb.fn.countAll<number>().as('n')).where('type_code', '=', typeCode).executeTakeFirstOrThrow()
    return Number(r.n)
  }
  async maxSort(typeCode: string) {
    const r = await this.db.selectFrom('dict_items').select((eb) => eb.fn.max('sort').as('m')).where('type_code', '=', typeCode).executeTakeFirst()
    return Number(r?.m ?? 0)
  }

  insertType(v: { code: string; name_zh: string; name_en: string }, now: string) {
    return this.db.insertInto('dict_types').values({ ...v, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  }
  updateType(id: number, v: { name_zh: string; name_en: string }, now: string) {
    return this.db.updateTable('dict_types').set({ ...v, updated_at: now }).where('id', '=', id).execute()
  }
  deleteType(id: number) {
    return this.db.deleteFrom('dict_types').where('id', '=', id).execute()
  }
  insertItem(
    v: { type_code: string; code: string; name_zh: string; name_en: string; internationalize_key: string | null; sort: number; status: number },
    now: string,
  ) {
    return this.db.insertInto('dict_items').values({ ...v, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  }
  updateItem(id: number, v: { name_zh: string; name_en: string; internationalize_key: string | null; sort: number; status: number }, now: string) {
    return this.db.updateTable('dict_items').set({ ...v, updated_at: now }).where('id', '=', id).execute()
  }
  deleteItem(id: number) {
    return this.db.deleteFrom('dict_items').where('id', '=', id).execute()
  }
  itemIdsOf(typeCode: string, ids: number[]) {
    return this.db.selectFrom('dict_items').select(['id', 'sort']).where('type_code', '=', typeCode).where('id', 'in', ids).execute()
  }
  /**
   * New order in one transaction. The given ids (a page of the list, or all of a type) take the sort
   * slots they occupy now, in their new order, so options outside the page keep their place; slots
   * are made strictly increasing so ties cannot undo the order.
   */
  reorder(typeCode: string, ids: number[], now: string) {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('dict_items').select(['id', 'sort']).where('type_code', '=', typeCode).where('id', 'in', ids).execute()
      const total = await trx.selectFrom('dict_items').select((eb) => eb.fn.countAll<number>().as('n')).where('type_code', '=', typeCode).executeTakeFirstOrThrow()
      let slots = rows.map((r) => Number(r.sort)).sort((a, b) => a - b)
      if (Number(total.n) === ids.length) slots = ids.map((_, i) => (i + 1) * 10)
      for (let i = 1; i < slots.length; i++) if (slots[i] <= slots[i - 1]) slots[i] = slots[i - 1] + 1
      for (const [i, id] of ids.entries()) {
        await trx.updateTable('dict_items').set({ sort: slots[i], updated_at: now }).where('id', '=', id).execute()
      }
    })
  }
}
