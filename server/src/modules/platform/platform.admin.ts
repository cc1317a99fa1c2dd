/** Admin declaration of the talent platforms (CRUD through blocks/admin-crud). */
import { paramError } from '../../lib/app-error'
import { SITE_MENUS } from '@contracts/admin-site'
import { bi, biRich, F, type CrudDef } from '../../blocks/admin-crud/crud-def'
import type { PlatformService } from './platform.service'

export const platformAdmin = (platforms: PlatformService): CrudDef => ({
  key: 'platform',
  menu: SITE_MENUS.platform,
  table: 'platforms',
  fields: [
    ...bi('name', 100, true),
    F.text('natureCode', 50, true),
    ...bi('city', 50),
    ...bi('intro', 1000),
    ...biRich('content'),
    F.image('logoUrl'),
    F.website(),
    F.int('sort'),
  ],
  searchColumns: ['name_zh', 'name_en', 'city_zh', 'city_en'],
  sortFields: ['id', 'sort', 'nameZh', 'nameEn', 'natureCode', 'published', 'updatedAt'],
  defaultOrder: [['sort', 'asc']],
  filters: ['natureCode', 'published'],
  status: { on: 'published', off: 'draft' },
  sortable: true,
  async check(v) {
    const natures = await platforms.natures()
    if (!natures.some((n) => n.code === v.nature_code)) throw paramError('natureCode')
  },
})
