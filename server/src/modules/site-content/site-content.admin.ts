/** Admin declarations of the adverts (four areas), industry cases and partners (CRUD through blocks/admin-crud). */
import { ADVERT_AREAS, SITE_MENUS } from '@contracts/admin-site'
import { bi, biRich, F, type CrudDef } from '../../blocks/admin-crud/crud-def'
import { checkWindow } from '../../blocks/admin-crud/admin-crud.service'

export const ADVERT_ADMIN: CrudDef = {
  key: 'advert',
  menu: SITE_MENUS.advert,
  table: 'site_adverts',
  fields: [F.enumOf('area', ADVERT_AREAS), ...bi('title', 200, true), F.image('imageUrl', true), F.link('linkUrl'), F.int('sort'), F.time('startAt'), F.time('endAt')],
  searchColumns: ['title_zh', 'title_en'],
  sortFields: ['id', 'sort', 'area', 'startAt', 'endAt', 'published', 'updatedAt'],
  defaultOrder: [
    ['area', 'asc'],
    ['sort', 'asc'],
  ],
  filters: ['area', 'published'],
  status: { on: 1, off: 0 },
  sortable: true,
  check: async (v) => checkWindow(v),
}

export const CASE_ADMIN: CrudDef = {
  key: 'case',
  menu: SITE_MENUS.case,
  table: 'site_cases',
  fields: [...bi('title', 200, true), ...bi('summary', 1000), ...biRich('content'), F.image('coverUrl'), F.int('sort')],
  searchColumns: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
  sortFields: ['id', 'sort', 'published', 'updatedAt'],
  defaultOrder: [['sort', 'asc']],
  filters: ['published'],
  status: { on: 1, off: 0 },
  sortable: true,
}

export const PARTNER_ADMIN: CrudDef = {
  key: 'partner',
  menu: SITE_MENUS.partner,
  table: 'site_partners',
  fields: [...bi('name', 100, true), F.image('logoUrl'), F.website(), F.int('sort')],
  searchColumns: ['name_zh', 'name_en', 'website'],
  sortFields: ['id', 'sort', 'nameZh', 'nameEn', 'published', 'updatedAt'],
  defaultOrder: [['sort', 'asc']],
  filters: ['published'],
  status: { on: 1, off: 0 },
  sortable: true,
}
