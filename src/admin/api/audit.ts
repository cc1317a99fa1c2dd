/** Audit log: the read-only list and its Excel export (the export is itself audited by the server). */
import { ADMIN_AUDIT_API as A, type AuditEntry, type AuditQuery } from '@contracts/audit'
import { download, saveFile, type TransferQuery } from './transfer'
import { lister } from './client'

export const listAudit = lister<AuditEntry>(A.list)

/** Download the filtered rows as .xlsx (labels in `lang`) and save it; resolves with the file name. */
export async function exportAudit(query: Omit<AuditQuery, 'page' | 'pageSize'>, lang: 'zh' | 'en'): Promise<string> {
  const file = await download(A.export, query as TransferQuery, { header: { lang }, filename: 'audit-log.xlsx' })
  if (!file.type.includes('spreadsheetml')) throw new Error(`export answered ${file.type}`)
  saveFile(file)
  return file.filename
}
