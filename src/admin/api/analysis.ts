/** Analysis area: the dashboard's cards, its pickers, the admin home's figures, and a card's data saved as CSV. */
import {
  ADMIN_ANALYSIS_API as A,
  type AdminHomeFigures,
  type AnalysisBox,
  type AnalysisCountry,
  type AnalysisDaySeries,
  type AnalysisEnrolment,
  type AnalysisOption,
  type AnalysisQuery,
  type AnalysisSevenDay,
  type AnalysisTopActivity,
  type AnalysisTotals,
} from '@contracts/analysis'
import { saveFile } from './transfer'
import { get, post } from './client'

const q = (query: AnalysisQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== null))

export const analysisTotal = (query: AnalysisQuery) => get<AnalysisTotals>(A.total, q(query))
export const analysisBox = (query: AnalysisQuery) => get<AnalysisBox>(A.box, q(query))
export const analysisDay = (query: AnalysisQuery) => get<AnalysisDaySeries>(A.day, q(query))
export const analysisSevenDay = (query: AnalysisQuery) => get<AnalysisSevenDay>(A.sevenDay, q(query))
export const analysisCountry = (query: AnalysisQuery) => get<AnalysisCountry>(A.country, q(query))
export const analysisEnrolment = (query: AnalysisQuery) => get<AnalysisEnrolment>(A.enrolment, q(query))
export const analysisTop = (query: AnalysisQuery) => get<AnalysisTopActivity[]>(A.top, q(query))
export const analysisActivities = (keyword = '') => get<AnalysisOption[]>(A.activities, keyword ? { keyword } : {})
export const analysisOrganizations = () => get<AnalysisOption[]>(A.organizations)
export const adminHomeFigures = (tz?: string) => get<AdminHomeFigures>(A.home, tz ? { tz } : {})

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v)
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** rows → CSV (UTF-8 with a BOM so Excel reads Chinese) saved as `filename`; returns the text */
export function saveCsv(filename: string, head: string[], rows: unknown[][]): string {
  const text = [head, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')
  saveFile({ blob: new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), filename, type: 'text/csv' })
  return text
}

/** the audit log's record of a card's CSV (the server answers 200 before the file may be saved) */
export const recordCsvExport = (card: string, range: string, rows: number) => post<null>(A.exportRecord, { card, range, rows })
