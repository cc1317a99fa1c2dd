/** Admin declaration of the banners (CRUD through blocks/admin-crud). */
import { BANNER_POSITIONS, SITE_MENUS } from '@contracts/admin-site'
import { bi, F, type CrudDef } from '../../blocks/admin-crud/crud-def'
import { checkWindow } from '../../blocks/admin-crud/admin-crud.service'

export const BANNER_ADMIN: CrudDef = {
  key: 'banner',
  menu: SITE_MENUS.banner,
  table: 'banners',
  fields: [...bi('title', 200, true), F.image('imageUrl', true), F.link('linkUrl'), F.enumOf('position', BANNER_POSITIONS), F.int('sort'), F.time('startAt'), F.time('endAt')],
  searchColumns: ['title_zh', 'title_en'],
  sortFields: ['id', 'sort', 'position', 'startAt', 'endAt', 'published', 'updatedAt'],
  defaultOrder: [
    ['position', 'asc'],
    ['sort', 'asc'],
  ],
  filters: ['position', 'published'],
  status: { on: 1, off: 0 },
  sortable: true,
  check: async (v) => checkWindow(v),
}
