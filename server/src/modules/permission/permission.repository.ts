import { sql, type CompiledQuery } from 'kysely'
import { PREPARED, type Database } from '../../db/database'
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
    return (await this.tokenAndGrants(userId, nowIso))?.grants ?? []
  }

  /**
   * The user's token version, usable admin-side grants and (when a menu is named) whether those grants
   * hold the menu and button, in one read: the whole check of an admin request. Each round trip to
   * PostgreSQL was about a fifth of a door scan's time, and this used to be four of them.
   */
  async tokenAndGrants(
    userId: number,
    nowIso: string,
    need?: { menu: string; button?: string },
  ): Promise<{ tokenVersion: number; grants: AdminGrant[]; allowed: boolean } | undefined> {
    const menu = need?.menu ?? null
    const button = need?.button ?? null
    const g = sql`g as (
        select a.id, a.kind, a.role_id, a.organization_id, r.data_scope
        from user_accounts a inner join roles r on r.id = a.role_id
        where a.user_id = ${userId} and a.kind in ('ouser', 'auser', 'kefu') and a.forbidden = 0 and a.locked = 0
          and (a.expires_at is null or a.expires_at > ${nowIso})
      ), mm as (
        select m.id from role_menus rm inner join menus m on m.id = rm.menu_id
        where cast(${menu} as text) is not null and rm.role_id in (select role_id from g) and m.component = ${menu}
      ), ok as (
        select exists (select 1 from mm) as has_menu,
          exists (
            select 1 from role_buttons rb inner join menu_buttons b on b.id = rb.button_id
            where rb.role_id in (select role_id from g) and b.menu_id in (select id from mm) and b.name = ${button}
          ) as has_button
      )`
    type Row = { token_version: number; account_id: number | null; kind: string | null; role_id: number | null; organization_id: number | null; data_scope: 'all' | 'org' | null; has_menu: number | boolean; has_button: number | boolean }
    const r = await sql<Row>`${PREPARED('admin_request_check')}
      with ${g}
      select u.token_version, g.id as account_id, g.kind, g.role_id, g.organization_id, g.data_scope, ok.has_menu, ok.has_button
      from users u left join g on 1 = 1 cross join ok
      where u.id = ${userId}`.execute(this.db)
    const rows = r.rows
    if (!rows.length) return undefined
    const grants: AdminGrant[] = []
    for (const row of rows) {
      if (row.account_id == null) continue
      grants.push({ accountId: row.account_id, kind: row.kind!, roleId: row.role_id as number, dataScope: row.data_scope!, organizationId: row.organization_id ?? null })
    }
    const hasMenu = !!Number(rows[0].has_menu)
    const allowed = !need ? true : hasMenu && (!button || !!Number(rows[0].has_button))
    return { tokenVersion: rows[0].token_version, grants, allowed }
  }

  /** one of the roles holds the menu and, when a button is named, one of them holds that button on it */
  async rolesAllow(roleIds: number[], component: string, button?: string): Promise<boolean> {
    if (!roleIds.length) return false
    const row = await this.db
      .selectFrom('role_menus as rm')
      .innerJoin('menus as m', 'm.id', 'rm.menu_id')
      .select('m.id')
      .where('rm.role_id', 'in', roleIds)
      .where('m.component', '=', component)
      .$if(!!button, (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('role_buttons as rb')
              .innerJoin('menu_buttons as b', 'b.id', 'rb.button_id')
              .select('b.id')
              .where('rb.role_id', 'in', roleIds)
              .whereRef('b.menu_id', '=', 'm.id')
              .where('b.name', '=', button!),
          ),
        ),
      )
      .limit(1)
      .executeTakeFirst()
    return !!row
  }
}
