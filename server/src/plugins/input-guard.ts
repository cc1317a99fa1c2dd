/**
 * No text field of this product holds a NUL character, and PostgreSQL cannot store one (SQLite's FTS
 * chokes on it too): a request carrying one anywhere in its query, path or JSON body is a wrong
 * parameter (301, naming the field) before any route code or database sees it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { paramError } from '../lib/app-error'

const MAX_VISITS = 100_000

/** the dotted path of the first string (or key) holding a NUL, or null */
export function findNul(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]]
  let visits = 0
  while (stack.length) {
    const [v, at] = stack.pop()!
    if (++visits > MAX_VISITS) return null // a body this large was already bounded by bodyLimit
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        if (k.includes('\u0000')) return at
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
  })
})
