/**
 * What the "download my data" page shows for each request, apart from its markup (unit-tested on its
 * own): the state line (preparing / ready until … / failed / expired), whether the file can be fetched,
 * and whether the person may ask again today (the server allows one request a day: 674 on a second).
 */
import type { DataExport } from '@contracts/privacy'
import { formatDateTime } from '../../shared/format'
// this part of the texts travels with the pages that use it (mini-program: not in the main package)
import '../../shared/i18n/sections/data-export'

export interface ExportStateView {
  /** i18n key under dataExport.state */
  key: string
  params: Record<string, string>
  tone: 'ok' | 'wait' | 'off'
  downloadable: boolean
}

/** a ready file past its `expiresAt` reads as expired even before the list is fetched again */
export function exportStateView(e: DataExport, now: Date = new Date()): ExportStateView {
  const expired = e.state === 'expired' || (e.state === 'ready' && !!e.expiresAt && new Date(e.expiresAt).getTime() <= now.getTime())
  if (expired) return { key: 'dataExport.state.expired', params: {}, tone: 'off', downloadable: false }
  if (e.state === 'ready') return { key: 'dataExport.state.ready', params: { date: formatDateTime(e.expiresAt) }, tone: 'ok', downloadable: true }
  if (e.state === 'failed') return { key: 'dataExport.state.failed', params: {}, tone: 'off', downloadable: false }
  return { key: 'dataExport.state.pending', params: {}, tone: 'wait', downloadable: false }
}

/** Whether the person already asked on the server's day: one request per UTC date, whatever became of it. */
export function askedToday(list: DataExport[] | null, now: Date = new Date()): boolean {
  if (!list) return false
  const today = now.toISOString().slice(0, 10)
  return list.some((e) => new Date(e.requestedAt).toISOString().slice(0, 10) === today)
}

/** "12.3 KB" / "1.2 MB" for a ready file's size */
export function fileSize(bytes: number | null): string {
  if (!bytes || bytes < 0) return ''
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
