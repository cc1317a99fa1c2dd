/**
 * A value derived from database rows (an in-memory list index), rebuilt when the rows' version moved.
 * `get()` reads the current version (one primary-key read) and answers the snapshot built for it;
 * requests that see the same new version share one rebuild. A snapshot is never older than the version
 * it is stored under (the rows are read after the version), so answers are exact right after a write.
 */
export class VersionedSnapshot<T> {
  private current: { version: number; value: T } | null = null
  private loading: { version: number; promise: Promise<T> } | null = null

  constructor(
    private readonly readVersion: () => Promise<number>,
    private readonly build: () => Promise<T>,
  ) {}

  async get(): Promise<T> {
    const version = await this.readVersion()
    if (this.current && this.current.version === version) return this.current.value
    if (this.loading && this.loading.version === version) return this.loading.promise
    const promise = this.build().then(
      (value) => {
        if (!this.current || this.current.version < version) this.current = { version, value }
        if (this.loading?.promise === promise) this.loading = null
        return value
      },
      (err: unknown) => {
        if (this.loading?.promise === promise) this.loading = null
        throw err
      },
    )
    this.loading = { version, promise }
    return promise
  }
}

/**
 * Derived arrays (ordered id lists, keyword matches) of one snapshot, bounded by their total length;
 * least recently used first out. Lives inside a snapshot, so it never outlives the rows it came from.
 */
export class BoundedMemo<V extends { length: number }> {
  private readonly map = new Map<string, V>()
  private readonly pending = new Map<string, Promise<V>>()
  private size = 0
  constructor(private readonly maxTotalLength: number) {}

  get(key: string, make: () => V): V {
    const hit = this.map.get(key)
    if (hit) {
      this.map.delete(key)
      this.map.set(key, hit)
      return hit
    }
    const value = make()
    this.put(key, value)
    return value
  }

  /** like get, for a value read from the database; concurrent callers of one key share the read */
  getAsync(key: string, make: () => Promise<V>): Promise<V> {
    const hit = this.map.get(key)
    if (hit) {
      this.map.delete(key)
      this.map.set(key, hit)
      return Promise.resolve(hit)
    }
    let pending = this.pending.get(key)
    if (!pending) {
      pending = make().then(
        (value) => {
          this.pending.delete(key)
          this.put(key, value)
          return value
        },
        (err: unknown) => {
          this.pending.delete(key)
          throw err
        },
      )
      this.pending.set(key, pending)
    }
    return pending
  }

  private put(key: string, value: V) {
    const cost = value.length + 1
    if (cost > this.maxTotalLength) return
    while (this.size + cost > this.maxTotalLength && this.map.size) {
      const [oldKey, old] = this.map.entries().next().value as [string, V]
      this.map.delete(oldKey)
      this.size -= old.length + 1
    }
    this.map.set(key, value)
    this.size += cost
  }
}
