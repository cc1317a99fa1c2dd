/**
 * Per-route access declaration: `preHandler: app.authorize('user')`, `app.authorize('admin')` or
 * `app.authorize({ menu: 'system/user/list', button: 'forbid' })`. Roles, menus and buttons are read
 * from the database on every request (no cache), so a role change applies to the next request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'
import { PermissionRepository } from '../modules/permission/permission.repository'
import type { AdminAccess } from '../context'

export type RouteAuth = 'user' | 'admin' | { menu: string; button?: string }

/** Every route declaring `app.authorize(...)`, as registered: the permission-matrix test walks this list. */
export interface RouteAccess {
  method: string
  url: string
  auth: RouteAuth
}

const AUTH_SPEC = Symbol('haijiao.routeAuth')
type Authorizer = ((req: FastifyRequest) => Promise<void>) & { [AUTH_SPEC]?: RouteAuth }

const denied = () => new AppError(402, { httpStatus: 403 })

export async function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<number> {
  const header = req.headers.authorization ?? ''
  const match = /^Bearer\s+(.+)$/i.exec(header)
  if (!match) throw new AppError(201, { httpStatus: 401 })
  const claims = await app.ctx.tokens.verify(match[1].trim())
  if (!claims) throw new AppError(402, { httpStatus: 401 })
  const user = await new PermissionRepository(app.ctx.db).findTokenVersion(claims.userId)
  if (!user || user.token_version !== claims.tv) throw new AppError(402, { httpStatus: 401 })
  return user.id
}

export async function loadAdminAccess(app: FastifyInstance, userId: number): Promise<AdminAccess | null> {
  const grants = await new PermissionRepository(app.ctx.db).adminGrants(userId, app.ctx.clock.now().toISOString())
  if (!grants.length) return null
  return {
    roleIds: [...new Set(grants.map((g) => g.roleId))],
    dataScope: grants.some((g) => g.dataScope === 'all') ? 'all' : 'org',
    organizationIds: [...new Set(grants.map((g) => g.organizationId).filter((id): id is number => id != null))],
  }
}

export default fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null)
  const routeAccess: RouteAccess[] = []
  app.decorate('routeAccess', routeAccess)
  // Authorization runs in onRequest, before the body is parsed and validated: a caller without the
  // right gets 201/402 whatever it sent (never a 301 that would tell it the route exists with that
  // shape), and a refused upload is never streamed to disk. Routes keep declaring it as preHandler.
  app.addHook('onRoute', (route) => {
    const pre = route.preHandler
    const list = (Array.isArray(pre) ? pre : pre ? [pre] : []) as Authorizer[]
    const authorizers = list.filter((h) => h[AUTH_SPEC])
    if (!authorizers.length) return
    route.preHandler = list.filter((h) => !h[AUTH_SPEC]) as typeof route.preHandler
    const on = route.onRequest
    route.onRequest = [...authorizers, ...((Array.isArray(on) ? on : on ? [on] : []) as Authorizer[])] as typeof route.onRequest
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      if (method === 'HEAD') continue
      for (const a of authorizers) routeAccess.push({ method, url: route.url, auth: a[AUTH_SPEC]! })
    }
  })
  app.decorate('authorize', (auth: RouteAuth) => {
    const authorizer: Authorizer = async (req: FastifyRequest) => {
      const userId = await authenticate(app, req)
      req.auth = { userId }
      if (auth === 'user') return
      const access = await loadAdminAccess(app, userId)
      if (!access) throw denied()
      req.auth.access = access
      if (auth === 'admin') return
      const repo = new PermissionRepository(app.ctx.db)
      const menuIds = await repo.rolesHaveMenu(access.roleIds, auth.menu)
      if (!menuIds.length) throw denied()
      if (auth.button && !(await repo.rolesHaveButton(access.roleIds, menuIds, auth.button))) throw denied()
    }
    authorizer[AUTH_SPEC] = auth
    return authorizer
  })
})

/** Optional auth for public reads: the caller's user id, or null (no token or a bad one = visitor). */
export async function optionalUserId(app: FastifyInstance, req: FastifyRequest): Promise<number | null> {
  if (!req.headers.authorization) return null
  try {
    return await authenticate(app, req)
  } catch {
    return null
  }
}
