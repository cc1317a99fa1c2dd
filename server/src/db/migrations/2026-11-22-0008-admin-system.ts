/**
 * Admin area admin-system: indexes the menu/role editors query by. Portable (schema builder only).
 * - menus.pid: "has children?" on delete and the tree editor's parent checks
 * - role_menus.menu_id / role_buttons.button_id: removing a menu's or button's grants (the primary keys
 *   lead with role_id, so they do not serve lookups by menu or button)
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('menus_pid_idx').on('menus').columns(['pid', 'sort']).execute()
  await db.schema.createIndex('role_menus_menu_idx').on('role_menus').column('menu_id').execute()
  await db.schema.createIndex('role_buttons_button_idx').on('role_buttons').column('button_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('role_buttons_button_idx').ifExists().execute()
  await db.schema.dropIndex('role_menus_menu_idx').ifExists().execute()
  await db.schema.dropIndex('menus_pid_idx').ifExists().execute()
}
