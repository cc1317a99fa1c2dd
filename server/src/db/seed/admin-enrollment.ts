/**
 * Enrolment admin area: the enrolment list and "my talent activity" menus (organizer and
 * operations; buttons approve / edit / export), and once per database a custom-input remark on two
 * seeded enrolments so the list's remark column shows what it is for.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'
import { seedOnce } from './once'

export const ADMIN_ENROLLMENT_MENUS: SeedMenu[] = [
  {
    name: 'activityEnroll',
    path: '/admin/activity/enroll',
    component: 'activity/enroll/list',
    titleZh: '活动管理 › 报名名单',
    titleEn: 'Activities › Enrolments',
    icon: 'SolutionOutlined',
    sort: 44,
    buttons: [{ name: 'approve', zh: '审核', en: 'Approve' }, BTN.edit, BTN.export],
    roles: ['operations', 'organizer'],
  },
  {
    name: 'activityTalent',
    path: '/admin/activity/talent',
    component: 'activity/talent/list',
    titleZh: '活动管理 › 我的达人活动',
    titleEn: 'Activities › Promoted talent',
    icon: 'TeamOutlined',
    sort: 45,
    buttons: [],
    roles: ['operations', 'organizer'],
  },
  {
    // check-in at the door (contracts/ticket.ts CHECKIN_MENU); button 'checkin' scans and undoes
    name: 'activityCheckin',
    path: '/admin/activity/checkin',
    component: 'activity/checkin/list',
    titleZh: '活动管理 › 签到',
    titleEn: 'Activities › Check-in',
    icon: 'ScanOutlined',
    sort: 46,
    buttons: [{ name: 'checkin', zh: '签到', en: 'Check in' }],
    roles: ['operations', 'organizer'],
  },
]

export async function seedAdminEnrollment(db: Kysely<DB>, now: Date, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_ENROLLMENT_MENUS, bump)
  await seedOnce(db, 'admin-enrollment-demo-v1', async (trx) => {
    const rows = await trx.selectFrom('activity_enrollments').select('id').where('user_id', 'is not', null).orderBy('id').limit(2).execute()
    if (!rows.length) return false
    const remarks = ['已电话确认 · Confirmed by phone', '需要发票 · Needs an invoice']
    for (const [i, r] of rows.entries()) {
      await trx.updateTable('activity_enrollments').set({ admin_remark: remarks[i], updated_at: now.toISOString() }).where('id', '=', r.id).where('admin_remark', 'is', null).execute()
      bump('enrollmentRemarks')
    }
  })
}
