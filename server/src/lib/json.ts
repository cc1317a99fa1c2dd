/** JSON arrays and objects stored as text columns (portable across SQLite and PostgreSQL). */
export function parseList(text: string | null | undefined): string[] {
  if (!text) return []
  try {
    const v = JSON.parse(text)
    return Array.isArray(v) ? v.map(String) : []
  } catch {
    return []
  }
}
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback
  try {
    return JSON.parse(text) as T
  } catch {
    return fallback
  }
}
