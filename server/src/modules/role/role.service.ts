import type { AppContext } from '../../context'
import { RoleRepository } from './role.repository'
import type { Lang } from '../../../../src/shared/contracts/error-codes'

export class RoleService {
  private readonly repo: RoleRepository
  constructor(ctx: AppContext) {
    this.repo = new RoleRepository(ctx.db)
  }

  async list(lang: Lang) {
    const [roles, menus, buttons] = await Promise.all([this.repo.listRoles(), this.repo.menuIdsByRole(), this.repo.buttonIdsByRole()])
    return roles.map((r) => ({
      id: r.id,
      code: r.code,
      name: lang === 'en' ? r.name_en : r.name_zh,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      brief: r.brief,
      dataScope: r.data_scope,
      menuIds: menus.filter((m) => m.role_id === r.id).map((m) => m.menu_id),
      buttonIds: buttons.filter((b) => b.role_id === r.id).map((b) => b.button_id),
    }))
  }
}
