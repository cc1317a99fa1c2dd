/**
 * Bad-input sweep: fast-check generates bad input for every operation of the server's own
 * OpenAPI document (what /api/docs shows) — wrong types, huge and deeply nested bodies, NUL bytes,
 * FTS/SQL/path syntax, unicode, negative and huge paging — sent with no token, a consumer token and an
 * operations token, on SQLite and PostgreSQL. Every answer: no HTTP 5xx, JSON answers in the
 * { code, result, message } envelope, no stack trace or SQL text; a refused request changes nothing
 * in the database. Bounded: a fixed seed, a few samples per operation and caller, a time budget.
 */
import fc from 'fast-check'
import { sql } from 'kysely'
import { describeEachDb, type Harness } from './harness'
import { PRIVACY_API } from '@contracts/privacy'

const SAMPLES_PER_CALLER = 5
const BUDGET_MS = 50_000
/**
 * tables that change by merely being called (captchas handed out, codes, rate counters), not state —
 * and activity_view_hours, which the detail-view tally writes on its own 5-s timer, whoever is asking,
 * with analysis_changes, the log its database triggers append to (a change of the counted rows shows
 * in those rows' own tables) — and audit_log, which records an admin's refused write by design
 * (tests/server/audit-log.test.ts holds it)
 */
const VOLATILE = new Set(['captchas', 'verification_codes', 'kysely_migration', 'kysely_migration_lock', 'abuse_counters', 'chat_presence', 'activity_view_hours', 'analysis_changes', 'audit_log', 'audit_pending'])
/** operations that would end the sweep's own sessions, or count wrong passwords by design */
const SKIP = [/\/logout$/, /\/login$/, /\/ouser\/login$/]

interface Operation {
  method: string
  path: string
  query: string[]
  pathParams: string[]
  body: Record<string, unknown> | null
}

function operations(h: Harness): Operation[] {
  const doc = h.app.swagger() as { paths: Record<string, Record<string, any>> }
  const out: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue
      const params = (op.parameters ?? []) as Array<{ name: string; in: string }>
      const schema = op.requestBody?.content?.['application/json']?.schema
      out.push({
        method: method.toUpperCase(),
        path,
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        body: schema?.properties ?? (schema ? {} : null),
      })
    }
  }
  return out
}

/** percent-encoding that keeps a lone surrogate as the invalid UTF-8 bytes an attacker would send */
function enc(v: unknown): string {
  const s = String(v)
  try {
    return encodeURIComponent(s)
  } catch {
    return `${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`
  }
}

const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: [nested(depth - 1)] })
const HOSTILE = [
  '', ' ', '\u0000', 'abc\u0000def', '"', "'", "'; drop table users; --", "1' or '1'='1", 'NEAR(a b)', 'abc*', '^abc', 'title_zh:x',
  '../../../etc/passwd', '..%2f..%2fhaijiao.db', '%00', '%', '_', '\\', '<script>alert(1)</script>', 'javascript:alert(1)',
  '\ud800', '😀'.repeat(50), '\u202e\u200b', 'null', 'undefined', 'NaN', '-1', '0', '1e309', '9999999999999999999999', '-9223372036854775809',
  'true', '[]', '{}', 'a'.repeat(5000),
]
/** a bad scalar for a query string or path segment */
const badText = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }).map(String),
  fc.string({ maxLength: 40, unit: 'binary' }),
)
/** a bad JSON value for a body field */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, -1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 3.5, [], {}, [null], nested(120), 'x'.repeat(200_000)),
  fc.constantFrom(...HOSTILE),
  fc.integer(),
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxKeys: 4 }),
)

function requestFor(op: Operation) {
  return fc.record({
    query: fc.record(Object.fromEntries(op.query.map((q) => [q, fc.option(badText, { nil: undefined })]))),
    paging: fc.constantFrom<Record<string, string>>({}, { page: '-1', pageSize: '100000' }, { page: '99999999999', pageSize: '0' }, { page: 'abc' }),
    path: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, badText]))),
    body:
      op.body === null
        ? fc.constant(undefined)
        : fc.oneof(
            fc.record(Object.fromEntries(Object.keys(op.body).map((k) => [k, fc.option(badValue, { nil: undefined })]))),
            badValue,
          ),
  })
}

/** cheap per-table signature: row count and the newest change, where the table records one */
async function fingerprint(h: Harness, tables: Array<{ name: string; updated: boolean }>): Promise<string> {
  const parts: string[] = []
  for (const t of tables) {
    const r = t.updated
      ? await sql<{ n: number; u: string | null }>`select count(*) as n, max(updated_at) as u from ${sql.table(t.name)}`.execute(h.db)
      : await sql<{ n: number; u: string | null }>`select count(*) as n, null as u from ${sql.table(t.name)}`.execute(h.db)
    parts.push(`${t.name}:${Number(r.rows[0].n)}:${r.rows[0].u ?? ''}`)
  }
  return parts.join('|')
}

const LEAK = /\bat [\w.<>]+ \(|\.ts:\d+:\d+|node_modules|SQLITE_|SqliteError|syntax error at|relation "|violates|duplicate key|\bselect\b.+\bfrom\b|\binsert into\b|stack/i

describeEachDb('bad-input sweep', (get) => {
  it('no 5xx, the envelope on every JSON answer, no leaked internals, nothing changed by refused requests', async () => {
    const h = get()
    const started = Date.now()
    const tokens: Record<string, string | undefined> = {
      none: undefined,
      consumer: await h.login('user@haijiao.demo'),
      operations: await h.adminLogin('ops@haijiao.demo'),
    }
    const tableList = (await h.db.introspection.getTables())
      // on PostgreSQL the catalogue also lists other runs' schemas: only this harness's own
      .filter((t) => h.target === 'sqlite' || t.schema === h.config.databaseSchema)
      .filter((t) => !VOLATILE.has(t.name) && !t.name.startsWith('sqlite_') && !t.name.includes('_fts'))
      .map((t) => ({ name: t.name, updated: t.columns.some((c) => c.name === 'updated_at') }))
    const ops = operations(h).filter((op) => !SKIP.some((re) => re.test(op.path)))
    const figures = { operations: ops.length, requests: 0, http5xx: 0, envelopeViolations: 0, leaks: 0, changedByRefused: 0 }
    const problems: string[] = []
    let seed = 12
    // the database as the last request left it: one signature per request
    let baseline = await fingerprint(h, tableList)
    const swept = new Set<string>()
    for (const op of ops) {
      if (Date.now() - started > BUDGET_MS) break
      swept.add(op.path)
      for (const [who, token] of Object.entries(tokens)) {
        const samples = fc.sample(requestFor(op), { numRuns: SAMPLES_PER_CALLER, seed: seed++ })
        for (const s of samples) {
          let url = op.path
          for (const [k, v] of Object.entries(s.path)) url = url.replace(`{${k}}`, enc(v))
          const qs = Object.entries({ ...s.query, ...(op.query.includes('page') ? s.paging : {}) })
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => `${enc(k)}=${enc(v)}`)
            .join('&')
          const res = await h.app.inject({
            method: op.method as 'GET',
            url: `${url}${qs ? `?${qs}` : ''}`,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            ...(s.body !== undefined && op.method !== 'GET' ? { payload: JSON.stringify(s.body), headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } } : {}),
          })
          figures.requests++
          const where = `${who} ${op.method} ${op.path}`
          if (res.statusCode >= 500) {
            figures.http5xx++
            problems.push(`${where}: HTTP ${res.statusCode} ${res.body.slice(0, 200)} for ${JSON.stringify(s).slice(0, 300)}`)
          }
          let code: unknown = 200
          if (String(res.headers['content-type'] ?? '').includes('application/json')) {
            let body: any = null
            try {
              body = res.json()
            } catch {
              body = null
            }
            const isEnvelope = body && typeof body === 'object' && typeof body.code === 'number' && typeof body.message === 'string' && 'result' in body
            // the OpenAPI document itself is JSON but not an API answer
            if (!isEnvelope && !op.path.startsWith('/api/docs')) {
              figures.envelopeViolations++
              problems.push(`${where}: not an envelope: ${res.body.slice(0, 200)}`)
            }
            code = body?.code
          }
          const after = await fingerprint(h, tableList)
          if (res.statusCode >= 400 || code !== 200) {
            if (LEAK.test(res.body.slice(0, 5000))) {
              figures.leaks++
              problems.push(`${where}: internals in the answer: ${res.body.slice(0, 200)}`)
            }
            if (after !== baseline) {
              figures.changedByRefused++
              problems.push(`${where}: refused (HTTP ${res.statusCode}, code ${String(code)}) but the database changed`)
            }
          }
          baseline = after
        }
      }
    }
    console.log(`[bad-input sweep ${h.target}] ${JSON.stringify({ ...figures, seconds: Math.round((Date.now() - started) / 1000) })}`)
    expect(problems.slice(0, 30)).toEqual([])
    expect(figures.requests).toBeGreaterThan(figures.operations)
    // routes that must be reached within the budget: a person's account deletion and data download
    const mustSweep = Object.values(PRIVACY_API).map((u) => `/api/v1${u.replace(/:(\w+)/g, '{$1}')}`)
    expect(mustSweep.filter((u) => !swept.has(u))).toEqual([])
  }, 120_000)
})
