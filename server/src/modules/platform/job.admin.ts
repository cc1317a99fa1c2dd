/** Admin declaration of the platforms' jobs shown at /job and /platformDetail (CRUD through blocks/admin-crud). */
import { paramError } from '../../lib/app-error'
import { CONTENT_MENUS, DEGREES } from '@contracts/admin-site'
import { COLLEGE_PLATFORM_NATURES } from '@contracts/platform'
import { bi, F, type CrudDef } from '../../blocks/admin-crud/crud-def'
import type { PlatformService } from './platform.service'

export const jobAdmin = (platforms: PlatformService): CrudDef => ({
  key: 'job',
  menu: CONTENT_MENUS.job,
  table: 'jobs',
  fields: [
    F.id('platformId', true),
    ...bi('title', 200, true),
    ...bi('city', 50),
    ...bi('salary', 100),
    { ...F.enumOf('degree', DEGREES, false), schema: { type: ['string', 'null'], enum: ['', null, ...DEGREES] } },
    ...bi('description', 5000),
    F.time('publishedAt'),
  ],
  searchColumns: ['title_zh', 'title_en', 'city_zh', 'city_en'],
  sortFields: ['id', 'publishedAt', 'platformId', 'kind', 'published', 'updatedAt'],
  // newest first, drafts included (a draft has no publish time: NULLs sort differently on the two databases)
  defaultOrder: [['id', 'desc']],
  filters: ['platformId', 'published'],
  status: { on: 'published', off: 'draft', publishedAt: 'published_at' },
  sortable: false,
  async check(v) {
    const platform = await platforms.anyPlatform(v.platform_id as number)
    if (!platform) throw paramError('platformId')
    // the job zone follows the platform (what /job?kind= and the platform page group by)
    v.kind = (COLLEGE_PLATFORM_NATURES as readonly string[]).includes(platform.nature_code) ? 'college' : 'enterprise'
    if (!v.city_zh && !v.city_en) {
      v.city_zh = platform.city_zh
      v.city_en = platform.city_en
    }
  },
})
