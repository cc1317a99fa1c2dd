/**
 * A language's texts given as a list in another language's key order (config/texts-sections-loader.js,
 * `&like=`), put back in that language's shape: the keys ship once. A null (no text in this language)
 * stays out, so i18next falls back to the other language for it.
 */
type Dict = { [key: string]: string | Dict }

export function shapedLike(shape: Record<string, unknown>, values: ReadonlyArray<string | null>): Dict {
  let i = 0
  const walk = (s: Record<string, unknown>): Dict => {
    const out: Dict = {}
    for (const [k, v] of Object.entries(s)) {
      if (v && typeof v === 'object') out[k] = walk(v as Record<string, unknown>)
      else {
        const text = values[i++]
        if (typeof text === 'string') out[k] = text
      }
    }
    return out
  }
  const texts = walk(shape)
  if (i !== values.length) throw new Error(`texts: ${values.length} values for ${i} keys`)
  return texts
}
