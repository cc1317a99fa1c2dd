/**
 * The audit log's coverage, on SQLite and PostgreSQL, driven from the permission matrix's route list
 * (app.routeAccess): every admin write route is called by a caller its role grants, with a body (and
 * query) built from the route's own schema (required fields, the first value of an enum, a number at the
 * minimum, a string the pattern accepts, the ids of seeded rows), so the call gets past validation into
 * the handler. Each call must leave exactly one audit row for its route, completed (ok or failed with the
 * answer's code), never left pending. A route that cannot be driven that way is on EXEMPT with the reason.
 */
import type { RouteAccess } from '../../server/src/plugins/auth'
import { describeEachDb, loginDemoRoles, type Harness } from './harness'

type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  enum?: unknown[]
  const?: unknown
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  pattern?: string
  format?: string
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
}

/** strings tried, in order, against a field's pattern */
const STRING_CANDIDATES = ['abc', 'x', '1', '2026-12-01', '2026-12-01T08:00:00.000Z', 'a_b', 'zh', 'en', 'CN', 'https://example.com/x.png', '/uploads/x.png', 'a@example.com', '#FF0000', '08:00', '13800138000']

function sample(s: Schema | undefined, key = ''): unknown {
  if (!s) return 'x'
  if (s.const !== undefined) return s.const
  if (s.enum?.length) return s.enum.find((v) => v !== '' && v !== null) ?? s.enum[0]
  const alt = s.anyOf ?? s.oneOf
  if (alt?.length) return sample(alt.find((a) => a.type !== 'null') ?? alt[0], key)
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'null') : (s.type ?? (s.properties ? 'object' : 'string'))
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1) <= (s.maximum ?? Infinity) ? Math.max(s.minimum ?? 1, 1) : (s.minimum ?? 0)
    case 'boolean':
      return false
    case 'null':
      return null
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 0, 1) }, () => sample(s.items, key))
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const k of s.required ?? []) out[k] = sample(s.properties?.[k], k)
      return out
    }
    default: {
      if (s.format === 'email' || /e-?mail/i.test(key)) return 'audit-coverage@example.com'
      const re = s.pattern ? new RegExp(s.pattern, 'u') : null
      const min = s.minLength ?? 1
      const fits = (v: string) => (!re || re.test(v)) && v.length >= min && v.length <= (s.maxLength ?? Infinity)
      return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(min)
    }
  }
}

describeEachDb('audit coverage', (get) => {
  let h: Harness
  let tokens: { ops: string; org: string; kefu: string }
  let spec: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> }; parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Schema }> }>> }

  beforeAll(async () => {
    h = get()
    tokens = await loginDemoRoles(h)
    spec = h.app.swagger() as never
    const audit = h.app.services.audit
    // called before every audited handler: a write's row is carried into its first write, an export's
    // written at once
    const begin = audit.begin.bind(audit)
    audit.begin = async (w) => {
      begun.push('export')
      return begin(w)
    }
    const carry = audit.carry.bind(audit)
    audit.carry = (w) => {
      begun.push('write')
      return carry(w)
    }
  })
  const begun: string[] = []
  // an admin write's row is staged and moved into audit_log in batches: the list moves them first, and so does this read
  const rowsOf = async (route: string) => {
    await h.app.services.audit.flush()
    return h.db.selectFrom('audit_log').select(['id', 'outcome']).where('route', '=', route).orderBy('id').execute()
  }

  /**
   * Routes that cannot be driven into their handler by a schema-built call, with the reason. Empty: every
   * admin write route of the matrix is covered; a new route that needs an entry must say why here.
   */
  const EXEMPT: Record<string, string> = {}

  it('every admin write route and every export leaves exactly one completed row for a call that reaches its handler', async () => {
    const routes = h.app.routeAccess.filter((r) => r.auth !== 'user' && (r.method !== 'GET' || (typeof r.auth === 'object' && r.auth.button === 'export')))
    expect(routes.length).toBeGreaterThan(100)
    const wrong: string[] = []
    let succeeded = 0
    for (const r of routes as RouteAccess[]) {
      const route = `${r.method} ${r.url}`
      if (EXEMPT[route]) continue
      const path = r.url.replace(/:([A-Za-z]+)/g, '{$1}')
      const op = spec.paths[path]?.[r.method.toLowerCase()]
      const body = op?.requestBody?.content?.['application/json']?.schema
      const query = (op?.parameters ?? []).filter((p) => p.in === 'query')
      const qs = new URLSearchParams()
      for (const p of query) if (p.required) qs.set(p.name, String(sample(p.schema, p.name)))
      const url = r.url.replace(/:[A-Za-z]+/g, '1') + (qs.size ? `?${qs}` : '')
      const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : sample(body ?? { type: 'object' })
      const rowsBefore = await rowsOf(route)
      const begunBefore = begun.length
      let res
      // the first seeded admin whose role grants the route
      for (const token of [tokens.ops, tokens.org, tokens.kefu]) {
        res = await h.app.inject({ method: r.method as 'POST', url, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined ? { payload: payload as object } : {}) })
        if (res.statusCode !== 401 && res.statusCode !== 403) break
      }
      const rows = (await rowsOf(route)).slice(rowsBefore.length)
      const what = `${route} (HTTP ${res!.statusCode}, body ${JSON.stringify(payload)?.slice(0, 120)})`
      if (res!.statusCode === 401 || res!.statusCode === 403) wrong.push(`${what}: no seeded admin may call it`)
      else if (begun.length === begunBefore) wrong.push(`${what}: refused before its handler (the schema-built input is not valid enough)`)
      else if (rows.length !== 1) wrong.push(`${what}: ${rows.length} audit rows`)
      else if (rows[0].outcome === 'pending') wrong.push(`${what}: its row was never completed`)
      else if (rows[0].outcome === 'ok') succeeded++
    }
    expect(wrong).toEqual([])
    // the writes' rows were carried, the exports' written before their handlers
    expect(begun.filter((b) => b === 'write').length).toBeGreaterThan(100)
    expect(begun.filter((b) => b === 'export').length).toBe(routes.filter((r) => r.method === 'GET').length)
    // the walk is not only refusals: a good share of the calls did what they ask (row outcome ok)
    expect(succeeded).toBeGreaterThan(routes.length / 4)
  })
})
