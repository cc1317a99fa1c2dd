/**
 * A small per-process TTL cache for derived read values (list totals, small id sets). Keys include
 * the caller's time bucket, so an injected clock that jumps never reads a stale bucket; entries live
 * at most `ttlMs` of real time. Values are at most that old: fine for list totals, never used for
 * anything a user writes and reads back (details, enrolment state). Totals are cached only when large
 * (LARGE_TOTAL): small ones are cheap to count and stay exact.
 */
export class TtlCache<V> {
  private readonly map = new Map<string, { value: V; expires: number }>()
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  /** `keep` decides whether a freshly loaded value is worth caching (e.g. only large, costly totals) */
  async get(key: string, load: () => Promise<V>, keep: (v: V) => boolean = () => true): Promise<V> {
    const now = Date.now()
    const hit = this.map.get(key)
    if (hit && hit.expires > now) return hit.value
    const value = await load()
    if (!keep(value)) return value
    if (this.map.size >= this.maxEntries) {
      for (const [k, v] of this.map) if (v.expires <= now || this.map.size >= this.maxEntries) this.map.delete(k)
    }
    this.map.set(key, { value, expires: now + this.ttlMs })
    return value
  }

  clear() {
    this.map.clear()
  }
}

/** totals at or above this are cached (counting them costs milliseconds on 100k-row tables) */
export const LARGE_TOTAL = 1000
export const TOTALS_TTL_MS = 5000

const cachesByApp = new WeakMap<object, Map<string, TtlCache<unknown>>>()
/**
 * The named cache of one app instance (services are created per request; tests build many apps in one
 * process, so a module-level cache would leak between them).
 */
export function appCache<V>(app: object, name: string, ttlMs = TOTALS_TTL_MS, maxEntries?: number): TtlCache<V> {
  let caches = cachesByApp.get(app)
  if (!caches) cachesByApp.set(app, (caches = new Map()))
  let cache = caches.get(name)
  if (!cache) caches.set(name, (cache = new TtlCache<unknown>(ttlMs, maxEntries)))
  return cache as TtlCache<V>
}
