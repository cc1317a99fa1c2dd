/** Enrolment area: one activity's enrolments (approval, answers, remark, the Excel export) and the promoters' talent view. */
import {
  ADMIN_ENROLL_API as E,
  ADMIN_TALENT_API as T,
  type AdminEnrollActivity,
  type AdminEnrollItem,
  type AdminTalentDetail,
} from '@contracts/admin-enrollment'
import type { EnrollAnswers, EnrollmentStatus } from '@contracts/enrollment'
import { download, saveFile } from './transfer'
import { get, lister, post } from './client'

const XLSX = 'spreadsheetml'

export const listEnrollActivities = lister<AdminEnrollActivity>(E.activities)
export const listEnrollments = lister<AdminEnrollItem>(E.list)
export const setEnrollmentStatus = (id: number, status: EnrollmentStatus, reason?: string) => post<AdminEnrollItem>(E.status, { id, status, ...(reason?.trim() ? { reason: reason.trim() } : {}) })
/** silent: the answers editor shows a 301 on the field it names and any other refusal itself */
export const updateEnrollmentAnswers = (id: number, answers: EnrollAnswers) => post<AdminEnrollItem>(E.update, { id, answers }, true)
export const updateEnrollmentRemark = (id: number, remark: string) => post<AdminEnrollItem>(E.remark, { id, remark })
export const enrollmentTalent = (enrollmentId: number) => get<AdminTalentDetail>(E.talent, { enrollmentId })

/** Download the filtered enrolments as .xlsx (the labels in `lang`) and save it; resolves with the file name. */
export async function exportEnrollments(query: { activityId: number; status?: string; keyword?: string }, lang: 'zh' | 'en'): Promise<string> {
  const file = await download(E.export, query, { header: { lang }, filename: `enrollments-${query.activityId}.xlsx` })
  if (!file.type.includes(XLSX)) throw new Error(`export answered ${file.type}`)
  saveFile(file)
  return file.filename
}

// ---- the promoters' talent view ----
export const listTalentActivities = lister<AdminEnrollActivity>(T.activities)
export const listTalentEnrollments = lister<AdminEnrollItem>(T.list)
export const talentDetail = (enrollmentId: number) => get<AdminTalentDetail>(T.detail, { enrollmentId })
