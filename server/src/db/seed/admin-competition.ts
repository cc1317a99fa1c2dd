/**
 * Competition admin area: competitions and parks with the project search list (operations), the projects,
 * their requirements and visits (operations and organizers; organizers' data scope is their organisation).
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'
import { seedOnce } from './once'
import { COMPETITION_BUTTONS, COMPETITION_COMPONENTS as C, COMPETITION_PATHS as P } from '@contracts/admin-competition'

const LINK = { name: COMPETITION_BUTTONS.link, zh: '关联', en: 'Link' }
const SHARE = { name: COMPETITION_BUTTONS.share, zh: '分享', en: 'Share' }
const STATUS = { name: COMPETITION_BUTTONS.status, zh: '变更状态', en: 'Change status' }

export const ADMIN_COMPETITION_MENUS: SeedMenu[] = [
  { name: 'competitionList', path: P.list, component: C.list, titleZh: '大赛与园区 › 大赛与园区', titleEn: 'Competition › Competitions & parks', icon: 'TrophyOutlined', sort: 60, buttons: [BTN.add, BTN.edit, BTN.delete, BTN.publish, LINK, SHARE], roles: ['operations'] },
  { name: 'competitionProjectSearch', path: P.projectSearch, component: C.projectSearch, titleZh: '大赛与园区 › 项目检索', titleEn: 'Competition › Project search', icon: 'ProfileOutlined', sort: 61, buttons: [], roles: ['operations'] },
  { name: 'projectList', path: P.projects, component: C.projects, titleZh: '项目管理 › 项目列表', titleEn: 'Projects › Project list', icon: 'ProjectOutlined', sort: 62, buttons: [BTN.add, BTN.edit, BTN.delete, BTN.publish], roles: ['operations', 'organizer'] },
  { name: 'projectRequirement', path: P.requirements, component: C.requirements, titleZh: '项目管理 › 需求跟踪', titleEn: 'Projects › Requirements', icon: 'AuditOutlined', sort: 63, buttons: [BTN.add, BTN.edit, BTN.delete, STATUS], roles: ['operations', 'organizer'] },
  { name: 'projectVisit', path: P.visits, component: C.visits, titleZh: '项目管理 › 走访记录', titleEn: 'Projects › Visits', icon: 'FieldTimeOutlined', sort: 64, buttons: [BTN.add, BTN.edit, BTN.delete], roles: ['operations', 'organizer'] },
]

const KINDS = ['funding', 'talent', 'technology', 'space', 'policy', 'other'] as const
const DAY = 86_400_000

/**
 * Once per database, so the consumer pages and the tracking views show what they are for: the seeded
 * organisation projects join the competitions (two each), their requirements get kinds, owners and due
 * dates (one overdue, one in progress, with their history), and the first project gets a visit.
 */
export async function seedAdminCompetition(db: Kysely<DB>, now: Date, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_COMPETITION_MENUS, bump)
  await seedOnce(db, 'admin-competition-demo-v1', async (trx) => {
    const [competitions, projects] = await Promise.all([
      trx.selectFrom('competitions').select('id').orderBy('id').execute(),
      trx.selectFrom('org_projects').select(['id', 'organization_id']).where('status', '=', 'published').orderBy('id').execute(),
    ])
    if (!competitions.length || !projects.length) return false
    const ts = now.toISOString()
    const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10)
    for (let i = 0; i < projects.length; i++) {
      const c = competitions[i % competitions.length]
      if (i < competitions.length * 2) {
        await trx.insertInto('competition_projects').values({ competition_id: c.id, project_id: projects[i].id, sort: i, created_at: ts }).onConflict((oc) => oc.doNothing()).execute()
        bump('competitionProjects')
      }
    }
    const requirements = await trx.selectFrom('org_project_requirements').select(['id', 'project_id']).orderBy('id').execute()
    for (let i = 0; i < requirements.length; i++) {
      const r = requirements[i]
      const status = i === 1 ? 'in_progress' : 'open'
      await trx
        .updateTable('org_project_requirements')
        .set({ kind: KINDS[i % KINDS.length], owner: i % 2 ? '李经理' : '张主任', due_date: i === 0 ? day(-7) : day(30 + i * 7), status, status_changed_at: ts, status_changed_by: '海交运营 Haijiao', created_at: ts, updated_at: ts })
        .where('id', '=', r.id)
        .execute()
      await trx.insertInto('org_project_requirement_history').values({ requirement_id: r.id, from_status: null, to_status: 'open', changed_by: '海交运营 Haijiao', changed_at: ts }).execute()
      if (status === 'in_progress') {
        await trx.insertInto('org_project_requirement_history').values({ requirement_id: r.id, from_status: 'open', to_status: 'in_progress', changed_by: '海交运营 Haijiao', changed_at: ts, note: '已对接园区 Matched with the park' }).execute()
      }
    }
    const first = projects[0]
    const visit = await trx
      .insertInto('org_project_visits')
      .values({
        project_id: first.id,
        visited_at: new Date(now.getTime() - 3 * DAY).toISOString(),
        time_zone: 'UTC+08:00',
        visitors: '海交运营 王丽 Wang Li',
        visited_organization_id: first.organization_id,
        notes: '了解项目进展与场地需求。Progress and space needs.',
        outcome: '确认需求，推荐两处园区场地。Needs confirmed; two park sites suggested.',
        next_step: '实地看场地 Site visit',
        next_step_date: day(7),
        created_by: '海交运营 Haijiao',
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const concerned = requirements.filter((r) => r.project_id === first.id).map((r) => ({ visit_id: visit.id, requirement_id: r.id }))
    if (concerned.length) await trx.insertInto('org_project_visit_requirements').values(concerned).execute()
    bump('projectVisits')
  })
}
