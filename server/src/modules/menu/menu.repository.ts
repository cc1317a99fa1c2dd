import type { Database } from '../../db/database'
import type { MenusTable } from '../../db/schema'
import type { Insertable, Updateable } from 'kysely'

export class MenuRepository {
  constructor(private readonly db: Database) {}

  menusForRoles(roleIds: number[]) {
    if (!roleIds.length) return Promise.resolve([])
    return this.db
      .selectFrom('menus as m')
      .selectAll('m')
      .where((eb) =>
        eb.exists(
          eb.selectFrom('role_menus as rm').select('rm.menu_id').whereRef('rm.menu_id', '=', 'm.id').where('rm.role_id', 'in', roleIds),
        ),
      )
      .orderBy('m.sort')
      .orderBy('m.id')
      .execute()
  }

  buttonsForRoles(roleIds: number[]) {
    if (!roleIds.length) return Promise.resolve([])
    return this.db
      .selectFrom('menu_buttons as b')
      .selectAll('b')
      .where((eb) =>
        eb.exists(
          eb.selectFrom('role_buttons as rb').select('rb.button_id').whereRef('rb.button_id', '=', 'b.id').where('rb.role_id', 'in', roleIds),
        ),
      )
      .orderBy('b.id')
      .execute()
  }

  allMenus() {
    return this.db.selectFrom('menus').selectAll().orderBy('sort').orderBy('id').execute()
  }

  allButtons() {
    return this.db.selectFrom('menu_buttons').selectAll().orderBy('id').execute()
  }

  findMenu(id: number) {
    return this.db.selectFrom('menus').selectAll().where('id', '=', id).executeTakeFirst()
  }

  findMenuByName(name: string) {
    return this.db.selectFrom('menus').select(['id']).where('name', '=', name).executeTakeFirst()
  }

  async hasChildren(id: number) {
    return !!(await this.db.selectFrom('menus').select('id').where('pid', '=', id).executeTakeFirst())
  }

  /** (id, pid) of every menu: the tree is small (tens of rows), so cycles are checked in memory. */
  menuParents() {
    return this.db.selectFrom('menus').select(['id', 'pid']).execute()
  }

  async insertMenu(row: Insertable<MenusTable>) {
    return (await this.db.insertInto('menus').values(row).returning('id').executeTakeFirstOrThrow()).id
  }

  updateMenu(id: number, patch: Updateable<MenusTable>) {
    return this.db.updateTable('menus').set(patch).where('id', '=', id).execute()
  }

  /** The menu, its buttons and every grant of either, in one transaction. */
  deleteMenu(id: number) {
    return this.db.transaction().execute(async (trx) => {
      const buttonIds = (await trx.selectFrom('menu_buttons').select('id').where('menu_id', '=', id).execute()).map((b) => b.id)
      if (buttonIds.length) {
        await trx.deleteFrom('role_buttons').where('button_id', 'in', buttonIds).execute()
        await trx.deleteFrom('menu_buttons').where('id', 'in', buttonIds).execute()
      }
      await trx.deleteFrom('role_menus').where('menu_id', '=', id).execute()
      await trx.deleteFrom('menus').where('id', '=', id).execute()
    })
  }

  findButton(id: number) {
    return this.db.selectFrom('menu_buttons').selectAll().where('id', '=', id).executeTakeFirst()
  }

  findButtonByName(menuId: number, name: string) {
    return this.db.selectFrom('menu_buttons').select('id').where('menu_id', '=', menuId).where('name', '=', name).executeTakeFirst()
  }

  async insertButton(row: { menu_id: number; name: string; title_zh: string; title_en: string }) {
    return (await this.db.insertInto('menu_buttons').values(row).returning('id').executeTakeFirstOrThrow()).id
  }

  updateButton(id: number, patch: { name?: string; title_zh?: string; title_en?: string }) {
    return this.db.updateTable('menu_buttons').set(patch).where('id', '=', id).execute()
  }

  deleteButton(id: number) {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('role_buttons').where('button_id', '=', id).execute()
      await trx.deleteFrom('menu_buttons').where('id', '=', id).execute()
    })
  }
}
