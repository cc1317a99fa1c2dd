/**
 * A JSON answer assembled from parts serialised earlier, as UTF-8 bytes: the parts are Buffers encoded
 * once, the short live values strings, and `toBuffer()` copies everything once into the answer. Why
 * bytes and not a string: a cold list page (20 items, ~25 KB, much of it Chinese) built as a string
 * was flattened by join (~18 % of its CPU, --cpu-prof), then measured (Buffer.byteLength) and encoded to
 * UTF-8 again on every write (~14 %); a Buffer goes to the socket as it is.
 */
export class JsonBytes {
  private readonly chunks: Array<Buffer | string> = []
  private length = 0

  /** a string as its UTF-8 bytes (meant for short pieces: punctuation, numbers, a live value) */
  text(s: string): this {
    this.chunks.push(s)
    this.length += Buffer.byteLength(s)
    return this
  }

  bytes(b: Buffer): this {
    this.chunks.push(b)
    this.length += b.length
    return this
  }

  /** another answer's pieces, after this one's (not copied until toBuffer) */
  append(other: JsonBytes): this {
    for (const c of other.chunks) this.chunks.push(c)
    this.length += other.length
    return this
  }

  toBuffer(): Buffer {
    const out = Buffer.allocUnsafe(this.length)
    let at = 0
    for (const c of this.chunks) at += typeof c === 'string' ? out.write(c, at) : c.copy(out, at)
    // every byte written: byteLength and write agree on the UTF-8 of any string
    if (at !== this.length) throw new Error(`JsonBytes: wrote ${at} of ${this.length} bytes`)
    return out
  }

  toString(): string {
    return this.toBuffer().toString('utf8')
  }
}

/** stands in for a live value while an object is serialised (control characters: rare in any data) */
const MARKER = '\u0001live\u0002'
const MARKER_JSON = Buffer.from(JSON.stringify(MARKER))

/**
 * An object's JSON with a few "live" values left open: `fill(out, values)` writes exactly what
 * JSON.stringify(object with those values) answers (same keys, same order), the parts serialised and
 * UTF-8 encoded once around the live values. Why: a public list item is the same for every request
 * except a counter or two and its time status; serialising it once per version instead of once per
 * request is most of a cold list page's CPU.
 */
export class JsonTemplate<K extends string = string> {
  private constructor(
    /** parts.length === keys.length + 1: parts[0] keys[0]'s value parts[1] … */
    private readonly parts: Buffer[],
    private readonly keys: K[],
  ) {}

  /**
   * `object` must be JSON data (no toJSON, no functions); `live` names keys of the object, in any order.
   * A key whose value is undefined is left out, as JSON.stringify leaves it out.
   *
   * How: the object is serialised once, by JSON.stringify, with each live value replaced by a marker
   * string, encoded to UTF-8 once, and cut at the markers (the parts are views of that one Buffer).
   * Why: a cold list page turns each of its rows not yet in memory into a template; serialising value by
   * value and encoding each part on its own was ~13 µs an item, as much as reading the row (bench:cold).
   * A marker that the data itself happens to spell (found other than once) falls back to that slower way.
   */
  static of<T extends object, K extends keyof T & string>(object: T, live: readonly K[]): JsonTemplate<K> {
    const marked: Record<string, unknown> = { ...(object as Record<string, unknown>) }
    const keys: K[] = []
    for (const k of Object.keys(object)) {
      if (marked[k] !== undefined && live.includes(k as K)) {
        keys.push(k as K)
        marked[k] = MARKER
      }
    }
    const whole = Buffer.from(JSON.stringify(marked))
    const parts: Buffer[] = []
    let from = 0
    for (let i = 0; i < keys.length; i++) {
      const at = whole.indexOf(MARKER_JSON, from)
      if (at < 0) return JsonTemplate.valueByValue(object, live)
      parts.push(whole.subarray(from, at))
      from = at + MARKER_JSON.length
    }
    if (whole.indexOf(MARKER_JSON, from) >= 0) return JsonTemplate.valueByValue(object, live)
    parts.push(whole.subarray(from))
    return new JsonTemplate(parts, keys)
  }

  /** `of`, serialising and encoding value by value (when the data spells the marker) */
  private static valueByValue<T extends object, K extends keyof T & string>(object: T, live: readonly K[]): JsonTemplate<K> {
    const parts: string[] = []
    const keys: K[] = []
    let text = '{'
    let first = true
    for (const [k, v] of Object.entries(object)) {
      if (v === undefined) continue
      text += `${first ? '' : ','}${JSON.stringify(k)}:`
      first = false
      if (live.includes(k as K)) {
        parts.push(text)
        keys.push(k as K)
        text = ''
      } else text += JSON.stringify(v)
    }
    parts.push(`${text}}`)
    return new JsonTemplate(
      parts.map((p) => Buffer.from(p)),
      keys,
    )
  }

  /** writes the JSON with these live values into `out` */
  fill(out: JsonBytes, values: Record<K, string | number | boolean | null>): JsonBytes {
    const { parts, keys } = this
    out.bytes(parts[0])
    for (let i = 0; i < keys.length; i++) out.text(JSON.stringify(values[keys[i]])).bytes(parts[i + 1])
    return out
  }
}

/** a Page's JSON (`toPage`'s key order) around `count` items, each written by `item(out, k)` */
export function pageJson(count: number, item: (out: JsonBytes, k: number) => void, total: number, page: number, pageSize: number): JsonBytes {
  const out = new JsonBytes().text('{"list":[')
  for (let k = 0; k < count; k++) {
    if (k) out.text(',')
    item(out, k)
  }
  return out.text(`],"total":${JSON.stringify(Number(total))},"page":${JSON.stringify(page)},"pageSize":${JSON.stringify(pageSize)}}`)
}
