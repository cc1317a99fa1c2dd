/**
 * A small TTL cache for derived read values (list totals, small id sets), held by the service that
 * uses it (services are built once per app, so each app has its own). Keys include
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
