/**
 * Micro-cache for public read routes whose answer does not depend on the caller (lists, search, home).
 *
 * Why: at 50 concurrent connections a p95 under 20 ms needs ~2,500 answers per second on this 2-core
 * machine, while building one filtered list page from the database costs ~1 ms of the event loop (SQL +
 * query building + JSON). A hot page is therefore answered from a copy at most PUBLIC_CACHE_MS old
 * (default 2 s; 0 disables, the default under NODE_ENV=test so tests see every write at once).
 *
 * Freshness: any successful write through the API (POST/PUT/PATCH/DELETE answered with HTTP < 400) clears
 * the whole cache of this instance, so a person who enrols, or an editor who publishes, sees the result on
 * their next read. Several instances (REDIS_URL set): the write is also published on the Redis channel
 * `<REDIS_PREFIX>public-cache` before its answer leaves, and every other instance clears its cache when the
 * message arrives (milliseconds). Should Redis be unreachable, an entry still expires after
 * PUBLIC_CACHE_MS: no instance serves an answer older than that window after a write anywhere.
 *
 * A route opts in with `config: { publicCache: true }`; only GET answers with HTTP 200 and envelope code
 * 200 are stored, keyed by the full URL and the answer language (the envelope message is translated).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import Redis from 'ioredis'
import { langOf } from '../lib/envelope'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the answer depends only on the URL and language, never on the caller: may be micro-cached */
    publicCache?: boolean
  }
  interface FastifyInstance {
    publicCache: PublicCache
  }
  interface FastifyRequest {
    publicCacheKey?: string
  }
}

export class PublicCache {
  private readonly entries = new Map<string, { body: string | Buffer; expires: number }>()
  hits = 0
  misses = 0
  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  get enabled() {
    return this.ttlMs > 0
  }

  get(key: string, now = Date.now()): string | Buffer | null {
    const e = this.entries.get(key)
    if (e && e.expires > now) {
      this.hits++
      return e.body
    }
    if (e) this.entries.delete(key)
    this.misses++
    return null
  }

  set(key: string, body: string | Buffer, now = Date.now()) {
    // a key stored again moves to the end, so the Map stays in expiry order (one TTL for all): a full
    // cache drops from the front — the expired entries, then the oldest — without walking every entry
    // on each store (cold traffic stores on almost every request)
    this.entries.delete(key)
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string)
    this.entries.set(key, { body, expires: now + this.ttlMs })
  }

  clear() {
    this.entries.clear()
  }

  get size() {
    return this.entries.size
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const JSON_TYPE = 'application/json; charset=utf-8'
const OK_PREFIX = '{"code":200,'
const OK_PREFIX_BYTES = Buffer.from(OK_PREFIX)

export const PUBLIC_CACHE_CHANNEL = 'public-cache'

/** Clears the caches of the other instances through Redis pub/sub (one connection each way). */
async function redisInvalidation(app: FastifyInstance, cache: PublicCache, url: string, prefix: string): Promise<() => Promise<void>> {
  const channel = prefix + PUBLIC_CACHE_CHANNEL
  const origin = `${process.pid}:${Math.random().toString(36).slice(2)}`
  const opts = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true }
  const pub = new Redis(url, opts)
  const sub = new Redis(url, opts)
  for (const c of [pub, sub]) c.on('error', (err) => app.log.warn({ err }, 'public cache: redis error'))
  sub.on('message', (_channel: string, from: string) => {
    if (from !== origin) cache.clear()
  })
  await pub.connect()
  await sub.connect()
  await sub.subscribe(channel)
  app.addHook('onClose', async () => {
    await Promise.allSettled([sub.quit(), pub.quit()])
  })
  return async () => {
    await pub.publish(channel, origin).catch((err) => app.log.warn({ err }, 'public cache: invalidation not published'))
  }
}

async function publicCachePlugin(app: FastifyInstance, opts: { ttlMs: number; redis?: { url: string; prefix: string } | null }) {
  const cache = new PublicCache(opts.ttlMs)
  app.decorate('publicCache', cache)
  if (!cache.enabled) return
  const announce = opts.redis ? await redisInvalidation(app, cache, opts.redis.url, opts.redis.prefix) : null

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET' || !req.routeOptions.config?.publicCache) return
    const key = `${langOf(req)} ${req.url}`
    const body = cache.get(key)
    if (body !== null) {
      reply.header('content-type', JSON_TYPE).header('x-cache', 'hit')
      return reply.send(body)
    }
    req.publicCacheKey = key
  })

  app.addHook('onSend', async (req, reply, payload) => {
    // cleared before the write's answer leaves, so the writer's next read is fresh
    if (WRITE_METHODS.has(req.method) && reply.statusCode < 400) {
      cache.clear()
      if (announce) await announce()
    }
    // JSON as a string, or as bytes (the lists served from memory: lib/json-template.ts JsonBytes)
    if (!req.publicCacheKey || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload
    // only successful envelopes: a warning answer (code ≠ 200) is cheap and must not stick
    if (typeof payload === 'string' ? payload.startsWith(OK_PREFIX) : OK_PREFIX_BYTES.equals(payload.subarray(0, OK_PREFIX_BYTES.length))) {
      cache.set(req.publicCacheKey, payload)
      reply.header('x-cache', 'miss')
    }
    return payload
  })
}

export default fp(publicCachePlugin, { name: 'public-cache' })
