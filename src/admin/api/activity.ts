/** Activity area: the manager list and its row actions, and the publish steps' load and save. */
import {
  ADMIN_ACTIVITY_API as A,
  type AdminActivityDetail,
  type AdminActivityItem,
  type AdminActivityOptions,
  type AdminActivitySaveBody,
  type AdminActivityShare,
} from '@contracts/admin-activity'
import { del, get, lister, post } from './client'

export { departmentTree } from './system'

// ---- manager ----
export const listActivities = lister<AdminActivityItem>(A.list)
/** the manager's switch: on publishes what is stored (validated like publish), off goes back to draft */
export const setActivityPublished = (id: number, on: boolean) => post(on ? A.republish : A.unpublish, { id })
export const setActivityHot = (id: number, isHot: boolean) => post(A.hot, { id, isHot })
export const setActivityDepartment = (id: number, departmentId: number | null) => post(A.department, { id, departmentId })
/** the consumer link and its QR code for this host */
export const activityShare = (id: number, origin: string) => get<AdminActivityShare>(A.share, { id, origin })
export const deleteActivity = (id: number) => del(A.delete, { id })

// ---- publish steps ----
export const activityOptions = () => get<AdminActivityOptions>(A.options)
export const activityDetail = (id: number) => get<AdminActivityDetail>(A.detail, { id })
/** a new draft (no id) or a saved step (id) */
export const saveActivity = (body: AdminActivitySaveBody) => post<{ id: number }>(body.id ? A.save : A.add, body)
/** save the given fields and publish (everything validated) */
export const publishActivity = (body: AdminActivitySaveBody & { id: number }) => post<{ id: number }>(A.publish, body)
