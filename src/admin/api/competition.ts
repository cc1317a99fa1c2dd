/** Competition area: competitions and parks (banners, linked activities, participating projects, share), projects, requirements, visits. */
import {
  COMPETITION_API as C,
  PROJECT_API as P,
  type ActivityCandidate,
  type AdminCompetitionDetail,
  type AdminCompetitionInput,
  type AdminCompetitionRow,
  type AdminLinkedActivity,
  type AdminProjectDetail,
  type AdminProjectInput,
  type AdminProjectRow,
  type AdminRequirementInput,
  type AdminRequirementRow,
  type AdminVisitInput,
  type AdminVisitRow,
  type ProjectOptions,
  type RequirementHistoryItem,
  type RequirementStatus,
} from '@contracts/admin-competition'
import { del, get, lister, post, unwrap } from './client'

// ---- competitions and parks ----
export const listCompetitions = lister<AdminCompetitionRow>(C.list)
export const competitionDetail = (id: number) => get<AdminCompetitionDetail>(C.detail, { id })
export const saveCompetition = (body: AdminCompetitionInput & { id?: number }) => post<AdminCompetitionDetail>(body.id ? C.update : C.add, body)
export const publishCompetition = (id: number, publish: boolean) => post(C.publish, { id, publish })
export const deleteCompetition = (id: number) => del(C.delete, { id })
export const competitionShare = (id: number) => get<{ url: string; qrDataUrl: string }>(C.share, { id })

// ---- linked activities: the select-item dialog ----
export const linkedActivities = (competitionId: number) => get<AdminLinkedActivity[]>(C.activities, { competitionId })
export const listActivityCandidates = lister<ActivityCandidate>(C.activityCandidates)
/** 626 when one of them is linked to another competition (nothing is linked then) */
export const linkActivities = (competitionId: number, activityIds: number[]) => post<AdminLinkedActivity[]>(C.activityLink, { competitionId, activityIds })
export const unlinkActivity = (competitionId: number, activityId: number) => post<AdminLinkedActivity[]>(C.activityUnlink, { competitionId, activityId })
export const orderActivities = (competitionId: number, activityIds: number[]) => post<AdminLinkedActivity[]>(C.activityOrder, { competitionId, activityIds })

// ---- participating projects, project search ----
export const competitionProjects = (competitionId: number) => get<AdminProjectRow[]>(C.projects, { competitionId })
export const linkProjects = (competitionId: number, projectIds: number[]) => post<AdminProjectRow[]>(C.projectLink, { competitionId, projectIds })
export const unlinkProject = (competitionId: number, projectId: number) => post<AdminProjectRow[]>(C.projectUnlink, { competitionId, projectId })
export const searchProjects = lister<AdminProjectRow>(C.projectSearch)

// ---- projects ----
export const listProjects = lister<AdminProjectRow>(P.list)
export const projectOptions = unwrap(() => get<ProjectOptions>(P.options))
export const projectDetail = (id: number) => get<AdminProjectDetail>(P.detail, { id })
export const saveProject = (body: AdminProjectInput & { id?: number }) => post<AdminProjectDetail>(body.id ? P.update : P.add, body)
export const publishProject = (id: number, publish: boolean) => post(P.publish, { id, publish })
/** 629 while it takes part in a competition or park */
export const deleteProject = (id: number) => del(P.delete, { id })

// ---- requirements ----
export const listRequirements = lister<AdminRequirementRow>(P.requirementList)
export const saveRequirement = (body: AdminRequirementInput & { id?: number }) => post<AdminRequirementRow>(body.id ? P.requirementUpdate : P.requirementAdd, body)
export const deleteRequirement = (id: number) => del(P.requirementDelete, { id })
/** 628 when the change is not allowed (met and closed are final) */
export const setRequirementStatus = (id: number, status: RequirementStatus, note?: string) => post<AdminRequirementRow>(P.requirementStatus, { id, status, note })
export const requirementHistory = (id: number) => get<RequirementHistoryItem[]>(P.requirementHistory, { id })

// ---- visits ----
export const listVisits = lister<AdminVisitRow>(P.visitList)
export const visitDetail = (id: number) => get<AdminVisitRow>(P.visitDetail, { id })
export const saveVisit = (body: AdminVisitInput & { id?: number }) => post<AdminVisitRow>(body.id ? P.visitUpdate : P.visitAdd, body)
export const deleteVisit = (id: number) => del(P.visitDelete, { id })
