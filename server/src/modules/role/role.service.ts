import type { AdminAccess, AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { RoleRepository, type RolePageFilter, type RoleRow } from './role.repository'
import { pick, type AuditNote } from '../../lib/audit-note'
import type { Lang } from '@contracts/error-codes'
import type { RoleListItem, RoleSaveBody, RoleSortField } from '@contracts/admin-system'

/** Roles the product itself relies on (organizer registration, seeds): never deleted, code fixed. */
export const BUILT_IN_ROLES = new Set(['operations', 'organizer', 'kefu'])
const ROLE_EDITOR = 'system/role/list'
const CODE_RE = /^[a-z][a-z0-9_-]{1,39}$/
const SORT_COLUMNS: Record<RoleSortField, RolePageFilter['sortField']> = { id: 'id', code: 'code', nameZh: 'name_zh', createdAt: 'created_at' }

export type RolePageQuery = PageQuery & { keyword?: string; sortField?: RoleSortField; sortOrder?: 'asc' | 'desc' }

function name(v: unknown, field: string, max: number) {
  const s = String(v ?? '').trim()
  if (!s || s.length > max) throw paramError(field)
  return s
}

type RoleRecord = RoleRow & { id: number; created_at: string }

/** One role as every role answer shows it (list, page, detail). */
function roleItem(r: RoleRecord, grants: { menuIds: number[]; buttonIds: number[] }, lang: Lang, userCount?: number): RoleListItem {
  return {
    id: r.id,
    code: r.code,
    name: lang === 'en' ? r.name_en : r.name_zh,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    brief: r.brief,
    dataScope: r.data_scope,
    ...grants,
    ...(userCount === undefined ? {} : { userCount }),
    createdAt: r.created_at,
  }
}

export class RoleService {
  private readonly repo: RoleRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new RoleRepository(ctx.db)
  }

  /** Every role with its grants (small; used by pickers). */
  async list(lang: Lang): Promise<RoleListItem[]> {
    const [roles, menus, buttons] = await Promise.all([this.repo.listRoles(), this.repo.menuIdsByRole(), this.repo.buttonIdsByRole()])
    return roles.map((r) =>
      roleItem(
        r,
        {
          menuIds: menus.filter((m) => m.role_id === r.id).map((m) => m.menu_id),
          buttonIds: buttons.filter((b) => b.role_id === r.id).map((b) => b.button_id),
        },
        lang,
      ),
    )
  }

  async page(q: RolePageQuery, lang: Lang) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.page({
      keyword: q.keyword?.trim() || undefined,
      sortField: SORT_COLUMNS[q.sortField ?? 'id'],
      sortOrder: q.sortOrder === 'desc' ? 'desc' : 'asc',
      offset,
      limit: pageSize,
    })
    const grantsById = await this.repo.grantsOfMany(rows.map((r) => r.id))
    const list = rows.map((r) => roleItem(r, grantsById.get(r.id)!, lang, Number(r.user_count ?? 0)))
    return toPage(list, total, page, pageSize)
  }

  async detail(id: number, lang: Lang): Promise<RoleListItem> {
    const r = await this.repo.findRole(id)
    if (!r) throw new AppError(302)
    return roleItem(r, await this.repo.grantsOf(r.id), lang, await this.repo.countAccounts(r.id))
  }

  /** Granted menus plus their ancestors; buttons must belong to a granted menu. */
  private async grants(body: RoleSaveBody) {
    const menus = await this.repo.menuParents()
    const byId = new Map(menus.map((m) => [m.id, m]))
    const menuIds = new Set<number>()
    for (const raw of body.menuIds ?? []) {
      if (!byId.has(raw)) throw paramError('menuIds')
      for (let cur = byId.get(raw); cur && !menuIds.has(cur.id); cur = byId.get(cur.pid)) menuIds.add(cur.id)
    }
    const wanted = [...new Set(body.buttonIds ?? [])]
    const buttons = await this.repo.buttonsOf(wanted)
    if (buttons.length !== wanted.length || buttons.some((b) => !menuIds.has(b.menu_id))) throw paramError('buttonIds')
    return { menuIds: [...menuIds].sort((a, b) => a - b), buttonIds: wanted.sort((a, b) => a - b), menus, buttons }
  }

  async add(body: RoleSaveBody) {
    const code = String(body.code ?? '').trim()
    if (!CODE_RE.test(code)) throw paramError('code')
    const row: RoleRow = {
      code,
      name_zh: name(body.nameZh, 'nameZh', 50),
      name_en: name(body.nameEn, 'nameEn', 100),
      brief: String(body.brief ?? '').trim().slice(0, 500) || null,
      data_scope: body.dataScope === 'org' ? 'org' : 'all',
    }
    if (body.dataScope && !['all', 'org'].includes(body.dataScope)) throw paramError('dataScope')
    const g = await this.grants(body)
    if (await this.repo.findRoleByCode(code)) throw new AppError(517, { field: 'code' })
    const id = await this.repo.save(null, row, { menuIds: g.menuIds, buttonIds: g.buttonIds }, this.ctx.clock.now().toISOString())
    return { id }
  }

  /**
   * Edits a role; menuIds/buttonIds (when sent) replace its grants. An operator cannot take away their
   * own last way into the role editor (menu 'system/role/list' with its 'edit' button): 301 menuIds.
   */
  async update(body: RoleSaveBody, access: AdminAccess, note?: AuditNote) {
    const id = Number(body.id)
    const role = await this.repo.findRole(id)
    if (!role) throw new AppError(302)
    const patch: Partial<RoleRow> = {}
    if (body.code !== undefined && body.code.trim() !== role.code) {
      const code = body.code.trim()
      if (BUILT_IN_ROLES.has(role.code) || !CODE_RE.test(code)) throw paramError('code')
      if (await this.repo.findRoleByCode(code)) throw new AppError(517, { field: 'code' })
      patch.code = code
    }
    if (body.nameZh !== undefined) patch.name_zh = name(body.nameZh, 'nameZh', 50)
    if (body.nameEn !== undefined) patch.name_en = name(body.nameEn, 'nameEn', 100)
    if (body.brief !== undefined) patch.brief = String(body.brief ?? '').trim().slice(0, 500) || null
    if (body.dataScope !== undefined) {
      if (!['all', 'org'].includes(body.dataScope)) throw paramError('dataScope')
      patch.data_scope = body.dataScope
    }
    let grants: { menuIds: number[]; buttonIds: number[] } | null = null
    let granted: { menuIds: number[]; buttonIds: number[] } | null = null
    if (body.menuIds !== undefined || body.buttonIds !== undefined) {
      const current = await this.repo.grantsOf(id)
      granted = { menuIds: current.menuIds, buttonIds: current.buttonIds }
      const g = await this.grants({ menuIds: body.menuIds ?? current.menuIds, buttonIds: body.buttonIds ?? current.buttonIds })
      grants = { menuIds: g.menuIds, buttonIds: g.buttonIds }
      if (access.roleIds.includes(id) && !(await this.keepsEditor(id, g, access))) throw paramError('menuIds')
    }
    await this.repo.save(id, patch, grants, this.ctx.clock.now().toISOString())
    // the role's fields and menu/button grants as they were and as they are (the grants read above);
    // its code as roleCode (the audit mask keeps any field named `code` secret: sign-in codes)
    const { code: newCode, ...changed } = patch
    await note?.({
      before: { id, roleCode: role.code, ...pick(role, Object.keys(changed) as (keyof RoleRow)[]), ...(granted ?? {}) },
      after: { id, roleCode: newCode ?? role.code, ...changed, ...(grants ?? {}) },
    })
    return { id }
  }

  /** Would the caller still reach the role editor with its edit button after this role's change? */
  private async keepsEditor(roleId: number, g: Awaited<ReturnType<RoleService['grants']>>, access: AdminAccess) {
    const editorIds = g.menus.filter((m) => m.component === ROLE_EDITOR).map((m) => m.id)
    const hasIn = (menuIds: number[], buttons: Array<{ menu_id: number; name: string }>) =>
      menuIds.some((m) => editorIds.includes(m)) && buttons.some((b) => editorIds.includes(b.menu_id) && b.name === 'edit')
    if (hasIn(g.menuIds, g.buttons)) return true
    for (const other of access.roleIds.filter((r) => r !== roleId)) {
      const og = await this.repo.grantsOf(other)
      if (hasIn(og.menuIds, await this.repo.buttonsOf(og.buttonIds))) return true
    }
    return false
  }

  /** Refused for a built-in role (301 id) and while accounts use it (517 field accounts). */
  async remove(id: number, note?: AuditNote) {
    const role = await this.repo.findRole(id)
    if (!role) throw new AppError(302)
    if (BUILT_IN_ROLES.has(role.code)) throw paramError('id')
    if ((await this.repo.countAccounts(id)) > 0) throw new AppError(517, { field: 'accounts' })
    // the grants the deletion removes (read only when the change is audited)
    const granted = note ? await this.repo.grantsOf(id) : null
    await this.repo.deleteRole(id)
    const { code: roleCode, ...rest } = role
    await note?.({ before: { ...rest, roleCode, ...granted } })
    return null
  }
}
