/**
 * Per-route access declaration: `preHandler: app.authorize('user')`, `app.authorize('admin')` or
 * `app.authorize({ menu: 'system/user/list', button: 'forbid' })`. Who the caller is and what they may
 * do is answered by the permission service (app.services.permission), from the database on every request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'
import { CLIENT_CREDENTIALS, type ClientId } from '@contracts/api'

export type RouteAuth = 'user' | 'admin' | { menu: string; button?: string }

/** Every route declaring `app.authorize(...)`, as registered: the permission-matrix test walks this list. */
export interface RouteAccess {
  method: string
  url: string
  auth: RouteAuth
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route's `app.authorize(...)` declaration, set as the route registers */
    access?: RouteAuth
  }
  interface FastifyInstance {
    /**
     * `'user'` routes also need a consumer's agreement to the policy versions in force (671 otherwise);
     * `{ consentExempt: true }` marks the few a person who owes it must still reach (the consent routes,
     * current user, token refresh, logout)
     */
    authorize(auth: RouteAuth, opts?: { consentExempt?: boolean }): (req: FastifyRequest) => Promise<void>
    /** routes with an authorize() declaration, filled as routes register */
    routeAccess: RouteAccess[]
  }
}

const AUTH_SPEC = Symbol('haijiao.routeAuth')
type Authorizer = ((req: FastifyRequest) => Promise<void>) & { [AUTH_SPEC]?: RouteAuth }

/** The caller's user id from `Authorization: Bearer <token>`; 201 / 402 (HTTP 401) otherwise. */
export function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<number> {
  return app.services.permission.authenticate(req.headers.authorization)
}

/** `Authorization: Basic base64(id:secret)` → which app is calling; missing or unknown → 402. */
export function clientFromBasic(header: string | undefined): ClientId {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '')
  if (!m) throw new AppError(402)
  const decoded = Buffer.from(m[1], 'base64').toString('utf8')
  const idx = decoded.indexOf(':')
  const id = decoded.slice(0, idx)
  const secret = decoded.slice(idx + 1)
  for (const [client, cred] of Object.entries(CLIENT_CREDENTIALS)) {
    if (cred.id === id && cred.secret === secret) return client as ClientId
  }
  throw new AppError(402)
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
    // the audit plugin reads the route's access from its config (req.routeOptions.config.access)
    route.config = { ...(route.config ?? {}), access: authorizers[0][AUTH_SPEC] } as typeof route.config
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      if (method === 'HEAD') continue
      for (const a of authorizers) routeAccess.push({ method, url: route.url, auth: a[AUTH_SPEC]! })
    }
  })
  app.decorate('authorize', (auth: RouteAuth, opts?: { consentExempt?: boolean }) => {
    const consent = auth === 'user' && !opts?.consentExempt
    const authorizer: Authorizer = async (req: FastifyRequest) => {
      const permission = app.services.permission
      if (auth === 'user') {
        req.auth = consent ? await permission.authenticateConsented(req.headers.authorization) : await permission.authenticateToken(req.headers.authorization)
        return
      }
      req.auth = await permission.authorizeAdmin(req.headers.authorization, auth)
    }
    authorizer[AUTH_SPEC] = auth
    return authorizer
  })
})

/**
 * Optional auth for public routes: the caller's user id, or null (no token or a bad one = visitor). A
 * write (enrolment, waitlist, subscription) by a signed-in consumer who owes the agreement to
 * new policy versions answers 671 rather than going through as a visitor's; a message to the platform
 * (feedback) is `consentExempt`: a person who owes the agreement can still ask about it.
 */
export async function optionalUserId(app: FastifyInstance, req: FastifyRequest, opts?: { consentExempt?: boolean }): Promise<number | null> {
  if (!req.headers.authorization) return null
  const write = req.method !== 'GET' && req.method !== 'HEAD' && !opts?.consentExempt
  try {
    return write ? (await app.services.permission.authenticateConsented(req.headers.authorization)).userId : await authenticate(app, req)
  } catch (err) {
    if (err instanceof AppError && err.code === 671) throw err
    return null
  }
}
