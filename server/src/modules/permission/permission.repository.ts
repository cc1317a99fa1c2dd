import { sql, type CompiledQuery } from 'kysely'
import type { Database } from '../../db/database'
import { POLICY_TEXT } from '@contracts/consent'

export interface AdminGrant {
  accountId: number
  kind: string
  roleId: number
  dataScope: 'all' | 'org'
  organizationId: number | null
}

export class PermissionRepository {
  private consentQuery: CompiledQuery | undefined
  constructor(private readonly db: Database) {}

  findTokenVersion(userId: number) {
    return this.db.selectFrom('users').select(['id', 'token_version']).where('id', '=', userId).executeTakeFirst()
  }

  /**
   * As findTokenVersion, with whether the person's newest agreement covers the policy versions in force
   * (consent_ok 1/0), answered by the same query: two primary-key reads of site_texts and one read of
   * the user_consents (user_id, id) index, so a consumer route costs no extra round trip.
   */
  async findTokenVersionAndConsent(userId: number): Promise<{ id: number; token_version: number; consent_ok: number | null } | undefined> {
    // built once (the query builder's cost is most of this read's CPU time); each call sets the user id
    const compiled = (this.consentQuery ??= this.db
      .selectFrom('users as u')
      .select(['u.id', 'u.token_version'])
      .select(
        sql<number | null>`(select case when uc.agreement_version >= coalesce((select st.version from site_texts st where st.code = ${POLICY_TEXT.agreement}), 1)
          and uc.privacy_version >= coalesce((select st.version from site_texts st where st.code = ${POLICY_TEXT.privacy}), 1) then 1 else 0 end
          from user_consents uc where uc.user_id = u.id order by uc.id desc limit 1)`.as('consent_ok'),
      )
      .where('u.id', '=', 0)
      .compile())
    const r = await this.db.executeQuery<{ id: number; token_version: number; consent_ok: number | null }>({ ...compiled, parameters: [...compiled.parameters.slice(0, -1), userId] })
    return r.rows[0]
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
