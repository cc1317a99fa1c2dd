/**
 * Content admin: the talents, jobs and premium places menus (operations), and the activity manager's
 * notice buttons — "send notice" and "send history" — for the organizers and operations staff who
 * manage activities (buttons are granted when first created, so this reaches existing databases too).
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { CONTENT_MENUS } from '@contracts/admin-site'
import { ACTIVITY_NOTICE_BUTTONS } from '@contracts/notice'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'
import { ADMIN_ACTIVITY_MENUS } from './admin-activity'
import { CRUD, menu } from './admin-site'

/** `content/<key>/list` = CONTENT_MENUS[key] */
const content = (name: string, key: keyof typeof CONTENT_MENUS, zh: string, en: string, icon: string, sort: number, buttons = CRUD) =>
  menu(name, key, zh, en, icon, sort, buttons, 'content')

const manager = ADMIN_ACTIVITY_MENUS[0]

export const ADMIN_CONTENT_MENUS: SeedMenu[] = [
  content('contentTalent', 'talent', '人才风采', 'Talents', 'TeamOutlined', 68),
  content('contentJob', 'job', '平台职位', 'Jobs', 'ProfileOutlined', 69, [BTN.add, BTN.edit, BTN.delete, BTN.publish]),
  content('contentPlace', 'place', '精选地区', 'Premium places', 'BankOutlined', 70),
  {
    ...manager,
    buttons: [
      { name: ACTIVITY_NOTICE_BUTTONS.send, zh: '发送通知', en: 'Send notice' },
      { name: ACTIVITY_NOTICE_BUTTONS.history, zh: '发送记录', en: 'Send history' },
    ],
    roles: ['operations', 'organizer'],
  },
]

export async function seedAdminContent(db: Kysely<DB>, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_CONTENT_MENUS, bump)
}
