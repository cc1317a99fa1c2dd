/**
 * The audit log's generic half: every admin route (one declaring `app.authorize('admin')`
 * or a menu) that writes (any method but GET/HEAD), and every GET that exports personal data (button
 * 'export'), leaves one audit_log row, written by app.services.audit:
 * - a write: before the handler (after authorization and validation) the pending row is built — who
 *   (account, roles, organisation), what (action from the route's button and verb, target type and id),
 *   client address (req.ip, as TRUST_PROXY sees it) and user agent — and the handler runs carrying it
 *   (db/first-write.ts): the database layer inserts it into the staging table audit_pending inside the
 *   request's first writing statement's transaction, so it commits with the action or not at all. If
 *   the row cannot be written, that write fails and the action is refused.
 * - an export: the row is written before the handler runs (nothing is written after it).
 * - onSend (before the answer leaves): the outcome, the answer's code (ok / failed), the request's
 *   fields (masked by the service, off the request's path) and the before/after the route noted, handed
 *   to the service, which writes them with the next batch move (within a second, and before any read of
 *   the list or the export): the answer waits for no second write. A write's row its handler never
 *   wrote (nothing changed, or rolled back) is staged here first.
 * - A write refused before its handler (bad input, 301) is recorded in one finished row at onSend.
 * A route adds what it knows beyond the request (before/after) with `app.auditNote(req, change)`.
 * Explicit rows (sign-ins) are written by their routes through the service.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { RouteAuth } from './auth'
import type { AuditAction } from '@contracts/audit'
import { carryToFirstWrite, type FirstWrite } from '../db/first-write'

interface AuditState {
  id: number
  /** a write's row: its staging, carried into the action's first write (staged at onSend if never written) */
  carried?: FirstWrite
  /** what the route noted (auditNote), written with the outcome by the next batch move */
  note?: { before?: unknown; after?: unknown }
}

declare module 'fastify' {
  interface FastifyRequest {
    auditState: AuditState | null
  }
  interface FastifyInstance {
    /** before/after a route knows, added to the request's audit row (masked) */
    auditNote(req: FastifyRequest, change: { before?: unknown; after?: unknown }): Promise<void>
  }
}

const BUTTON_ACTION: Record<string, AuditAction> = {
  add: 'create',
  invite: 'create',
  edit: 'update',
  sort: 'update',
  hot: 'update',
  times: 'update',
  department: 'update',
  blacklist: 'update',
  delete: 'delete',
  publish: 'publish',
  forbid: 'freeze',
  send: 'send',
  notify: 'send',
  resend: 'send',
  reply: 'send',
  claim: 'claim',
  export: 'export',
  close: 'update',
  share: 'update',
}

const VERBS: [RegExp, AuditAction][] = [
  [/(^|[/_-])(undo|revoke|cancel-?check)/i, 'undo'],
  [/(^|[/_-])(delete|remove|del|unlink)([/_-]|$)/i, 'delete'],
  [/(^|[/_-])(publish|unpublish|republish|online|offline)([/_-]|$)/i, 'publish'],
  [/(^|[/_-])(approve|pass)([/_-]|$)/i, 'approve'],
  [/(^|[/_-])(reject|refuse)([/_-]|$)/i, 'reject'],
  [/(^|[/_-])(freeze|forbid|lock|unlock|status)([/_-]|$)/i, 'update'],
  [/(^|[/_-])(send|notify|resend|reply)([/_-]|$)/i, 'send'],
  [/(^|[/_-])(claim)([/_-]|$)/i, 'claim'],
  [/(^|[/_-])(import)([/_-]|$)/i, 'import'],
  [/(^|[/_-])(add|create|new|invite|grant|upload|link|save)([/_-]|$)/i, 'create'],
  [/(^|[/_-])(edit|update|modify|set|sort|order|move|reset|change)([/_-]|$)/i, 'update'],
]

/** role, menu and button changes are permission changes */
const PERMISSION_MENUS = new Set(['system/role/list', 'system/menu/list'])

/** the action a route's method, path and access declare (all but a body's status), worked out once per route */
const routeActions = new Map<string, AuditAction>()

function routeAction(method: string, url: string, access: RouteAuth): AuditAction {
  const key = `${method} ${url}`
  let action = routeActions.get(key)
  if (action) return action
  const button = typeof access === 'object' ? access.button : undefined
  if (method === 'GET') action = 'export'
  else if (typeof access === 'object' && PERMISSION_MENUS.has(access.menu) && method !== 'DELETE') action = 'permission'
  else if (method === 'DELETE') action = 'delete'
  else {
    const byVerb = VERBS.find(([re]) => re.test(url.slice(url.lastIndexOf('/') + 1)))?.[1] ?? VERBS.find(([re]) => re.test(url))?.[1]
    if (button && button !== 'edit' && BUTTON_ACTION[button]) action = BUTTON_ACTION[button]
    else action = byVerb ?? (button ? BUTTON_ACTION[button] : undefined) ?? 'write'
  }
  routeActions.set(key, action)
  return action
}

function actionOf(method: string, url: string, access: RouteAuth, body: unknown): AuditAction {
  if (method !== 'GET') {
    const status = body && typeof body === 'object' ? (body as Record<string, unknown>).status : undefined
    if (status === 'approved' || status === 'approve' || status === 'pass') return 'approve'
    if (status === 'rejected' || status === 'reject') return 'reject'
  }
  return routeAction(method, url, access)
}

function targetTypeOf(url: string, access: RouteAuth): string {
  if (typeof access === 'object') return access.menu
  // "/api/v1/<area>/…": the area
  return url.replace(/^\/api\/v\d+\//, '').split('/')[0] || url
}

function pickId(o: unknown, keys: readonly string[]): string | undefined {
  if (!o || typeof o !== 'object') return undefined
  for (const k of keys) {
    const v = (o as Record<string, unknown>)[k]
    if (typeof v === 'number' || (typeof v === 'string' && v)) return String(v)
    if (Array.isArray(v) && v.length && v.every(isIdLike)) return v.slice(0, 20).join(',')
  }
  return undefined
}
const isIdLike = (x: unknown) => typeof x === 'number' || typeof x === 'string'
const PARAM_IDS = ['id']
const BODY_IDS = ['id', 'ids']
const QUERY_IDS = ['id', 'activityId', 'raffleId']
const BODY_REFS = ['activityId', 'raffleId', 'userId', 'noticeId']

function targetIdOf(req: FastifyRequest): string | null {
  return pickId(req.params, PARAM_IDS) ?? pickId(req.body, BODY_IDS) ?? pickId(req.query, QUERY_IDS) ?? pickId(req.body, BODY_REFS) ?? null
}

/** a route the plugin records, from its declaration alone: an admin write or a GET export */
function auditedRoute(method: string, access: RouteAuth | undefined): boolean {
  if (!access || access === 'user') return false
  if (method === 'GET') return typeof access === 'object' && access.button === 'export'
  return method !== 'HEAD' && method !== 'OPTIONS'
}

/** routes the plugin records: admin writes and GET exports */
function audited(req: FastifyRequest): RouteAuth | null {
  const access = req.routeOptions.config?.access
  return auditedRoute(req.method, access) ? access! : null
}

const CODE_PREFIX = '{"code":'
/** the envelope's code at the start of a JSON answer (read digit by digit: no copy, no regular expression) */
function codeOf(payload: unknown): number | null {
  const at: ((i: number) => number) | null =
    typeof payload === 'string' ? (i) => payload.charCodeAt(i) : Buffer.isBuffer(payload) ? (i) => (payload as Buffer)[i] ?? -1 : null
  if (!at) return null
  for (let i = 0; i < CODE_PREFIX.length; i++) if (at(i) !== CODE_PREFIX.charCodeAt(i)) return null
  let code = 0
  let i = CODE_PREFIX.length
  for (let c = at(i); c >= 48 && c <= 57 && i < CODE_PREFIX.length + 6; c = at(++i)) code = code * 10 + (c - 48)
  return i > CODE_PREFIX.length ? code : null
}

/** the handler (and all it awaits) runs carrying the row's staging into its first write */
function carryOn(req: FastifyRequest, { id, fw }: { id: number; fw: FirstWrite }, done: (err?: Error) => void) {
  req.auditState = { id, carried: fw }
  carryToFirstWrite(fw, done)
}

export default fp(async (app: FastifyInstance) => {
  if (!app.ctx.config.audit.enabled) {
    app.decorate('auditNote', async () => {})
    return
  }
  app.decorateRequest('auditState', null)
  // rows a stopped process left staged move soon after start; at close, what is staged moves before the
  // database closes (onClose hooks run last-registered first, and the database's was registered before)
  app.services.audit.flushSoon()
  app.addHook('onClose', async () => {
    await app.services.audit.close()
  })

  // the row as far as the request tells it; `withFields: false` leaves the request's fields (masked at
  // length) to come with the outcome
  const write = (req: FastifyRequest, access: RouteAuth, withFields = true) => {
    // req.routeOptions builds a new object at each read: read once
    const url = req.routeOptions.url ?? req.url
    return {
      action: actionOf(req.method, url, access, req.body),
      targetId: targetIdOf(req),
      after: withFields ? (req.method === 'GET' ? req.query : req.body) : undefined,
      route: `${req.method} ${url}`,
      actorId: req.auth?.userId ?? null,
      access: req.auth?.access,
      targetType: targetTypeOf(url, access),
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
    }
  }

  // an admin write's row rides in its action's first write (db/first-write.ts), so the handler runs
  // inside carryToFirstWrite (a callback hook: what runs after `done` is in its context)
  app.addHook('preHandler', (req, _reply, done) => {
    const access = audited(req)
    if (!access || !req.auth) return done()
    if (req.method !== 'GET') {
      // the request's fields are masked with the outcome, off the request's path
      const carried = app.services.audit.carry(write(req, access, false))
      if (carried instanceof Promise) carried.then((c) => carryOn(req, c, done), done)
      else carryOn(req, carried, done)
      return
    }
    // an export (nothing is written after it): the row is written before the handler runs; when it
    // cannot be, the errors plugin answers and the handler never runs
    app.services.audit.begin(write(req, access)).then((id) => {
      req.auditState = { id }
      done()
    }, done)
  })

  // the outcome is known before the answer leaves; the service writes it with the next batch move
  app.addHook('onSend', async (req, reply, payload) => {
    const state = req.auditState
    try {
      if (state) {
        const code = codeOf(payload) ?? (reply.statusCode < 400 ? 200 : reply.statusCode)
        // a write's row was carried without the request's fields: they come with the outcome
        await app.services.audit.complete(state.id, reply.statusCode < 400 && code === 200, code, state.note, state.carried ? req.body : undefined, state.carried)
        return payload
      }
      // authorized, but refused before the handler (bad input): nothing changed, recorded as failed
      const access = req.auth?.access && reply.statusCode !== 401 && reply.statusCode !== 403 ? audited(req) : null
      if (access) await app.services.audit.record(write(req, access), false, codeOf(payload) ?? reply.statusCode)
    } catch (err) {
      // the action (if any) has already run: its pending row stays as the trace; the answer goes out
      // (a refused write's row is written here, straight into audit_log)
      req.log.error({ err }, 'audit row not completed')
    }
    return payload
  })

  // kept on the request until the row is completed (no write of its own)
  app.decorate('auditNote', async (req: FastifyRequest, change: { before?: unknown; after?: unknown }) => {
    const state = req.auditState
    if (!state) return
    state.note = { ...state.note, ...change }
  })
})
