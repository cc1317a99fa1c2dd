/**
 * No text field of this product holds a NUL character, and PostgreSQL cannot store one (SQLite's FTS
 * chokes on it too): a request carrying one anywhere in its query, path or JSON body is a wrong
 * parameter (301, naming the field) before any route code or database sees it.
 * No number of this product is infinite either: "1e309" in a query (coerced by the validator) or a JSON
 * body parses to Infinity, which Ajv's `integer`/`maximum` checks let through; refused the same way once
 * the schema has coerced the values.
 * Bidirectional and zero-width controls are taken out of every plain-text field here, before the
 * schema sees it (lib/plain-text.ts): one place for every name and title, rich-text bodies excepted.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { paramError } from '../lib/app-error'
import { stripControlsDeep } from '../lib/plain-text'

const MAX_VISITS = 100_000

const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\u0000')
const nonFinite = (v: unknown) => typeof v === 'number' && !Number.isFinite(v)

/** the dotted path of the first string (or key) holding a NUL, or null */
export function findNul(value: unknown, root: string): string | null {
  return findValue(value, root, hasNul, true)
}

/** the dotted path of the first value `bad` refuses (and, with `keys`, the first key holding a NUL), or null */
function findValue(value: unknown, root: string, bad: (v: unknown) => boolean, keys = false): string | null {
  const stack: Array<[unknown, string]> = [[value, root]]
  let visits = 0
  while (stack.length) {
    const [v, at] = stack.pop()!
    if (++visits > MAX_VISITS) return null // a body this large was already bounded by bodyLimit
    if (bad(v)) return at
    if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        if (keys && k.includes('\u0000')) return at
        stack.push([child, at === root && root === 'body' ? k : `${at}.${k}`])
      }
    }
  }
  return null
}

export default fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    // file paths are the static plugin's business (a NUL there is a plain 404)
    if (!req.routeOptions.url?.startsWith('/api/')) return
    const field = findNul(req.query, 'query') ?? findNul(req.params, 'params') ?? findNul(req.body, 'body')
    if (field) throw paramError(field.replace(/^(query|params)\./, ''))
    for (const part of [req.query, req.params, req.body]) stripControlsDeep(part)
  })
  app.addHook('preHandler', async (req: FastifyRequest) => {
    if (!req.routeOptions.url?.startsWith('/api/')) return
    const field = findValue(req.query, 'query', nonFinite) ?? findValue(req.params, 'params', nonFinite) ?? findValue(req.body, 'body', nonFinite)
    if (field) throw paramError(field.replace(/^(query|params)\./, ''))
  })
})
