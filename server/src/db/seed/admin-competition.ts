/**
 * Competition admin area: competitions and parks with the project search list (operations), the projects,
 * their requirements and visits (operations and organizers; organizers' data scope is their organisation).
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'
import { COMPETITION_BUTTONS, COMPETITION_COMPONENTS as C, COMPETITION_PATHS as P } from '../../../../src/shared/contracts/admin-competition'

const LINK = { name: COMPETITION_BUTTONS.link, zh: '关联', en: 'Link' }
const SHARE = { name: COMPETITION_BUTTONS.share, zh: '分享', en: 'Share' }
const STATUS = { name: COMPETITION_BUTTONS.status, zh: '变更状态', en: 'Change status' }

export const ADMIN_COMPETITION_MENUS: SeedMenu[] = [
  {
    name: 'competitionList',
    path: P.list,
    component: C.list,
    titleZh: '大赛与园区 › 大赛与园区',
    titleEn: 'Competition › Competitions & parks',
    icon: 'TrophyOutlined',
    sort: 60,
    buttons: [BTN.add, BTN.edit, BTN.delete, BTN.publish, LINK, SHARE],
    roles: ['operations'],
  },
  {
    name: 'competitionProjectSearch',
    path: P.projectSearch,
    component: C.projectSearch,
    titleZh: '大赛与园区 › 项目检索',
    titleEn: 'Competition › Project search',
    icon: 'ProfileOutlined',
    sort: 61,
    buttons: [],
    roles: ['operations'],
  },
  {
    name: 'projectList',
    path: P.projects,
    component: C.projects,
    titleZh: '项目管理 › 项目列表',
    titleEn: 'Projects › Project list',
    icon: 'ProjectOutlined',
    sort: 62,
    buttons: [BTN.add, BTN.edit, BTN.delete, BTN.publish],
    roles: ['operations', 'organizer'],
  },
  {
    name: 'projectRequirement',
    path: P.requirements,
    component: C.requirements,
    titleZh: '项目管理 › 需求跟踪',
    titleEn: 'Projects › Requirements',
    icon: 'AuditOutlined',
    sort: 63,
    buttons: [BTN.add, BTN.edit, BTN.delete, STATUS],
    roles: ['operations', 'organizer'],
  },
  {
    name: 'projectVisit',
    path: P.visits,
    component: C.visits,
    titleZh: '项目管理 › 走访记录',
    titleEn: 'Projects › Visits',
    icon: 'FieldTimeOutlined',
    sort: 64,
    buttons: [BTN.add, BTN.edit, BTN.delete],
    roles: ['operations', 'organizer'],
  },
]

export async function seedAdminCompetition(db: Kysely<DB>, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_COMPETITION_MENUS, bump)
}
