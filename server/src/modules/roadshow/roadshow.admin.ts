/** Admin declarations of videos, roadshow projects and their records (CRUD through blocks/admin-crud). */
import { paramError } from '../../lib/app-error'
import { ROADSHOW_KINDS, SITE_MENUS, VIDEO_CATEGORIES } from '@contracts/admin-site'
import { bi, biRich, F, type CrudDef } from '../../blocks/admin-crud/crud-def'
import { appLinkSchema } from '../../lib/route-schemas'
import type { RoadshowService } from './roadshow.service'

export const VIDEO_ADMIN: CrudDef = {
  key: 'video',
  menu: SITE_MENUS.video,
  table: 'videos',
  fields: [
    ...bi('title', 200, true),
    F.enumOf('category', VIDEO_CATEGORIES),
    // an upload (/uploads/…, range requests) or an external player URL
    { ...F.link('videoUrl'), max: 1000, required: true, schema: appLinkSchema },
    F.image('coverUrl'),
    F.int('durationSeconds', 0, 86_400),
    F.time('publishedAt'),
  ],
  searchColumns: ['title_zh', 'title_en'],
  sortFields: ['id', 'publishedAt', 'durationSeconds', 'category', 'published'],
  defaultOrder: [['published_at', 'desc']],
  filters: ['category', 'published'],
  status: { on: 'published', off: 'draft' },
  sortable: false,
  async check(v, ctx) {
    // consumer lists are newest first: a video without a time is published now
    if (!v.published_at) v.published_at = ctx.clock.now().toISOString()
  },
}

export const roadshowAdmin = (roadshows: RoadshowService): CrudDef => ({
  key: 'roadshow',
  menu: SITE_MENUS.roadshow,
  table: 'roadshow_projects',
  fields: [
    F.enumOf('kind', ROADSHOW_KINDS),
    ...bi('title', 200, true),
    F.text('fieldCode', 50, true),
    ...bi('summary', 1000),
    ...bi('stage', 100),
    ...biRich('content'),
    F.image('coverUrl'),
    F.id('organizationId'),
    F.id('competitionId'),
    F.id('bpVideoId'),
    F.time('publishedAt'),
  ],
  searchColumns: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
  sortFields: ['id', 'publishedAt', 'kind', 'fieldCode', 'published', 'updatedAt'],
  defaultOrder: [['published_at', 'desc']],
  filters: ['kind', 'fieldCode', 'published'],
  status: { on: 'published', off: 'draft', publishedAt: 'published_at' },
  sortable: false,
  async check(v) {
    const fields = await roadshows.allFields()
    if (!fields.some((f) => f.code === v.field_code)) throw paramError('fieldCode')
    const refs: Array<[string, 'organizations' | 'competitions' | 'videos', string]> = [
      ['organization_id', 'organizations', 'organizationId'],
      ['competition_id', 'competitions', 'competitionId'],
      ['bp_video_id', 'videos', 'bpVideoId'],
    ]
    for (const [col, table, field] of refs) {
      const id = v[col] as number | null
      if (id && !(await roadshows.exists(table, id))) throw paramError(field)
    }
  },
  async decorate(items) {
    const counts = await roadshows.recordCounts(items.map((i) => i.id as number))
    for (const i of items) i.recordCount = counts.get(i.id as number) ?? 0
  },
})

export const roadshowRecordAdmin = (roadshows: RoadshowService): CrudDef => ({
  key: 'roadshowRecord',
  menu: SITE_MENUS.roadshow,
  table: 'roadshow_records',
  fields: [F.id('projectId', true), ...bi('title', 200, true), F.time('heldAt', true), ...bi('city', 50), ...bi('result', 500)],
  searchColumns: ['title_zh', 'title_en', 'city_zh', 'city_en'],
  sortFields: ['id', 'heldAt'],
  defaultOrder: [['held_at', 'desc']],
  filters: ['projectId'],
  sortable: false,
  async check(v) {
    if (!(await roadshows.exists('roadshow_projects', v.project_id as number))) throw paramError('projectId')
  },
})
