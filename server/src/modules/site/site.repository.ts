import { sql } from 'kysely'
import type { Database } from '../../db/database'

const likeOf = (keyword: string) => `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`
const TEXT_SORT = { code: 'code', titleZh: 'title_zh', titleEn: 'title_en', updatedAt: 'updated_at' } as const
export type TextSortField = keyof typeof TEXT_SORT

export class SiteRepository {
  constructor(private readonly db: Database) {}

  settings() {
    return this.db.selectFrom('site_settings').selectAll().execute()
  }
  /** writes every key in one transaction; a null value removes the key (the reader's default applies) */
  async saveSettings(values: Record<string, string | null>, now: string) {
    await this.db.transaction().execute(async (trx) => {
      for (const [key, value] of Object.entries(values)) {
        await trx.deleteFrom('site_settings').where('key', '=', key).execute()
        if (value !== null) await trx.insertInto('site_settings').values({ key, value, updated_at: now }).execute()
      }
    })
  }
  text(code: string) {
    return this.db.selectFrom('site_texts').selectAll().where('code', '=', code).executeTakeFirst()
  }
  hotSearch() {
    return this.db.selectFrom('hot_search').selectAll().orderBy('search_module_code').orderBy('sort').orderBy('id').limit(50).execute()
  }

  // ---------------------------------------------------------------- admin

  /** site texts are a handful of rows keyed by code (primary key); keyword over code, titles and contents */
  async textPage(f: { keyword?: string; sortField: TextSortField; sortOrder: 'asc' | 'desc'; offset: number; limit: number }) {
    let q = this.db.selectFrom('site_texts')
    if (f.keyword) {
      const like = likeOf(f.keyword)
      q = q.where((eb) =>
        eb.or(
          (['code', 'title_zh', 'title_en', 'content_zh', 'content_en'] as const).map((c) => eb(sql`lower(${sql.ref(c)})`, 'like', sql`${like} escape '\\'`)),
        ),
      )
    }
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy(TEXT_SORT[f.sortField], f.sortOrder).orderBy('code').limit(f.limit).offset(f.offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }
  insertText(v: { code: string; title_zh: string; title_en: string; content_zh: string; content_en: string }, now: string) {
    return this.db.insertInto('site_texts').values({ ...v, updated_at: now }).execute()
  }
  updateText(code: string, v: { title_zh: string; title_en: string; content_zh: string; content_en: string; version: number }, now: string) {
    return this.db.updateTable('site_texts').set({ ...v, updated_at: now }).where('code', '=', code).execute()
  }

  overrides(lang: string) {
    return this.db.selectFrom('translation_overrides').select(['key', 'value']).where('lang', '=', lang).execute()
  }
  async setOverride(lang: string, key: string, value: string | null, now: string) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('translation_overrides').where('lang', '=', lang).where('key', '=', key).execute()
      if (value !== null) await trx.insertInto('translation_overrides').values({ lang, key, value, updated_at: now }).execute()
    })
  }
}
