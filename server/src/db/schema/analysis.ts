/** Analysis: detail-page views per activity per UTC hour (2026-11-24-0018-analysis). */
export interface ActivityViewHoursTable {
  activity_id: number
  /** 'YYYY-MM-DDTHH' (UTC) */
  hour: string
  views: number
}

export interface AnalysisTables {
  activity_view_hours: ActivityViewHoursTable
}
