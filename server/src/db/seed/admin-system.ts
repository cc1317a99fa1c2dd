/** System admin area: this area's admin menus (admin-menus.ts) and, once per database, its demo rows. */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'

const FORBID = { name: 'forbid', zh: '禁用', en: 'Forbid' }
const INVITE = { name: 'invite', zh: '邀请链接', en: 'Invitation link' }

/**
 * The base system menus live in base-data.ts (MENUS); declaring them here again only adds
 * buttons they lack on databases seeded before (seedAdminMenus never re-creates a menu or re-grants).
 */
export const ADMIN_SYSTEM_MENUS: SeedMenu[] = [
  { name: 'systemUser', path: '/admin/system/user', component: 'system/user/list', titleZh: '系统管理 › 管理员用户', titleEn: 'System › Admin users', icon: 'TeamOutlined', sort: 10, buttons: [BTN.add, BTN.edit, BTN.delete, FORBID], roles: ['operations'] },
  { name: 'systemCuser', path: '/admin/system/cuser', component: 'system/cuser/list', titleZh: '系统管理 › 消费者用户', titleEn: 'System › Consumer users', icon: 'UserOutlined', sort: 11, buttons: [FORBID], roles: ['operations'] },
  { name: 'systemRole', path: '/admin/system/role', component: 'system/role/list', titleZh: '系统管理 › 角色管理', titleEn: 'System › Roles', icon: 'SafetyOutlined', sort: 12, buttons: [BTN.add, BTN.edit, BTN.delete], roles: ['operations'] },
  { name: 'systemMenu', path: '/admin/system/menu', component: 'system/menu/list', titleZh: '系统管理 › 菜单管理', titleEn: 'System › Menus', icon: 'MenuOutlined', sort: 13, buttons: [BTN.add, BTN.edit, BTN.delete], roles: ['operations'] },
  { name: 'systemOuser', path: '/admin/system/ouser', component: 'system/ouser/list', titleZh: '系统管理 › 机构用户', titleEn: 'System › Organisation users', icon: 'ApartmentOutlined', sort: 14, buttons: [BTN.edit, INVITE], roles: ['operations'] },
]

export async function seedAdminSystem(db: Kysely<DB>, _now: Date, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_SYSTEM_MENUS, bump)
}
