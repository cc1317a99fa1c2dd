import type { Generated } from 'kysely'
/** Analysis: detail-page views per activity per UTC hour (2026-11-24-0018-analysis). */
export interface ActivityViewHoursTable {
  activity_id: number
  /** 'YYYY-MM-DDTHH' (UTC) */
  hour: string
  views: number
}

/** one changed row the dashboard counts (migration 2026-11-27-0020-analysis-changes) */
export interface AnalysisChangesTable {
  seq: Generated<number>
  /** e: an enrolment (ref_id = its id), a: an activity (its id), v: a view tally (activity id and hour) */
  kind: 'e' | 'a' | 'v'
  ref_id: number
  hour: string | null
}

export interface AnalysisTables {
  activity_view_hours: ActivityViewHoursTable
  analysis_changes: AnalysisChangesTable
}
