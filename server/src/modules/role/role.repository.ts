import type { Database } from '../../db/database'

export class RoleRepository {
  constructor(private readonly db: Database) {}

  listRoles() {
    return this.db.selectFrom('roles').selectAll().orderBy('id').execute()
  }
  menuIdsByRole() {
    return this.db.selectFrom('role_menus').selectAll().execute()
  }
  buttonIdsByRole() {
    return this.db.selectFrom('role_buttons').selectAll().execute()
  }
}
