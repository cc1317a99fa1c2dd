/** Admin declaration of the talents shown at /talentDetail (CRUD through blocks/admin-crud). */
import { paramError } from '../../lib/app-error'
import { parseList } from '../../lib/json'
import { ownFileUrlSchema } from '../../lib/route-schemas'
import { CONTENT_MENUS, DEGREES } from '@contracts/admin-site'
import { bi, biRich, F, type CrudDef } from '../../blocks/admin-crud/crud-def'
import type { TalentService } from './talent.service'

/** achievements: edited one per line, stored as a JSON list (what the consumer detail reads) */
const ACHIEVEMENTS = ['achievements_zh', 'achievements_en'] as const
const MAX_ACHIEVEMENTS = 30

const toList = (text: unknown) =>
  String(text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, MAX_ACHIEVEMENTS)

export const talentAdmin = (talents: TalentService): CrudDef => ({
  key: 'talent',
  menu: CONTENT_MENUS.talent,
  table: 'talents',
  fields: [
    ...bi('name', 100, true),
    ...bi('title', 200),
    F.text('fieldCode', 50, true),
    F.text('country', 50, true),
    F.enumOf('degree', DEGREES),
    { ...F.image('avatarUrl'), schema: ownFileUrlSchema },
    ...biRich('intro'),
    ...bi('achievements', 4000),
    F.int('sort'),
  ],
  searchColumns: ['name_zh', 'name_en', 'title_zh', 'title_en'],
  sortFields: ['id', 'sort', 'nameZh', 'nameEn', 'fieldCode', 'country', 'published', 'updatedAt'],
  defaultOrder: [['sort', 'asc']],
  filters: ['fieldCode', 'country', 'published'],
  status: { on: 'published', off: 'draft' },
  sortable: true,
  async check(v) {
    const { fields, countries } = await talents.options()
    if (!fields.some((f) => f.code === v.field_code)) throw paramError('fieldCode')
    if (!countries.some((c) => c.code === v.country)) throw paramError('country')
    for (const col of ACHIEVEMENTS) v[col] = JSON.stringify(toList(v[col]))
  },
  async decorate(items) {
    for (const i of items) {
      i.achievementsZh = parseList(i.achievementsZh as string).join('\n')
      i.achievementsEn = parseList(i.achievementsEn as string).join('\n')
    }
  },
})
