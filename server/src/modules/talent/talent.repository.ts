import type { Database } from '../../db/database'

export class TalentRepository {
  constructor(private readonly db: Database) {}

  private filtered(f: { fieldCode?: string; country?: string }) {
    let q = this.db
      .selectFrom('talents as t')
      .leftJoin('dict_items as d', (j) => j.onRef('d.code', '=', 't.country').on('d.type_code', '=', 'country'))
      .where('t.status', '=', 'published')
    if (f.fieldCode) q = q.where('t.field_code', '=', f.fieldCode)
    if (f.country) q = q.where('t.country', '=', f.country)
    return q
  }

  async list(f: { fieldCode?: string; country?: string; offset: number; limit: number }) {
    const [rows, count] = await Promise.all([
      this.filtered(f)
        .select(['t.id', 't.name_zh', 't.name_en', 't.avatar_url', 't.title_zh', 't.title_en', 't.field_code', 't.country', 't.degree', 'd.name_zh as country_zh', 'd.name_en as country_en'])
        .orderBy('t.sort')
        .orderBy('t.id')
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  find(id: number) {
    return this.filtered({})
      .select(['t.id', 't.name_zh', 't.name_en', 't.avatar_url', 't.title_zh', 't.title_en', 't.field_code', 't.country', 't.degree', 'd.name_zh as country_zh', 'd.name_en as country_en'])
      .select(['t.intro_zh', 't.intro_en', 't.achievements_zh', 't.achievements_en'])
      .where('t.id', '=', id)
      .executeTakeFirst()
  }
}
