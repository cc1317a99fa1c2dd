import type { AdminAccess, AppContext } from '../../context'
import { camelRow, flagsOf } from '../../db/rows'
import { AppError, paramError } from '../../lib/app-error'
import { checkEmail } from '../../lib/email'
import { hashPassword } from '../../lib/password'
import { readPage, type PageQuery } from '../../lib/paging'
import { AdminUserRepository, type AccountSortColumn } from './admin-user.repository'
import { pick as pickOf, type AuditNote } from '../../lib/audit-note'
import type { AccountKind } from '../../db/schema'
import type {
  AdminAccountKind,
  AdminUserCreateBody,
  AdminUserCreateResult,
  AdminUserUpdateBody,
  ConsumerStatusBody,
} from '@contracts/admin-system'

export interface StatusPatch {
  id: number
  forbidden?: boolean
  locked?: boolean
  expiresAt?: string | null
}

export type AccountSortField = 'id' | 'email' | 'nickName' | 'createdAt' | 'expiresAt' | 'accountLevel'
export type AccountListQuery = PageQuery & { keyword?: string; kind?: AdminAccountKind; organizationId?: number; sortField?: AccountSortField; sortOrder?: 'asc' | 'desc' }

const SORT: Record<AccountSortField, AccountSortColumn> = {
  id: 'a.id',
  email: 'u.email',
  nickName: 'u.nick_name',
  createdAt: 'a.created_at',
  expiresAt: 'a.expires_at',
  accountLevel: 'a.account_level',
}
const ADMIN_KINDS: AdminAccountKind[] = ['ouser', 'auser', 'kefu']

type Row = Awaited<ReturnType<AdminUserRepository['list']>>['rows'][number]

function toItem(r: Row) {
  return {
    ...camelRow(r, ['id', 'user_id', 'kind', 'email', 'nick_name', 'avatar_url']),
    ...flagsOf(r, ['is_promoter', 'forbidden', 'locked']),
    ...camelRow(r, ['expires_at', 'account_level', 'organization_id']),
    organizationNameZh: r.org_name_zh,
    organizationNameEn: r.org_name_en,
    ...camelRow(r, ['role_id', 'role_name_zh', 'role_name_en', 'created_at']),
  }
}

function expiry(v: string | null | undefined): string | null {
  if (v === null || v === undefined || v === '') return null
  const d = new Date(v)
  if (Number.isNaN(d.getTime())) throw paramError('expiresAt')
  return d.toISOString()
}

function level(v: unknown): number {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0 || n > 9) throw paramError('accountLevel')
  return n
}

export class AdminUserService {
  private readonly repo: AdminUserRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new AdminUserRepository(ctx.db)
  }

  private scope(access: AdminAccess) {
    return access.dataScope === 'all' ? null : access.organizationIds
  }

  private now() {
    return this.ctx.clock.now().toISOString()
  }

  /** accounts of these kinds, keyword-filtered and sorted as asked, within the organisations given (null = all) */
  private accounts(q: AccountListQuery, kinds: AccountKind[], organizationIds: number[] | null, organizationId?: number) {
    const filter = { kinds, keyword: q.keyword?.trim() || undefined, organizationIds, organizationId, sort: SORT[q.sortField ?? 'id'], order: q.sortOrder ?? 'desc' }
    return readPage(q, (offset, limit) => this.repo.list({ ...filter, offset, limit }), (rows) => rows.map(toItem))
  }

  listAdminUsers(q: AccountListQuery, access: AdminAccess) {
    return this.accounts(q, q.kind ? [q.kind] : ADMIN_KINDS, this.scope(access), q.organizationId)
  }

  listConsumers(q: AccountListQuery) {
    return this.accounts(q, ['cuser'], null)
  }

  /** Roles an account may be given; an organisation-scoped operator only sees organisation-scoped roles. */
  async roleOptions(access: AdminAccess) {
    const rows = await this.repo.roleOptions()
    return rows
      .filter((r) => access.dataScope === 'all' || r.data_scope === 'org')
      .map((r) => ({ id: r.id, code: r.code, nameZh: r.name_zh, nameEn: r.name_en, dataScope: r.data_scope }))
  }

  /** An admin-side account within the caller's data permission, else 302 (no existence leak). */
  private async ownAdminAccount(id: number, access: AdminAccess) {
    const account = await this.repo.findAccount(id)
    if (!account || !(ADMIN_KINDS as AccountKind[]).includes(account.kind)) throw new AppError(302)
    if (access.dataScope === 'org' && !access.organizationIds.includes(account.organization_id ?? -1)) throw new AppError(302)
    return account
  }

  private async checkRole(roleId: unknown, access: AdminAccess) {
    const role = Number.isInteger(roleId) ? await this.repo.findRole(roleId as number) : undefined
    // an organisation-scoped operator cannot hand out a role that sees every organisation
    if (!role || (access.dataScope === 'org' && role.data_scope !== 'org')) throw paramError('roleId')
    return role
  }

  private async checkOrganization(kind: AccountKind, organizationId: unknown, access: AdminAccess): Promise<number | null> {
    if (organizationId === null || organizationId === undefined) {
      if (kind === 'ouser' || access.dataScope === 'org') throw paramError('organizationId')
      return null
    }
    const id = Number(organizationId)
    if (!Number.isInteger(id) || !(await this.repo.findOrganization(id))) throw paramError('organizationId')
    if (access.dataScope === 'org' && !access.organizationIds.includes(id)) throw paramError('organizationId')
    return id
  }

  /**
   * New admin-side account. A new e-mail creates the person with the initial password; an e-mail that
   * already belongs to a person gains the account (their password is kept) unless they already hold
   * that kind: 406 for an organizer account, 403 otherwise.
   */
  async create(body: AdminUserCreateBody, access: AdminAccess): Promise<AdminUserCreateResult> {
    const email = checkEmail(body.email)
    const kind = body.kind
    if (!ADMIN_KINDS.includes(kind) || (access.dataScope === 'org' && kind !== 'ouser')) throw paramError('kind')
    const nickName = String(body.nickName ?? '').trim()
    if (!nickName) throw new AppError(411, { field: 'nickName' })
    if (nickName.length > 50) throw paramError('nickName')
    const role = await this.checkRole(body.roleId, access)
    const organizationId = await this.checkOrganization(kind, body.organizationId, access)
    const expiresAt = expiry(body.expiresAt)
    const accountLevel = body.accountLevel === undefined ? 1 : level(body.accountLevel)
    const account = { kind, roleId: role.id, organizationId, expiresAt, accountLevel }
    const existing = await this.repo.findUserByEmail(email)
    if (existing) {
      const held = await this.repo.accountsOf(existing.id)
      if (held.some((a) => a.kind === kind)) throw new AppError(kind === 'ouser' ? 406 : 403, { field: 'email' })
      const r = await this.repo.create({ userId: existing.id }, account, this.now())
      return { ...r, newPerson: false }
    }
    const password = String(body.password ?? '')
    if (password.length < 6 || password.length > 128) throw paramError('password')
    const r = await this.repo.create({ email, nickName, passwordHash: await hashPassword(password) }, account, this.now())
    return { ...r, newPerson: true }
  }

  /** Edit nickname, role, organisation, expiry and account level. One's own role and expiry stay. */
  async update(body: AdminUserUpdateBody, access: AdminAccess, callerId: number, note?: AuditNote) {
    const account = await this.ownAdminAccount(body.id, access)
    const own = account.user_id === callerId
    const patch: Parameters<AdminUserRepository['update']>[2] = {}
    let nickName: string | undefined
    if (body.nickName !== undefined) {
      nickName = String(body.nickName).trim()
      if (!nickName) throw new AppError(411, { field: 'nickName' })
      if (nickName.length > 50) throw paramError('nickName')
    }
    if (body.roleId !== undefined && body.roleId !== account.role_id) {
      if (own) throw paramError('roleId')
      patch.role_id = (await this.checkRole(body.roleId, access)).id
    }
    if (body.organizationId !== undefined && body.organizationId !== account.organization_id) {
      patch.organization_id = await this.checkOrganization(account.kind, body.organizationId, access)
    }
    if (body.expiresAt !== undefined) {
      const e = expiry(body.expiresAt)
      if (e !== account.expires_at) {
        if (own) throw paramError('expiresAt')
        patch.expires_at = e
      }
    }
    if (body.accountLevel !== undefined) patch.account_level = level(body.accountLevel)
    await this.repo.update(account.id, account.user_id, patch, nickName, this.now())
    const fields = Object.keys(patch) as (keyof typeof patch)[]
    await note?.({
      before: { id: account.id, userId: account.user_id, ...pickOf(account, fields), ...(nickName !== undefined ? { nick_name: account.nick_name } : {}) },
      after: { id: account.id, userId: account.user_id, ...patch, ...(nickName !== undefined ? { nick_name: nickName } : {}) },
    })
    return null
  }

  /** Forbid, lock or expire an admin-side account; never one's own (301 id). */
  async updateStatus(patch: StatusPatch, access: AdminAccess, callerId: number, note?: AuditNote) {
    const account = await this.ownAdminAccount(patch.id, access)
    const set: { forbidden?: number; locked?: number; expires_at?: string | null } = {}
    if (patch.forbidden !== undefined) set.forbidden = patch.forbidden ? 1 : 0
    if (patch.locked !== undefined) set.locked = patch.locked ? 1 : 0
    if (patch.expiresAt !== undefined) set.expires_at = expiry(patch.expiresAt)
    if (!Object.keys(set).length) throw paramError('forbidden')
    if (account.user_id === callerId) throw paramError('id')
    await this.repo.updateStatus(patch.id, set, this.now())
    const base = { id: account.id, userId: account.user_id, kind: account.kind }
    await note?.({ before: { ...base, ...pickOf(account, Object.keys(set) as (keyof typeof set)[]) }, after: { ...base, ...set } })
    return null
  }

  /** Forbid (signing the person out everywhere) or restore a consumer account. */
  async updateConsumerStatus(body: ConsumerStatusBody, note?: AuditNote) {
    const account = await this.repo.findAccount(body.id)
    if (!account || account.kind !== 'cuser') throw new AppError(302)
    await this.repo.forbidConsumer(account.id, account.user_id, body.forbidden, this.now())
    const base = { id: account.id, userId: account.user_id, kind: account.kind }
    await note?.({ before: { ...base, forbidden: account.forbidden }, after: { ...base, forbidden: body.forbidden ? 1 : 0 } })
    return null
  }
}
