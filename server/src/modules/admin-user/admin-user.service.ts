import type { AdminAccess, AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { AdminUserRepository } from './admin-user.repository'

export interface StatusPatch {
  id: number
  forbidden?: boolean
  locked?: boolean
  expiresAt?: string | null
}

type Row = Awaited<ReturnType<AdminUserRepository['list']>>['rows'][number]

function toItem(r: Row) {
  return {
    id: r.id,
    userId: r.user_id,
    kind: r.kind,
    email: r.email,
    nickName: r.nick_name,
    avatarUrl: r.avatar_url,
    isPromoter: !!r.is_promoter,
    forbidden: !!r.forbidden,
    locked: !!r.locked,
    expiresAt: r.expires_at,
    accountLevel: r.account_level,
    organizationId: r.organization_id,
    organizationNameZh: r.org_name_zh,
    organizationNameEn: r.org_name_en,
    roleId: r.role_id,
    roleNameZh: r.role_name_zh,
    roleNameEn: r.role_name_en,
    createdAt: r.created_at,
  }
}

export class AdminUserService {
  private readonly repo: AdminUserRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new AdminUserRepository(ctx.db)
  }

  private scope(access: AdminAccess) {
    return access.dataScope === 'all' ? null : access.organizationIds
  }

  async listAdminUsers(q: PageQuery & { keyword?: string }, access: AdminAccess) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({
      kinds: ['ouser', 'auser', 'kefu'],
      keyword: q.keyword?.trim() || undefined,
      organizationIds: this.scope(access),
      offset,
      limit: pageSize,
    })
    return toPage(rows.map(toItem), total, page, pageSize)
  }

  async listConsumers(q: PageQuery & { keyword?: string }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({
      kinds: ['cuser'],
      keyword: q.keyword?.trim() || undefined,
      organizationIds: null,
      offset,
      limit: pageSize,
    })
    return toPage(rows.map(toItem), total, page, pageSize)
  }

  /** forbid/lock/expire an admin-side account; organizer-scoped roles only within their organisation. */
  async updateStatus(patch: StatusPatch, access: AdminAccess) {
    const account = await this.repo.findAccount(patch.id)
    if (!account || !['ouser', 'auser', 'kefu'].includes(account.kind)) throw new AppError(302)
    if (access.dataScope === 'org' && !access.organizationIds.includes(account.organization_id ?? -1)) {
      throw new AppError(402, { httpStatus: 403 })
    }
    const set: { forbidden?: number; locked?: number; expires_at?: string | null } = {}
    if (patch.forbidden !== undefined) set.forbidden = patch.forbidden ? 1 : 0
    if (patch.locked !== undefined) set.locked = patch.locked ? 1 : 0
    if (patch.expiresAt !== undefined) {
      if (patch.expiresAt === null || patch.expiresAt === '') set.expires_at = null
      else {
        const d = new Date(patch.expiresAt)
        if (Number.isNaN(d.getTime())) throw paramError('expiresAt')
        set.expires_at = d.toISOString()
      }
    }
    if (!Object.keys(set).length) throw paramError('forbidden')
    await this.repo.updateStatus(patch.id, set, this.ctx.clock.now().toISOString())
    return null
  }
}
