/**
 * An object's JSON with a few "live" values left open: `fill(values)` answers exactly what
 * JSON.stringify(object with those values) answers (same keys, same order), by concatenating the parts
 * serialised once with the live values. Why: a public list item is the same for every request except a
 * counter or two and its time status; serialising it once per version instead of once per request is
 * most of a cold list page's CPU.
 */
export class JsonTemplate<K extends string = string> {
  private constructor(
    /** parts.length === keys.length + 1: parts[0] keys[0]'s value parts[1] … */
    private readonly parts: string[],
    private readonly keys: K[],
  ) {}

  /**
   * `object` must be JSON data (no toJSON, no functions); `live` names keys of the object, in any order.
   * A key whose value is undefined is left out, as JSON.stringify leaves it out.
   */
  static of<T extends object, K extends keyof T & string>(object: T, live: readonly K[]): JsonTemplate<K> {
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
    return new JsonTemplate(parts, keys)
  }

  /** the JSON with these live values */
  fill(values: Record<K, string | number | boolean | null>): string {
    const { parts, keys } = this
    let out = parts[0]
    for (let i = 0; i < keys.length; i++) out += JSON.stringify(values[keys[i]]) + parts[i + 1]
    return out
  }
}

/** a Page's JSON (`toPage`'s key order) around items already serialised */
export function pageJson(items: string[], total: number, page: number, pageSize: number): string {
  return `{"list":[${items.join(',')}],"total":${JSON.stringify(Number(total))},"page":${JSON.stringify(page)},"pageSize":${JSON.stringify(pageSize)}}`
}
