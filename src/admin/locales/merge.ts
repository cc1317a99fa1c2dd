/** Admin texts: one language's files deep-merged (each area under `adm.<area>`). */
type Dict = { [k: string]: string | Dict }

export function deepMerge(...parts: object[]): Dict {
  const out: Dict = {}
  for (const part of parts as Dict[]) {
    for (const [k, v] of Object.entries(part)) {
      const cur = out[k]
      out[k] = v && typeof v === 'object' && cur && typeof cur === 'object' ? deepMerge(cur, v) : v && typeof v === 'object' ? deepMerge(v) : v
    }
  }
  return out
}
