/**
 * Admin declaration of the premium places (CRUD through blocks/admin-crud): the organisations of kind
 * 'place'. The publish switch is the premium flag (listed on /premiumPlace); a place still in use
 * (activities, accounts, departments, projects) is not deleted (630).
 */
import { AppError } from '../../lib/app-error'
import { ownFileUrlSchema, webUrlSchema } from '../../lib/route-schemas'
import { CONTENT_MENUS } from '@contracts/admin-site'
import { bi, biRich, F, type CrudDef } from '../../blocks/admin-crud/crud-def'
import type { SponsorService } from './sponsor.service'

export const placeAdmin = (sponsors: SponsorService): CrudDef => ({
  key: 'place',
  menu: CONTENT_MENUS.place,
  table: 'organizations',
  scope: { kind: 'place', pid: 0 },
  fields: [
    ...bi('name', 100, true),
    ...bi('city', 50),
    ...bi('intro', 1000),
    ...biRich('content'),
    { ...F.image('logoUrl'), schema: ownFileUrlSchema },
    { ...F.image('bannerUrl'), schema: ownFileUrlSchema },
    { ...F.website(), schema: webUrlSchema },
    F.int('sort'),
  ],
  searchColumns: ['name_zh', 'name_en', 'city_zh', 'city_en'],
  sortFields: ['id', 'sort', 'nameZh', 'nameEn', 'followerCount', 'published', 'updatedAt'],
  defaultOrder: [['sort', 'asc']],
  filters: ['published'],
  status: { on: 1, off: 0, column: 'is_premium' },
  sortable: true,
  async beforeRemove(id) {
    if (await sponsors.inUse(id)) throw new AppError(630)
  },
})
