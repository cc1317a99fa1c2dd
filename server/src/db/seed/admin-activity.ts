/**
 * Activity admin area: the manager list and publish menus (organizer and operations; the hot
 * flag for operations only), and once per database a department setting on one activity of the
 * organisation that has a department, so the manager list's department column shows what it is for.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'
import { seedOnce } from './once'

const HOT = { name: 'hot', zh: '热门', en: 'Hot' }
const SHARE = { name: 'share', zh: '分享', en: 'Share' }
const DEPARTMENT = { name: 'department', zh: '部门设置', en: 'Department' }

const MANAGER = {
  name: 'activityManager',
  path: '/admin/activity/manager',
  component: 'activity/manager/list',
  titleZh: '活动管理 › 活动列表',
  titleEn: 'Activities › Manager',
  icon: 'CalendarOutlined',
  sort: 42,
} as const

export const ADMIN_ACTIVITY_MENUS: SeedMenu[] = [
  { ...MANAGER, buttons: [BTN.add, BTN.edit, BTN.delete, BTN.publish, SHARE, DEPARTMENT], roles: ['operations', 'organizer'] },
  // the same menu again: its hot button is created (and granted) for operations only
  { ...MANAGER, buttons: [HOT], roles: ['operations'] },
  { name: 'activityPublish', path: '/admin/activity/publish', component: 'activity/publish/index', titleZh: '活动管理 › 发布活动', titleEn: 'Activities › Publish', icon: 'ProjectOutlined', sort: 43, buttons: [BTN.add, BTN.edit, BTN.publish], roles: ['operations', 'organizer'] },
]

export async function seedAdminActivity(db: Kysely<DB>, now: Date, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_ACTIVITY_MENUS, bump)
  await seedOnce(db, 'admin-activity-demo-v1', async (trx) => {
    const dept = await trx.selectFrom('organizations').select(['id', 'pid']).where('pid', '!=', 0).orderBy('id').executeTakeFirst()
    if (!dept) return false
    const activity = await trx
      .selectFrom('activities')
      .select('id')
      .where('organization_id', '=', dept.pid)
      .where('status', '=', 'published')
      .where('department_id', 'is', null)
      .orderBy('id')
      .executeTakeFirst()
    if (!activity) return false
    await trx.updateTable('activities').set({ department_id: dept.id, updated_at: now.toISOString() }).where('id', '=', activity.id).execute()
    bump('activityDepartments')
  })
}
