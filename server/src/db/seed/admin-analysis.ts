/**
 * Analysis area: the dashboard menu for operations (all figures, organisation filter) and organizers
 * (their organisations' figures, enforced by the service's data scope); button 'export' for the cards'
 * files.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'

export const ADMIN_ANALYSIS_MENUS: SeedMenu[] = [
  {
    name: 'analysis',
    path: '/admin/analysis',
    component: 'analysis/index',
    titleZh: '数据分析',
    titleEn: 'Analysis',
    icon: 'BarChartOutlined',
    sort: 2,
    buttons: [BTN.export],
    roles: ['operations', 'organizer'],
  },
]

export async function seedAdminAnalysis(db: Kysely<DB>, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_ANALYSIS_MENUS, bump)
}
