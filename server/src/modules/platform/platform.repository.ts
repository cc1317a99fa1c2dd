import { KeywordRepository } from '../../db/keyword-match'
import { COLLEGE_PLATFORM_NATURES } from '@contracts/platform'

const PLATFORM_COLUMNS = ['p.id', 'p.name_zh', 'p.name_en', 'p.logo_url', 'p.nature_code', 'p.city_zh', 'p.city_en', 'p.intro_zh', 'p.intro_en'] as const
const JOB_COLUMNS = [
  'j.id', 'j.title_zh', 'j.title_en', 'j.kind', 'j.platform_id', 'p.name_zh as platform_name_zh', 'p.name_en as platform_name_en',
  'p.logo_url as platform_logo_url', 'j.city_zh', 'j.city_en', 'j.salary_zh', 'j.salary_en', 'j.degree', 'j.description_zh',
  'j.description_en', 'j.published_at',
] as const

export class PlatformRepository extends KeywordRepository {

  private platforms(f: { natureCode?: string; kind?: 'college' | 'enterprise'; keyword?: string }) {
    let q = this.db.selectFrom('platforms as p').where('p.status', '=', 'published')
    if (f.natureCode) q = q.where('p.nature_code', '=', f.natureCode)
    if (f.kind === 'college') q = q.where('p.nature_code', 'in', [...COLLEGE_PLATFORM_NATURES])
    if (f.kind === 'enterprise') q = q.where('p.nature_code', 'not in', [...COLLEGE_PLATFORM_NATURES])
    if (f.keyword) q = q.where(this.matches('platforms', 'p', f.keyword))
    return q
  }

  async list(f: { natureCode?: string; kind?: 'college' | 'enterprise'; keyword?: string; offset: number; limit: number }) {
    const [rows, count] = await Promise.all([
      this.platforms(f).select(PLATFORM_COLUMNS).orderBy('p.sort').orderBy('p.id').limit(f.limit).offset(f.offset).execute(),
      this.platforms(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  /** a platform whatever its status (the job editor's reference check) */
  findAny(id: number) {
    return this.db.selectFrom('platforms').select(['id', 'nature_code', 'city_zh', 'city_en']).where('id', '=', id).executeTakeFirst()
  }

  /** every platform, drafts too: the job editor's choice (bounded) */
  choices() {
    return this.db.selectFrom('platforms').select(['id', 'name_zh', 'name_en', 'status']).orderBy('sort').orderBy('id').limit(500).execute()
  }

  find(id: number) {
    return this.db.selectFrom('platforms').selectAll().where('id', '=', id).where('status', '=', 'published').executeTakeFirst()
  }

  jobCounts(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db
      .selectFrom('jobs')
      .select(['platform_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('platform_id', 'in', ids)
      .where('status', '=', 'published')
      .groupBy('platform_id')
      .execute()
  }

  private jobs(f: { kind?: string; platformId?: number; keyword?: string; city?: string }) {
    let q = this.db
      .selectFrom('jobs as j')
      .innerJoin('platforms as p', 'p.id', 'j.platform_id')
      .where('j.status', '=', 'published')
      .where('p.status', '=', 'published')
    if (f.kind) q = q.where('j.kind', '=', f.kind as 'college')
    if (f.platformId) q = q.where('j.platform_id', '=', f.platformId)
    if (f.city) q = q.where((eb) => eb.or([eb('j.city_zh', '=', f.city!), eb('j.city_en', '=', f.city!)]))
    if (f.keyword) q = q.where(this.matches('jobs', 'j', f.keyword))
    return q
  }

  async jobList(f: { kind?: string; platformId?: number; keyword?: string; city?: string; offset: number; limit: number }) {
    const [rows, count] = await Promise.all([
      this.jobs(f).select(JOB_COLUMNS).orderBy('j.published_at', 'desc').orderBy('j.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      this.jobs(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }
}
