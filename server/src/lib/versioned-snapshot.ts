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
    return this.at(await this.readVersion())
  }

  /** the latest snapshot built and its version, without reading the database (null before the first) */
  peek(): { version: number; value: T } | null {
    return this.current
  }

  /** the snapshot of a version just read from the database (built when it is not the current one) */
  async at(version: number): Promise<T> {
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

/**
 * One read shared by every caller that asked for it before it began. A read answers the database as it
 * was when the read began, so it is as exact for a caller that asked earlier as a read of its own would
 * be: every write committed before the caller asked (by this instance, another instance or straight in
 * the database) is in it. A read already under way is never shared with a later caller (it may have
 * begun before a write that caller already saw): that caller waits for the next read.
 *
 * Why: every page served from memory first reads the list's versions (MemoryPager); at 50 concurrent
 * requests most of them ask within the same turn of the event loop, and one statement answers them all
 * (the read begins in setImmediate, after the loop has taken in every request that arrived with it).
 */
export class SharedRead<T> {
  private waiting: Promise<T> | null = null
  /** reads begun (tests, benchmarks) */
  reads = 0

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    if (!this.waiting) {
      this.waiting = new Promise<T>((resolve, reject) => {
        setImmediate(() => {
          // from here on, a caller belongs to the next read: this one is beginning
          this.waiting = null
          this.reads++
          this.read().then(resolve, reject)
        })
      })
    }
    return this.waiting
  }
}

/** what one statement read: the list's versions and, when asked for, the live counters of some rows */
export interface PageState<C> {
  listVersion: number
  itemsVersion: number
  countersVersion: number
  /** the asked rows that are listed (published), with their counters; empty when none were asked */
  counters: Map<number, C>
}

/** the served rows of one (list version, item version): each row's cached form and its counters, stamped */
interface ServedCache<E, C> {
  listVersion: number
  itemsVersion: number
  map: Map<number, { item: E; counters?: C; countersVersion: number }>
}
/** a shared read of rows not yet in a cache: the ids asked until it begins */
interface RowRead<I, E, C> {
  cache: ServedCache<E, C>
  index: I
  ids: Set<number>
  done: Promise<void>
}

/**
 * A public list served from memory: the order from a VersionedSnapshot (keyed by the list version), each
 * shown row's serialised item kept per (list version, item version), and its live counters kept with the
 * counters version they were read at — all three versions raised by triggers (migrations 0019, 0021). A
 * page whose rows and counters are in memory costs one statement of three primary-key reads (the
 * versions — and that statement is shared by the pages that asked for it before it began: SharedRead);
 * counters that moved since are read for the page (a second statement), rows not yet in
 * memory before that (their rows, with their counters and the counters version, and categories; one
 * read for the pages that missed rows together: readInto).
 *
 * Exactness: the page is computed from the snapshot and cache it has, then checked against the versions
 * read after (a shared read begins after every page that shares it asked for it); on a difference it rebuilds and tries again. Versions only grow, so a check that finds the
 * cache's versions proves that rows read into that cache before it were read at those versions; counters
 * are stamped with the counters version read in the same statement, and used while it has not moved.
 * After ATTEMPTS differences (writes landing all the time) the caller answers from SQL instead (null).
 */
export class MemoryPager<I, E, C> {
  /** the versions read, shared by the pages that asked before it began (SharedRead: as exact as one each) */
  readonly versions: SharedRead<PageState<C>>
  private cache: ServedCache<E, C> | null = null
  /** row reads waiting to begin (one per cache and snapshot; almost always none or one) */
  private readonly waitingRowReads: RowRead<I, E, C>[] = []
  /** row reads begun (tests, benchmarks) */
  rowReads = 0
  private static readonly ATTEMPTS = 4

  constructor(
    private readonly index: VersionedSnapshot<I>,
    private readonly opts: {
      /** one statement: the three versions */
      versions: () => Promise<PageState<C>>
      /** one statement: the three versions and the counters of these ids */
      counters: (ids: number[]) => Promise<PageState<C>>
      /**
       * the cached form of these rows, read now (ids of rows no longer listed are left out), with their
       * counters and the counters version read in the same statement (so the counters are those of it);
       * `index` is the snapshot of the cache's list version (what it holds of the rows may be used)
       */
      read: (ids: number[], index: I) => Promise<{ items: Map<number, E>; counters: Map<number, C>; countersVersion: number }>
      /** rows kept per version pair, least recently used out first */
      maxEntries: number
    },
  ) {
    this.versions = new SharedRead(opts.versions)
  }

  /** the page's items and counters, in order, and the total; null when writes kept moving the versions */
  async page(ids: (index: I) => Promise<{ ids: number[]; total: number }>): Promise<{ items: E[]; counters: C[]; total: number } | null> {
    for (let attempt = 0; attempt < MemoryPager.ATTEMPTS; attempt++) {
      let snapshot = this.index.peek()
      if (!snapshot) {
        await this.index.get()
        snapshot = this.index.peek()!
      }
      const page = await ids(snapshot.value)
      const cache = this.cache && this.cache.listVersion === snapshot.version ? this.cache : null
      const missing = cache ? page.ids.filter((id) => !cache.map.has(id)) : []
      if (cache && missing.length) await this.readInto(cache, snapshot.value, missing)
      let state = await this.versions.get()
      if (!(await this.agrees(state, snapshot.version, cache)) || !cache) continue
      const entries = page.ids.map((id) => cache.map.get(id))
      if (entries.some((e) => !e)) continue
      if (entries.some((e) => e!.countersVersion !== state.countersVersion)) {
        state = await this.opts.counters(page.ids)
        if (!cache || !(await this.agrees(state, snapshot.version, cache))) continue
        if (page.ids.some((id) => !state.counters.has(id))) continue
        page.ids.forEach((id, k) => {
          entries[k]!.counters = state.counters.get(id)
          entries[k]!.countersVersion = state.countersVersion
        })
      }
      const items: E[] = []
      const counters: C[] = []
      for (let k = 0; k < page.ids.length; k++) {
        // the entries checked above (another request may have replaced one in the map since); most
        // recently used last
        const e = entries[k]!
        if (cache.map.get(page.ids[k]) === e) {
          cache.map.delete(page.ids[k])
          cache.map.set(page.ids[k], e)
        }
        items.push(e.item)
        counters.push(e.counters!)
      }
      return { items, counters, total: page.total }
    }
    return null
  }

  /**
   * Whether the versions just read are those of the snapshot and cache the page was made from; if not,
   * moves the snapshot and cache on to them (so the next attempt uses them) and answers false.
   */
  private async agrees(state: PageState<C>, snapshotVersion: number, used: ServedCache<E, C> | null): Promise<boolean> {
    if (state.listVersion !== snapshotVersion) {
      // a newer list: the next attempt rebuilds the index for it (an older read: just try again)
      if (state.listVersion > snapshotVersion) await this.index.at(state.listVersion)
      return false
    }
    const current = this.cache
    if (current && current.listVersion === state.listVersion && current.itemsVersion === state.itemsVersion) return current === used
    if (!current || current.listVersion < state.listVersion || (current.listVersion === state.listVersion && current.itemsVersion < state.itemsVersion))
      this.cache = { listVersion: state.listVersion, itemsVersion: state.itemsVersion, map: new Map() }
    return false
  }

  /**
   * Reads rows into the cache in one statement shared by every page that asked before it began (as
   * SharedRead: the read begins in setImmediate, after the loop took in the requests that arrived with
   * it), each id once. Why: on a list's first walk most of 50 concurrent pages miss rows, many of them the
   * same; a statement per page cost a round trip and a pool connection each on PostgreSQL and read shared
   * rows twice (bench:cold p95, ARCHITECTURE.md). Exactness is unchanged: each page still checks the
   * versions after its rows are in (a read that begins after the batch's).
   */
  private readInto(cache: ServedCache<E, C>, index: I, ids: number[]): Promise<void> {
    let batch = this.waitingRowReads.find((b) => b.cache === cache && b.index === index)
    if (!batch) {
      const asked = new Set<number>()
      const done = new Promise<void>((resolve, reject) => {
        setImmediate(() => {
          // from here on, a page's missing rows belong to the next read: this one is beginning
          this.waitingRowReads.splice(this.waitingRowReads.indexOf(read), 1)
          this.rowReads++
          this.readRows(cache, index, [...asked]).then(resolve, reject)
        })
      })
      const read: RowRead<I, E, C> = { cache, index, ids: asked, done }
      this.waitingRowReads.push((batch = read))
    }
    for (const id of ids) batch.ids.add(id)
    return batch.done
  }

  private async readRows(cache: ServedCache<E, C>, index: I, ids: number[]) {
    // counters read with the row are stamped with the version read with them: a page that finds that
    // version still current needs no counters statement for rows it just read
    const read = await this.opts.read(ids, index)
    for (const [id, item] of read.items) {
      const counters = read.counters.get(id)
      this.put(cache.map, id, counters === undefined ? { item, countersVersion: -1 } : { item, counters, countersVersion: read.countersVersion })
    }
  }

  private put(map: ServedCache<E, C>['map'], id: number, e: { item: E; counters?: C; countersVersion: number }) {
    // read by two requests at once: the first stays (it may carry counters already)
    if (map.has(id)) return
    while (map.size >= this.opts.maxEntries) map.delete(map.keys().next().value as number)
    map.set(id, e)
  }
}
