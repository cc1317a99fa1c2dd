/**
 * Admin menus declared by a feature's seed file: each menu (and button) is created when missing and
 * granted to its roles only when it is first created, so a grant an operator removes in the role editor
 * stays removed at the next start. `parent` names another menu (default the root 'admin').
 */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../schema'

export type SeedButton = { name: string; zh: string; en: string }
export interface SeedMenu {
  name: string
  parent?: string
  path: string
  component: string
  titleZh: string
  titleEn: string
  icon: string | null
  redirect?: string
  sort: number
  buttons: SeedButton[]
  /** role codes granted the menu and all its buttons when they are created */
  roles: string[]
}

export const BTN = {
  add: { name: 'add', zh: '新增', en: 'Add' },
  edit: { name: 'edit', zh: '编辑', en: 'Edit' },
  delete: { name: 'delete', zh: '删除', en: 'Delete' },
  publish: { name: 'publish', zh: '发布', en: 'Publish' },
  sort: { name: 'sort', zh: '排序', en: 'Order' },
  export: { name: 'export', zh: '导出', en: 'Export' },
} satisfies Record<string, SeedButton>

export async function seedAdminMenus(db: Kysely<DB> | Transaction<DB>, menus: SeedMenu[], bump: (k: string) => void): Promise<void> {
  const run = async (trx: Kysely<DB> | Transaction<DB>) => {
    for (const m of menus) {
      const parent = await trx.selectFrom('menus').select('id').where('name', '=', m.parent ?? 'admin').executeTakeFirst()
      if (!parent) continue
      const roleIds = m.roles.length ? (await trx.selectFrom('roles').select('id').where('code', 'in', m.roles).execute()).map((r) => r.id) : []
      let menu = await trx.selectFrom('menus').select('id').where('name', '=', m.name).executeTakeFirst()
      if (!menu) {
        menu = await trx
          .insertInto('menus')
          .values({ pid: parent.id, path: m.path, name: m.name, title_zh: m.titleZh, title_en: m.titleEn, component: m.component, redirect: m.redirect ?? null, icon: m.icon, sort: m.sort })
          .returning('id')
          .executeTakeFirstOrThrow()
        bump('menus')
        for (const roleId of roleIds) await trx.insertInto('role_menus').values({ role_id: roleId, menu_id: menu.id }).execute()
      }
      for (const b of m.buttons) {
        const found = await trx.selectFrom('menu_buttons').select('id').where('menu_id', '=', menu.id).where('name', '=', b.name).executeTakeFirst()
        if (found) continue
        const row = await trx.insertInto('menu_buttons').values({ menu_id: menu.id, name: b.name, title_zh: b.zh, title_en: b.en }).returning('id').executeTakeFirstOrThrow()
        bump('buttons')
        for (const roleId of roleIds) await trx.insertInto('role_buttons').values({ role_id: roleId, button_id: row.id }).execute()
      }
    }
  }
  if ('isTransaction' in db && db.isTransaction) await run(db)
  else await (db as Kysely<DB>).transaction().execute(run)
}
