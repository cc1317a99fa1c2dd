/**
 * Who a Bearer token belongs to and what an admin-side caller may do. Read from the database on every
 * call (no cache), so a password change, a frozen account or a role change applies to the next request.
 */
import type { AdminAccess, AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import type { TokenClient } from '../../lib/tokens'
import { PermissionRepository, type AdminGrant } from './permission.repository'

export class PermissionService {
  private readonly repo: PermissionRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new PermissionRepository(ctx.db)
  }

  /** `Authorization: Bearer <token>` → the user id; 201 without a token, 402 for a bad or outdated one (HTTP 401) */
  async authenticate(authorization: string | undefined): Promise<number> {
    return (await this.authenticateToken(authorization)).userId
  }

  /** as authenticate, with the login the token was issued by (admin APIs accept only `admin`) */
  async authenticateToken(authorization: string | undefined): Promise<{ userId: number; client: TokenClient }> {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '')
    if (!match) throw new AppError(201, { httpStatus: 401 })
    return this.verifyToken(match[1].trim())
  }

  /**
   * as authenticateToken, for a route that needs the consumer's agreement to the policy versions in force:
   * a consumer token whose person agreed to older versions (or none) gets 671; admin tokens are not
   * asked (the admin app has no re-consent sheet; organizers agree when they register). Checked in the
   * token-version query itself (no extra round trip).
   */
  async authenticateConsented(authorization: string | undefined): Promise<{ userId: number; client: TokenClient }> {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '')
    if (!match) throw new AppError(201, { httpStatus: 401 })
    return this.verifyToken(match[1].trim(), true)
  }

  /** a bare token (the chat socket's first frame) → user and client; 402 (HTTP 401) when bad or outdated */
  async verifyToken(token: string, consent = false): Promise<{ userId: number; client: TokenClient }> {
    const claims = await this.ctx.tokens.verify(token)
    if (!claims) throw new AppError(402, { httpStatus: 401 })
    const checkConsent = consent && claims.client === 'consumer'
    const user = checkConsent ? await this.repo.findTokenVersionAndConsent(claims.userId) : await this.repo.findTokenVersion(claims.userId)
    if (!user || user.token_version !== claims.tv) throw new AppError(402, { httpStatus: 401 })
    if (checkConsent && Number((user as { consent_ok?: number | null }).consent_ok ?? 0) !== 1) throw new AppError(671, { result: { consentRequired: true } })
    return { userId: user.id, client: claims.client }
  }

  /**
   * An admin route's whole check in one read: the token (201 / 402 HTTP 401), the login it came from
   * and a usable admin account (402 HTTP 403), then the menu and button when the route names them.
   */
  async authorizeAdmin(
    authorization: string | undefined,
    need: 'admin' | { menu: string; button?: string },
  ): Promise<{ userId: number; client: TokenClient; access: AdminAccess }> {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '')
    if (!match) throw new AppError(201, { httpStatus: 401 })
    const claims = await this.ctx.tokens.verify(match[1].trim())
    if (!claims) throw new AppError(402, { httpStatus: 401 })
    const found = await this.repo.tokenAndGrants(claims.userId, this.ctx.clock.now().toISOString(), need === 'admin' ? undefined : need)
    if (!found || found.tokenVersion !== claims.tv) throw new AppError(402, { httpStatus: 401 })
    // an admin-side account logged in through a consumer app (no captcha) holds a consumer token
    const access = claims.client === 'admin' ? accessOf(found.grants) : null
    if (!access || !found.allowed) throw new AppError(402, { httpStatus: 403 })
    return { userId: claims.userId, client: claims.client, access }
  }

  /** the caller's admin-side grants, or null without a usable admin account */
  async adminAccess(userId: number): Promise<AdminAccess | null> {
    return accessOf(await this.repo.adminGrants(userId, this.ctx.clock.now().toISOString()))
  }

  /** one of the caller's roles holds the menu (and the button, when one is named) */
  allows(access: AdminAccess, menu: string, button?: string): Promise<boolean> {
    return this.repo.rolesAllow(access.roleIds, menu, button)
  }
}

function accessOf(grants: AdminGrant[]): AdminAccess | null {
  if (!grants.length) return null
  return {
    roleIds: [...new Set(grants.map((g) => g.roleId))],
    dataScope: grants.some((g) => g.dataScope === 'all') ? 'all' : 'org',
    organizationIds: [...new Set(grants.map((g) => g.organizationId).filter((id): id is number => id != null))],
  }
}
