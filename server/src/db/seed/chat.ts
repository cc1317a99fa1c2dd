/**
 * Chat seed: the adviser console's admin menu entry, granted to the kefu and operations roles
 * when the menu is first created (a later removal in the admin survives restarts). Holding this menu is
 * what makes an admin account a chat agent (modules/chat/chat.repository.ts isAgent).
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { CHAT_MENU_COMPONENT } from '@contracts/chat'

const MENU = {
  name: 'advisorChat',
  path: '/admin/advisor',
  component: CHAT_MENU_COMPONENT,
  titleZh: '在线客服',
  titleEn: 'Adviser chat',
  icon: 'CustomerServiceOutlined',
  sort: 30,
  roles: ['kefu', 'operations'],
}

export async function seedChat(db: Kysely<DB>, bump: (k: string) => void): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('menus').select('id').where('name', '=', MENU.name).executeTakeFirst()) return
    const root = await trx.selectFrom('menus').select('id').where('name', '=', 'admin').executeTakeFirst()
    if (!root) return
    const menu = await trx
      .insertInto('menus')
      .values({ pid: root.id, path: MENU.path, name: MENU.name, title_zh: MENU.titleZh, title_en: MENU.titleEn, component: MENU.component, redirect: null, icon: MENU.icon, sort: MENU.sort })
      .returning('id')
      .executeTakeFirstOrThrow()
    bump('menus')
    const roles = await trx.selectFrom('roles').select('id').where('code', 'in', MENU.roles).execute()
    for (const r of roles) await trx.insertInto('role_menus').values({ role_id: r.id, menu_id: menu.id }).execute()
  })
}
