/**
 * The audit log: "操作日志 / Audit log" under the system area for operations (every row)
 * and organizers (their organisation's rows, enforced by the audit service); button 'export'.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'
import { AUDIT_MENU } from '@contracts/audit'

export const ADMIN_AUDIT_MENUS: SeedMenu[] = [
  {
    name: 'systemAudit',
    path: '/admin/system/audit',
    component: AUDIT_MENU,
    titleZh: '系统管理 › 操作日志',
    titleEn: 'System › Audit log',
    icon: 'AuditOutlined',
    sort: 19,
    buttons: [BTN.export],
    roles: ['operations', 'organizer'],
  },
]

export async function seedAdminAudit(db: Kysely<DB>, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_AUDIT_MENUS, bump)
}
