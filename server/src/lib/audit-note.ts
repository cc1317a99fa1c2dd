/**
 * What a service knows of a change beyond the request (the row as it was, and as it is now), handed to
 * the request's audit row (plugins/audit.ts: `(change) => app.auditNote(req, change)`). A service calls it
 * with the row it already read for the action, so the before-state costs no extra read. Personal fields
 * are masked when the row is written (modules/audit/audit.mask.ts).
 */
export type AuditNote = (change: { before?: unknown; after?: unknown }) => Promise<void> | void

/** the named fields of a row (what a change touched), for a before/after pair */
export function pick<T extends object>(row: T, keys: readonly (keyof T)[]): Partial<T> {
  const out: Partial<T> = {}
  for (const k of keys) if (k in row) out[k] = row[k]
  return out
}
