/** What the competition module's services share: the caller's organisation scope, and the trimming and checks of input fields. */
import type { AdminAccess } from '../../context'
import { paramError } from '../../lib/app-error'
import { COMPETITION_LIMITS } from '@contracts/admin-competition'
import type { OrgScope } from './org-scope.repository'

const DATE = /^\d{4}-\d{2}-\d{2}$/

export const scopeOf = (access: AdminAccess): OrgScope => (access.dataScope === 'all' ? null : access.organizationIds)
export const clean = (s: string | null | undefined) => (s ?? '').trim()
export const fileList = (xs: string[] | undefined, field: string) => {
  const list = [...new Set((xs ?? []).map((x) => x.trim()).filter(Boolean))]
  if (list.length > COMPETITION_LIMITS.attachments) throw paramError(field)
  return list
}
export function dateOrNull(v: string | null | undefined, field: string): string | null {
  const s = clean(v)
  if (!s) return null
  if (!DATE.test(s) || Number.isNaN(Date.parse(s))) throw paramError(field)
  return s
}
