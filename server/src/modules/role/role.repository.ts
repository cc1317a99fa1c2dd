import { sql } from 'kysely'
import type { Database } from '../../db/database'

export interface RolePageFilter {
  keyword?: string
  sortField: 'id' | 'code' | 'name_zh' | 'created_at'
  sortOrder: 'asc' | 'desc'
  offset: number
  limit: number
}

export interface RoleRow {
  code: string
  name_zh: string
  name_en: string
  brief: string | null
  data_scope: 'all' | 'org'
}

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

  private filtered(keyword?: string) {
    let q = this.db.selectFrom('roles as r')
    if (keyword) {
      const like = `%${keyword.toLowerCase()}%`
      q = q.where((eb) =>
        eb.or([eb(sql`lower(r.code)`, 'like', like), eb(sql`lower(r.name_zh)`, 'like', like), eb(sql`lower(r.name_en)`, 'like', like)]),
      )
    }
    return q
  }

  async page(f: RolePageFilter) {
    const [rows, count] = await Promise.all([
      this.filtered(f.keyword)
        .selectAll('r')
        .select((eb) =>
          eb.selectFrom('user_accounts as a').select((e) => e.fn.countAll<number>().as('n')).whereRef('a.role_id', '=', 'r.id').as('user_count'),
        )
        .orderBy(`r.${f.sortField}`, f.sortOrder)
        .orderBy('r.id', f.sortOrder)
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      this.filtered(f.keyword).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  findRole(id: number) {
    return this.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst()
  }
  findRoleByCode(code: string) {
    return this.db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirst()
  }
  async grantsOf(roleId: number) {
    const [menus, buttons] = await Promise.all([
      this.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', roleId).execute(),
      this.db.selectFrom('role_buttons').select('button_id').where('role_id', '=', roleId).execute(),
    ])
    return { menuIds: menus.map((m) => m.menu_id), buttonIds: buttons.map((b) => b.button_id) }
  }
  /** Grants of several roles in two queries (a page of roles). */
  async grantsOfMany(roleIds: number[]) {
    const out = new Map<number, { menuIds: number[]; buttonIds: number[] }>(roleIds.map((id) => [id, { menuIds: [], buttonIds: [] }]))
    if (!roleIds.length) return out
    const [menus, buttons] = await Promise.all([
      this.db.selectFrom('role_menus').select(['role_id', 'menu_id']).where('role_id', 'in', roleIds).execute(),
      this.db.selectFrom('role_buttons').select(['role_id', 'button_id']).where('role_id', 'in', roleIds).execute(),
    ])
    for (const m of menus) out.get(m.role_id)!.menuIds.push(m.menu_id)
    for (const b of buttons) out.get(b.role_id)!.buttonIds.push(b.button_id)
    return out
  }
  async countAccounts(roleId: number) {
    const r = await this.db.selectFrom('user_accounts').select((eb) => eb.fn.countAll<number>().as('n')).where('role_id', '=', roleId).executeTakeFirst()
    return Number(r?.n ?? 0)
  }
  menuParents() {
    return this.db.selectFrom('menus').select(['id', 'pid', 'component']).execute()
  }
  buttonsOf(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db.selectFrom('menu_buttons').select(['id', 'menu_id', 'name']).where('id', 'in', ids).execute()
  }

  /** Insert or update the role and replace its grants (when given) in one transaction. */
  save(id: number | null, patch: Partial<RoleRow>, grants: { menuIds: number[]; buttonIds: number[] } | null, now: string) {
    return this.db.transaction().execute(async (trx) => {
      let roleId = id
      if (roleId === null) {
        const row = await trx
          .insertInto('roles')
          .values({ ...(patch as RoleRow), created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
        roleId = row.id
      } else {
        await trx.updateTable('roles').set({ ...patch, updated_at: now }).where('id', '=', roleId).execute()
      }
      if (grants) {
        await trx.deleteFrom('role_menus').where('role_id', '=', roleId).execute()
        await trx.deleteFrom('role_buttons').where('role_id', '=', roleId).execute()
        if (grants.menuIds.length) await trx.insertInto('role_menus').values(grants.menuIds.map((m) => ({ role_id: roleId!, menu_id: m }))).execute()
        if (grants.buttonIds.length) await trx.insertInto('role_buttons').values(grants.buttonIds.map((b) => ({ role_id: roleId!, button_id: b }))).execute()
      }
      return roleId
    })
  }

  deleteRole(id: number) {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('role_menus').where('role_id', '=', id).execute()
      await trx.deleteFrom('role_buttons').where('role_id', '=', id).execute()
      await trx.deleteFrom('roles').where('id', '=', id).execute()
    })
  }
}
