import type { Database } from '../../db/database'

export interface AdminGrant {
  accountId: number
  kind: string
  roleId: number
  dataScope: 'all' | 'org'
  organizationId: number | null
}

export class PermissionRepository {
  constructor(private readonly db: Database) {}

  findTokenVersion(userId: number) {
    return this.db.selectFrom('users').select(['id', 'token_version']).where('id', '=', userId).executeTakeFirst()
  }

  /** Usable admin-side accounts (ouser/auser/kefu, not forbidden/locked/expired) with their role. */
  async adminGrants(userId: number, nowIso: string): Promise<AdminGrant[]> {
    const rows = await this.db
      .selectFrom('user_accounts as a')
      .innerJoin('roles as r', 'r.id', 'a.role_id')
      .select(['a.id', 'a.kind', 'a.role_id', 'a.organization_id', 'r.data_scope'])
      .where('a.user_id', '=', userId)
      .where('a.kind', 'in', ['ouser', 'auser', 'kefu'])
      .where('a.forbidden', '=', 0)
      .where('a.locked', '=', 0)
      .where((eb) => eb.or([eb('a.expires_at', 'is', null), eb('a.expires_at', '>', nowIso)]))
      .execute()
    return rows.map((r) => ({
      accountId: r.id,
      kind: r.kind,
      roleId: r.role_id as number,
      dataScope: r.data_scope,
      organizationId: r.organization_id,
    }))
  }

  async rolesHaveMenu(roleIds: number[], component: string): Promise<number[]> {
    if (!roleIds.length) return []
    const rows = await this.db
      .selectFrom('role_menus as rm')
      .innerJoin('menus as m', 'm.id', 'rm.menu_id')
      .select('m.id')
      .where('rm.role_id', 'in', roleIds)
      .where('m.component', '=', component)
      .execute()
    return rows.map((r) => r.id)
  }

  async rolesHaveButton(roleIds: number[], menuIds: number[], button: string): Promise<boolean> {
    if (!roleIds.length || !menuIds.length) return false
    const row = await this.db
      .selectFrom('role_buttons as rb')
      .innerJoin('menu_buttons as b', 'b.id', 'rb.button_id')
      .select('b.id')
      .where('rb.role_id', 'in', roleIds)
      .where('b.menu_id', 'in', menuIds)
      .where('b.name', '=', button)
      .executeTakeFirst()
    return !!row
  }
}
