/**
 * Idempotent seed: creates what is missing, never overwrites what exists (so edits made in the admin
 * survive restarts). Permissions are granted only when a role or a menu is first created.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { hashPassword } from '../../lib/password'
import { currentPolicyVersions, insertConsent } from '../consents'
import {
  ACTIVITIES,
  DEMO_PASSWORD,
  DEPARTMENTS,
  HOT_SEARCH,
  MENUS,
  ORGANIZATIONS,
  ROLES,
  SITE_SETTINGS,
  OLD_SITE_SETTINGS,
  SITE_TEXTS,
  USERS,
} from './base-data'
import { seedContent } from './content'
import { repairEmptyVideos, repairEnglishQuotes, repairGeneratedContent } from './content-repairs'
import { seedEnrollment } from './enrollment'
import { seedAttendees } from './attendees'
import { seedFavorites } from './favorites'
import { seedChat } from './chat'
import { seedEngagement } from './engagement'
import { seedAdminSystem } from './admin-system'
import { seedAdminDictionary } from './admin-dictionary'
import { seedAdminCms } from './admin-cms'
import { seedAdminSite } from './admin-site'
import { seedAdminActivity } from './admin-activity'
import { seedAdminEnrollment } from './admin-enrollment'
import { seedTicketCodes } from './tickets'
import { seedAdminContent } from './admin-content'
import { seedAdminAnalysis } from './admin-analysis'
import { seedAdminAudit } from './admin-audit'
import { seedRaffle } from './raffle'
import { seedAdminCompetition } from './admin-competition'

export interface SeedOptions {
  now?: Date
  log?: (msg: string) => void
}

export interface SeedReport {
  created: Record<string, number>
}

function tzLabel(hours: number): string {
  const sign = hours < 0 ? '-' : '+'
  return `UTC${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`
}

export async function seed(db: Kysely<DB>, options: SeedOptions = {}): Promise<SeedReport> {
  const now = options.now ?? new Date()
  const ts = now.toISOString()
  const created: Record<string, number> = {}
  const bump = (k: string) => (created[k] = (created[k] ?? 0) + 1)

  await db.transaction().execute(async (trx) => {
    // organisations (matched by Chinese name)
    const orgIds: Record<string, number> = {}
    for (const o of ORGANIZATIONS) {
      const found = await trx.selectFrom('organizations').select('id').where('name_zh', '=', o.nameZh).executeTakeFirst()
      if (found) orgIds[o.key] = found.id
      else {
        const r = await trx
          .insertInto('organizations')
          .values({ pid: 0, name_zh: o.nameZh, name_en: o.nameEn, logo_url: null, intro_zh: o.introZh, intro_en: o.introEn, website: o.website, created_at: ts, updated_at: ts })
          .returning('id')
          .executeTakeFirstOrThrow()
        orgIds[o.key] = r.id
        bump('organizations')
      }
    }
    for (const d of DEPARTMENTS) {
      const pid = orgIds[d.parent]
      const found = await trx.selectFrom('organizations').select('id').where('name_zh', '=', d.nameZh).where('pid', '=', pid).executeTakeFirst()
      if (!found) {
        await trx
          .insertInto('organizations')
          .values({ pid, name_zh: d.nameZh, name_en: d.nameEn, logo_url: null, intro_zh: null, intro_en: null, website: null, created_at: ts, updated_at: ts })
          .execute()
        bump('departments')
      }
    }

    // roles
    const roleIds: Record<string, number> = {}
    const newRoles = new Set<string>()
    for (const r of ROLES) {
      const found = await trx.selectFrom('roles').select('id').where('code', '=', r.code).executeTakeFirst()
      if (found) roleIds[r.code] = found.id
      else {
        const row = await trx
          .insertInto('roles')
          .values({ code: r.code, name_zh: r.nameZh, name_en: r.nameEn, brief: r.brief, data_scope: r.dataScope, created_at: ts, updated_at: ts })
          .returning('id')
          .executeTakeFirstOrThrow()
        roleIds[r.code] = row.id
        newRoles.add(r.code)
        bump('roles')
      }
    }

    // menus and buttons; grants when the role or the menu is new
    const menuIds: Record<string, number> = {}
    for (const m of MENUS) {
      const pid = m.parent ? menuIds[m.parent] : 0
      const found = await trx.selectFrom('menus').select('id').where('name', '=', m.name).executeTakeFirst()
      let menuId: number
      let menuIsNew = false
      if (found) menuId = found.id
      else {
        const row = await trx
          .insertInto('menus')
          .values({ pid, path: m.path, name: m.name, title_zh: m.titleZh, title_en: m.titleEn, component: m.component, redirect: m.redirect ?? null, icon: m.icon, sort: m.sort })
          .returning('id')
          .executeTakeFirstOrThrow()
        menuId = row.id
        menuIsNew = true
        bump('menus')
      }
      menuIds[m.name] = menuId
      const grantTo = m.roles.filter((code) => menuIsNew || newRoles.has(code))
      for (const code of grantTo) {
        const exists = await trx.selectFrom('role_menus').select('menu_id').where('role_id', '=', roleIds[code]).where('menu_id', '=', menuId).executeTakeFirst()
        if (!exists) await trx.insertInto('role_menus').values({ role_id: roleIds[code], menu_id: menuId }).execute()
      }
      for (const b of m.buttons) {
        const foundB = await trx.selectFrom('menu_buttons').select('id').where('menu_id', '=', menuId).where('name', '=', b.name).executeTakeFirst()
        let buttonId: number
        let buttonIsNew = false
        if (foundB) buttonId = foundB.id
        else {
          const row = await trx
            .insertInto('menu_buttons')
            .values({ menu_id: menuId, name: b.name, title_zh: b.zh, title_en: b.en })
            .returning('id')
            .executeTakeFirstOrThrow()
          buttonId = row.id
          buttonIsNew = true
          bump('buttons')
        }
        for (const code of m.roles.filter((c) => buttonIsNew || newRoles.has(c))) {
          const exists = await trx.selectFrom('role_buttons').select('button_id').where('role_id', '=', roleIds[code]).where('button_id', '=', buttonId).executeTakeFirst()
          if (!exists) await trx.insertInto('role_buttons').values({ role_id: roleIds[code], button_id: buttonId }).execute()
        }
      }
    }

    // demo people (password untouched when they exist)
    for (const u of USERS) {
      let user = await trx.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirst()
      if (!user) {
        user = await trx
          .insertInto('users')
          .values({
            email: u.email,
            password_hash: await hashPassword(DEMO_PASSWORD),
            nick_name: u.nickName,
            avatar_url: null,
            phone: null,
            lang: null,
            is_promoter: u.isPromoter ? 1 : 0,
            real_name: u.realName ?? null,
            failed_login_window_start: null,
            frozen_until: null,
            created_at: ts,
            updated_at: ts,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        bump('users')
      }
      // the demo people have agreed to the User Agreement and Privacy Policy in force (user_consents)
      const agreed = await trx.selectFrom('user_consents').select('id').where('user_id', '=', user.id).executeTakeFirst()
      if (!agreed) await insertConsent(trx, { userId: user.id, versions: await currentPolicyVersions(trx), channel: 'email', kind: 'register', now: ts })
      for (const a of u.accounts) {
        const exists = await trx.selectFrom('user_accounts').select('id').where('user_id', '=', user.id).where('kind', '=', a.kind).executeTakeFirst()
        if (!exists) {
          await trx
            .insertInto('user_accounts')
            .values({
              user_id: user.id,
              kind: a.kind,
              organization_id: a.organization ? orgIds[a.organization] : null,
              role_id: a.role ? roleIds[a.role] : null,
              expires_at: null,
              created_at: ts,
              updated_at: ts,
            })
            .execute()
          bump('accounts')
        }
      }
    }

    // activities, relative to the day of the first seed
    const day0 = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
    for (const a of ACTIVITIES) {
      const found = await trx.selectFrom('activities').select('id').where('title_zh', '=', a.titleZh).executeTakeFirst()
      if (found) continue
      const start = new Date(day0 + a.dayOffset * 86400000 + (a.localHour - a.tz) * 3600000)
      const end = new Date(start.getTime() + a.hours * 3600000)
      const detailZh = `活动时间以当地时间（${tzLabel(a.tz)}）为准。欢迎海外学子、青年学者和行业人才报名参加，现场将提供一对一咨询与政策解读。名额有限，报满即止。`
      const detailEn = `Times are local (${tzLabel(a.tz)}). Overseas students, young scholars and industry professionals are welcome; one-to-one consultation and policy briefings are offered. Places are limited.`
      await trx
        .insertInto('activities')
        .values({
          title_zh: a.titleZh,
          title_en: a.titleEn,
          summary_zh: a.summaryZh,
          summary_en: a.summaryEn,
          detail_zh: detailZh,
          detail_en: detailEn,
          type: a.type,
          poster_url: `/static/posters/${a.cityEn.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
          banner_url: null,
          start_time: start.toISOString(),
          end_time: end.toISOString(),
          time_zone: tzLabel(a.tz),
          country: a.country,
          city_zh: a.cityZh,
          city_en: a.cityEn,
          organization_id: orgIds[a.organization],
          people_count: a.people,
          enrolled_count: a.enrolled,
          status: a.draft ? 'draft' : 'published',
          is_hot: a.hot ? 1 : 0,
          published_at: a.draft ? null : ts,
          created_at: ts,
          updated_at: ts,
        })
        .execute()
      bump('activities')
    }

    for (const [key, value] of Object.entries(SITE_SETTINGS)) {
      const found = await trx.selectFrom('site_settings').select('key').where('key', '=', key).executeTakeFirst()
      if (!found) {
        await trx.insertInto('site_settings').values({ key, value, updated_at: ts }).execute()
        bump('settings')
      }
    }
    for (const [key, old] of Object.entries(OLD_SITE_SETTINGS)) {
      const r = await trx.updateTable('site_settings').set({ value: SITE_SETTINGS[key], updated_at: ts }).where('key', '=', key).where('value', '=', old).executeTakeFirst()
      if (Number(r.numUpdatedRows) > 0) bump('settingsRepaired')
    }
    for (const t of SITE_TEXTS) {
      const found = await trx.selectFrom('site_texts').select('code').where('code', '=', t.code).executeTakeFirst()
      if (!found) {
        await trx
          .insertInto('site_texts')
          .values({ code: t.code, title_zh: t.titleZh, title_en: t.titleEn, content_zh: t.contentZh, content_en: t.contentEn, updated_at: ts })
          .execute()
        bump('texts')
      }
    }
    for (const h of HOT_SEARCH) {
      const found = await trx.selectFrom('hot_search').select('id').where('title', '=', h.title).executeTakeFirst()
      if (found) continue
      const relationId = 'organization' in h ? orgIds[h.organization] : h.relationId
      await trx
        .insertInto('hot_search')
        .values({ search_module_code: h.module, relation_id: relationId, title: h.title, poster_url: null, sort: h.sort })
        .execute()
      bump('hotSearch')
    }
  })

  // each file below seeds one area (see its header); the order matters where an area uses another's rows
  await seedContent(db, now, bump) // dictionaries, activities, topics, policies …
  await repairGeneratedContent(db, bump)
  await repairEmptyVideos(db, bump)
  await repairEnglishQuotes(db, bump)
  await seedEnrollment(db, bump) // after the activities: forms, the demo promoter's code, seat counters
  await seedFavorites(db, now, bump)
  await seedAttendees(db, now, bump) // the people behind every enrolment and follower counter; counters set from rows
  await seedEngagement(db, now, bump)
  await seedChat(db, bump)
  await seedAdminSystem(db, now, bump)
  await seedAdminDictionary(db, now, bump)
  await seedAdminCms(db, now, bump)
  await seedAdminSite(db, now, bump)
  await seedAdminActivity(db, now, bump)
  await seedAdminEnrollment(db, now, bump)
  await seedAdminContent(db, bump)
  await seedAdminAnalysis(db, bump)
  await seedAdminAudit(db, bump)
  await seedRaffle(db, now, bump)
  await seedAdminCompetition(db, now, bump)
  await seedTicketCodes(db, bump) // last: the enrolments every step above made get their ticket codes

  const summary = Object.entries(created).map(([k, v]) => `${k} +${v}`).join(', ')
  options.log?.(summary ? `seed: created ${summary}` : 'seed: nothing to do (already seeded)')
  return { created }
}
