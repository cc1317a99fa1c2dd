/** Dictionary admin area: this area's admin menus (admin-menus.ts) and, once per database, its demo rows. */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'
import { seedOnce } from './once'

export const ADMIN_DICTIONARY_MENUS: SeedMenu[] = [
  {
    name: 'systemDict',
    path: '/admin/system/dict',
    component: 'system/dict/list',
    titleZh: '系统管理 › 字典管理',
    titleEn: 'System › Dictionaries',
    icon: 'BookOutlined',
    sort: 14,
    buttons: [BTN.add, BTN.edit, BTN.delete, BTN.sort],
    roles: ['operations'],
  },
  {
    name: 'systemServiceCategory',
    path: '/admin/system/service-category',
    component: 'system/service-category/list',
    titleZh: '系统管理 › 服务分类',
    titleEn: 'System › Service categories',
    icon: 'ApartmentOutlined',
    sort: 15,
    buttons: [BTN.add, BTN.edit, BTN.delete],
    roles: ['operations'],
  },
  {
    name: 'systemText',
    path: '/admin/system/text',
    component: 'system/text/list',
    titleZh: '系统管理 › 文本管理',
    titleEn: 'System › Texts',
    icon: 'FontSizeOutlined',
    sort: 16,
    buttons: [BTN.add, BTN.edit],
    roles: ['operations'],
  },
  {
    name: 'systemSiteSetting',
    path: '/admin/system/setting',
    component: 'system/setting/site',
    titleZh: '系统管理 › 站点设置',
    titleEn: 'System › Site settings',
    icon: 'SettingOutlined',
    sort: 17,
    buttons: [BTN.edit],
    roles: ['operations'],
  },
]

type Node = { zh: string; en: string; link?: string; children?: Node[] }

/** the footer's convenient entrances (job hunt, entrepreneurship, technology transfer) with sub-topics */
const CATEGORY_TREE: Node[] = [
  { zh: '求职招聘', en: 'Job hunting', link: 'apply_job', children: [{ zh: '高校教职', en: 'University positions' }, { zh: '企业岗位', en: 'Company positions' }] },
  { zh: '创业服务', en: 'Entrepreneurship', link: 'entrepreneurship', children: [{ zh: '注册落地', en: 'Company registration' }, { zh: '融资对接', en: 'Financing' }, { zh: '人才政策申报', en: 'Talent policy applications' }] },
  { zh: '技术转移', en: 'Technology transfer', link: 'achievement_transform', children: [{ zh: '专利评估', en: 'Patent assessment' }, { zh: '成果转化对接', en: 'Commercialisation matching' }] },
]

export async function seedAdminDictionary(db: Kysely<DB>, now: Date, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_DICTIONARY_MENUS, bump)
  await seedOnce(db, 'admin-dictionary-service-categories-v1', async (trx) => {
    const agent = await trx
      .selectFrom('users as u')
      .innerJoin('user_accounts as a', 'a.user_id', 'u.id')
      .select('u.id')
      .where('u.email', '=', 'kefu@haijiao.demo')
      .where('a.kind', '=', 'kefu')
      .executeTakeFirst()
    if (!agent) return false
    if (await trx.selectFrom('service_categories').select('id').limit(1).executeTakeFirst()) return true
    const ts = now.toISOString()
    const insert = async (n: Node, pid: number, sort: number) => {
      const row = await trx
        .insertInto('service_categories')
        .values({ pid, name_zh: n.zh, name_en: n.en, sort, hidden: 0, agent_user_id: agent.id, created_at: ts, updated_at: ts })
        .returning('id')
        .executeTakeFirstOrThrow()
      bump('serviceCategories')
      if (n.link) await trx.insertInto('service_category_links').values({ category_id: row.id, biz_type: 'repatriation_service', biz_code: n.link, created_at: ts }).execute()
      for (const [i, c] of (n.children ?? []).entries()) await insert(c, row.id, (i + 1) * 10)
    }
    for (const [i, n] of CATEGORY_TREE.entries()) await insert(n, 0, (i + 1) * 10)
  })
}
