import type { Database } from '../../db/database'

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
}
