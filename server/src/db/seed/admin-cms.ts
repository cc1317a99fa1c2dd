/**
 * CMS admin area: the CMS menus (topics, information, policies, hot content) with their buttons,
 * granted to operations when first created; and, once per database, a few demo hot items so the hot
 * content view and the consumer pages have something featured.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'
import { seedOnce } from './once'

export const ADMIN_CMS_MENUS: SeedMenu[] = [
  {
    name: 'cmsTopic',
    path: '/admin/cms/topic',
    component: 'cms/topic/list',
    titleZh: '内容管理 › 专题',
    titleEn: 'CMS › Topics',
    icon: 'ReadOutlined',
    sort: 40,
    buttons: [BTN.add, BTN.edit, BTN.delete, BTN.publish, BTN.sort],
    roles: ['operations'],
  },
  {
    name: 'cmsInformation',
    path: '/admin/cms/information',
    component: 'cms/information/list',
    titleZh: '内容管理 › 资讯',
    titleEn: 'CMS › Information',
    icon: 'FileTextOutlined',
    sort: 41,
    buttons: [BTN.add, BTN.edit, BTN.delete, BTN.publish],
    roles: ['operations'],
  },
  {
    name: 'cmsPolicy',
    path: '/admin/cms/policy',
    component: 'cms/policy/list',
    titleZh: '内容管理 › 政策',
    titleEn: 'CMS › Policies',
    icon: 'AuditOutlined',
    sort: 42,
    buttons: [BTN.add, BTN.edit, BTN.delete, BTN.publish, { name: 'rule', zh: '匹配规则', en: 'Match rules' }],
    roles: ['operations'],
  },
  {
    name: 'cmsHot',
    path: '/admin/cms/hot',
    component: 'cms/hot/list',
    titleZh: '内容管理 › 热门内容',
    titleEn: 'CMS › Hot content',
    icon: 'FireOutlined',
    sort: 43,
    buttons: [BTN.edit],
    roles: ['operations'],
  },
]

export async function seedAdminCms(db: Kysely<DB>, _now: Date, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_CMS_MENUS, bump)
  // two newest published topics and information articles featured as hot (order 2, 1)
  await seedOnce(db, 'admin-cms-hot-v1', async (trx) => {
    for (const table of ['topics', 'information'] as const) {
      const rows = await trx
        .selectFrom(table as 'topics')
        .select('id')
        .where('status', '=', 'published')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(2)
        .execute()
      for (const [i, r] of rows.entries()) {
        await trx.updateTable(table as 'topics').set({ is_hot: 1, hot_sort: rows.length - i }).where('id', '=', r.id).execute()
        bump(`${table}.hot`)
      }
    }
  })
}
