/**
 * Demo content: a generator (not a dump) of bilingual demo content, reproducible through a
 * seeded PRNG. Idempotent like the whole seed (index.ts): every row is looked up by a natural key (code or Chinese
 * title) and only created when missing; the foundation's activities and organisations are enriched
 * only while their new columns still hold the migration defaults.
 *
 * Demo enrolments of user@haijiao.demo (for the enrolment button): approved in three upcoming
 * activities and one ended one, pending in one, rejected in one that allows signing up again
 * (register_again) and rejected in one that allows one sign-up only (closed).
 */
import type { Insertable, Kysely, Transaction } from 'kysely'
import type { DB } from '../schema'
import * as D from './content-data'

const DICTIONARIES_MARK = 'dictionaries-v1'

/** mulberry32: small, fast, good enough for demo data */
export function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    sample: <T>(list: readonly T[], n: number): T[] => {
      const copy = [...list]
      const out: T[] = []
      while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0])
      return out
    },
  }
}

export const poster = (slug: string) => `/static/posters/${slug.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60)}.svg`
const json = (v: unknown) => JSON.stringify(v)

export function tzLabel(hours: number): string {
  const sign = hours < 0 ? '-' : '+'
  return `UTC${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`
}

type Trx = Transaction<DB>

interface Titled {
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
}
const titles = (x: Titled) => ({ title_zh: x.titleZh, title_en: x.titleEn, summary_zh: x.summaryZh, summary_en: x.summaryEn })
/** Title and summary in both languages with the generated article body. */
const article = (x: Titled) => ({ ...titles(x), content_zh: D.articleZh(x.titleZh, x.summaryZh), content_en: D.articleEn(x.titleEn, x.summaryEn) })

type ByTitle = 'information' | 'topics' | 'policies' | 'competitions' | 'roadshow_projects' | 'org_projects'
/**
 * The id of the row titled `titleZh`, inserting `row()` first when there is none (`created`). `row` is
 * called for a new row only, so what it draws from the generator is drawn as before for new rows alone.
 */
async function ensureTitled<T extends ByTitle>(trx: Trx, table: T, titleZh: string, row: () => Insertable<DB[T]>): Promise<{ id: number; created: boolean }> {
  // Kysely types no query over a union of tables; every ByTitle table has an id and a title_zh
  const one = table as 'information'
  const found = await trx.selectFrom(one).select('id').where('title_zh', '=', titleZh).executeTakeFirst()
  if (found) return { id: found.id, created: false }
  const r = await trx.insertInto(one).values(row() as Insertable<DB['information']>).returning('id').executeTakeFirstOrThrow()
  return { id: r.id, created: true }
}

export async function seedContent(db: Kysely<DB>, now: Date, bump: (k: string) => void): Promise<void> {
  const ts = now.toISOString()
  const day0 = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const dayIso = (offset: number, hour = 9) => new Date(day0 + offset * 86400000 + hour * 3600000).toISOString()
  const rnd = prng(20261122)

  await db.transaction().execute(async (trx) => {
    // ---- dictionaries: once per database (seed_marks), so an option an operator deletes in the
    // dictionary admin stays deleted at the next start
    const dictionariesSeeded = !!(await trx.selectFrom('seed_marks').select('name').where('name', '=', DICTIONARIES_MARK).executeTakeFirst())
    for (const t of dictionariesSeeded ? [] : D.DICTIONARIES) {
      const found = await trx.selectFrom('dict_types').select('id').where('code', '=', t.code).executeTakeFirst()
      if (!found) {
        await trx.insertInto('dict_types').values({ code: t.code, name_zh: t.nameZh, name_en: t.nameEn, created_at: ts, updated_at: ts }).execute()
        bump('dictTypes')
      }
      let sort = 0
      for (const [code, nameZh, nameEn] of t.items) {
        sort += 1
        const item = await trx.selectFrom('dict_items').select('id').where('type_code', '=', t.code).where('code', '=', code).executeTakeFirst()
        if (item) continue
        await trx
          .insertInto('dict_items')
          .values({ type_code: t.code, code, name_zh: nameZh, name_en: nameEn, internationalize_key: `dict.${t.code}.${code}`, sort, created_at: ts, updated_at: ts })
          .execute()
        bump('dictItems')
      }
    }
    if (!dictionariesSeeded) await trx.insertInto('seed_marks').values({ name: DICTIONARIES_MARK, created_at: ts }).execute()

    // ---- organisations: enrich the foundation ones, add organizers and places
    const orgIds: Record<string, number> = {}
    for (const o of D.SPONSORS) {
      const found = await trx.selectFrom('organizations').select(['id', 'city_zh']).where('name_zh', '=', o.nameZh).where('pid', '=', 0).executeTakeFirst()
      const values = {
        kind: o.kind,
        is_premium: o.premium ? 1 : 0,
        city_zh: o.cityZh,
        city_en: o.cityEn,
        banner_url: poster(`banner-${o.slug}`),
        content_zh: o.contentZh,
        content_en: o.contentEn,
        follower_count: o.followers,
        sort: o.sort,
      }
      if (found) {
        orgIds[o.key] = found.id
        if (!found.city_zh) {
          await trx.updateTable('organizations').set({ ...values, logo_url: poster(`logo-${o.slug}`) }).where('id', '=', found.id).execute()
          bump('organizationsEnriched')
        }
        continue
      }
      const r = await trx
        .insertInto('organizations')
        .values({
          pid: 0,
          name_zh: o.nameZh,
          name_en: o.nameEn,
          logo_url: poster(`logo-${o.slug}`),
          intro_zh: o.introZh,
          intro_en: o.introEn,
          website: o.website,
          created_at: ts,
          updated_at: ts,
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      orgIds[o.key] = r.id
      bump('organizations')
    }

    // ---- activities: enrich the foundation's, then generate the rest
    await enrichFoundationActivities(trx, rnd, ts)
    const activityIds = await generateActivities(trx, rnd, day0, ts, orgIds, bump)

    // ---- information
    const infoIds: number[] = []
    for (let i = 0; i < D.INFORMATION.length; i++) {
      const it = D.INFORMATION[i]
      const { id, created } = await ensureTitled(trx, 'information', it.titleZh, () => ({
        ...article(it),
        source_zh: it.sourceZh,
        source_en: it.sourceEn,
        cover_url: poster(`info-${it.slug}`),
        category_code: it.category,
        tags_zh: json(it.tagsZh),
        tags_en: json(it.tagsEn),
        status: 'published',
        published_at: dayIso(-(i * 3 + 1), 2 + (i % 8)),
        view_count: rnd.int(30, 4000),
        created_at: ts,
        updated_at: ts,
      }))
      infoIds.push(id)
      if (created) bump('information')
    }

    // ---- topics (+ items)
    const topicIds: number[] = []
    for (let i = 0; i < D.TOPICS.length; i++) {
      const t = D.TOPICS[i]
      const { id, created } = await ensureTitled(trx, 'topics', t.titleZh, () => ({
        ...article(t),
        cover_url: poster(`topic-${t.slug}`),
        tags_zh: json(t.tagsZh),
        tags_en: json(t.tagsEn),
        status: 'published',
        published_at: dayIso(-(i * 4 + 1), 1 + (i % 9)),
        view_count: rnd.int(100, 9000),
        created_at: ts,
        updated_at: ts,
      }))
      topicIds.push(id)
      if (!created) continue
      bump('topics')
      let sort = 0
      for (const a of rnd.sample(activityIds, 4)) await trx.insertInto('topic_items').values({ topic_id: id, item_type: 'activity', item_id: a, sort: ++sort }).execute()
      for (const n of rnd.sample(infoIds, 3)) await trx.insertInto('topic_items').values({ topic_id: id, item_type: 'information', item_id: n, sort: ++sort }).execute()
    }

    // ---- policies (+ rules)
    const policyIds: number[] = []
    for (let i = 0; i < D.POLICIES.length; i++) {
      const p = D.POLICIES[i]
      const { id, created } = await ensureTitled(trx, 'policies', p.titleZh, () => ({
        ...titles(p),
        content_zh: D.policyZh(p),
        content_en: D.policyEn(p),
        level: p.level,
        city_zh: p.cityZh,
        city_en: p.cityEn,
        issuer_zh: p.issuerZh,
        issuer_en: p.issuerEn,
        category_code: p.category,
        status: 'published',
        published_at: dayIso(-(i * 5 + 2), 3),
        view_count: rnd.int(200, 12000),
        created_at: ts,
        updated_at: ts,
      }))
      policyIds.push(id)
      if (!created) continue
      bump('policies')
      for (const rule of p.rules) {
        await trx
          .insertInto('policy_rules')
          .values({
            policy_id: id,
            degree: rule.degree ?? null,
            min_age: rule.minAge ?? null,
            max_age: rule.maxAge ?? null,
            min_overseas_years: rule.minOverseasYears ?? null,
            max_return_years: rule.maxReturnYears ?? null,
            cities: json(rule.cities ?? []),
            titles: json(rule.titles ?? []),
            platform_natures: json(rule.platformNatures ?? []),
            professional_fields: json(rule.professionalFields ?? []),
            foreign_descent: rule.foreignDescent ?? 'any',
          })
          .execute()
        bump('policyRules')
      }
    }

    // ---- hot search: point the foundation rows at real topics / policies / places (by title)
    const hot = await trx.selectFrom('hot_search').selectAll().execute()
    for (const h of hot) {
      const zh = h.title.split(/\s+[A-Za-z]/)[0].trim()
      let id: number | undefined
      if (h.search_module_code === 'topic') id = (await trx.selectFrom('topics').select('id').where('title_zh', '=', zh).executeTakeFirst())?.id
      if (h.search_module_code === 'policy') id = (await trx.selectFrom('policies').select('id').where('title_zh', '=', zh).executeTakeFirst())?.id
      if (h.search_module_code === 'place') id = (await trx.selectFrom('organizations').select('id').where('name_zh', '=', zh).where('kind', '=', 'place').executeTakeFirst())?.id
      if (id && id !== h.relation_id) {
        await trx.updateTable('hot_search').set({ relation_id: id, poster_url: h.poster_url ?? poster(`hot-${h.search_module_code}-${id}`) }).where('id', '=', h.id).execute()
        bump('hotSearchLinked')
      }
    }
    for (const h of D.EXTRA_HOT_SEARCH) {
      const found = await trx.selectFrom('hot_search').select('id').where('title', '=', h.title).executeTakeFirst()
      if (found) continue
      const table = h.module === 'topic' ? 'topics' : 'policies'
      const target = await trx.selectFrom(table).select('id').where('title_zh', '=', h.titleZh).executeTakeFirst()
      if (!target) continue
      await trx.insertInto('hot_search').values({ search_module_code: h.module, relation_id: target.id, title: h.title, poster_url: poster(`hot-${h.module}-${target.id}`), sort: h.sort }).execute()
      bump('hotSearch')
    }

    // ---- platforms and jobs
    for (let i = 0; i < D.PLATFORMS.length; i++) {
      const p = D.PLATFORMS[i]
      let platform = await trx.selectFrom('platforms').select('id').where('name_zh', '=', p.nameZh).executeTakeFirst()
      if (!platform) {
        platform = await trx
          .insertInto('platforms')
          .values({
            name_zh: p.nameZh,
            name_en: p.nameEn,
            city_zh: p.cityZh,
            city_en: p.cityEn,
            intro_zh: p.introZh,
            intro_en: p.introEn,
            content_zh: `<p>平台常年面向海内外招聘优秀人才，提供具有竞争力的薪酬、科研启动经费与安家补贴。</p>`,
            content_en: `<p>The platform recruits outstanding talent from home and abroad all year round, with competitive pay, research start-up funds and relocation allowances.</p>`,
            logo_url: poster(`platform-${p.slug}`),
            nature_code: p.nature,
            website: `https://${p.slug}.haijiao.demo`,
            status: 'published',
            sort: i + 1,
            created_at: ts,
            updated_at: ts,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        bump('platforms')
      }
      const kind = p.nature === 'university' || p.nature === 'research_institute' ? 'college' : 'enterprise'
      const jobs = kind === 'college' ? D.COLLEGE_JOBS : D.ENTERPRISE_JOBS
      for (let j = 0; j < 4; j++) {
        const job = jobs[(i + j) % jobs.length]
        const titleZh = `${job.titleZh}（${p.nameZh}）`
        const found = await trx.selectFrom('jobs').select('id').where('title_zh', '=', titleZh).executeTakeFirst()
        if (found) continue
        await trx
          .insertInto('jobs')
          .values({
            platform_id: platform.id,
            kind,
            title_zh: titleZh,
            title_en: `${job.titleEn} (${p.nameEn})`,
            city_zh: p.cityZh,
            city_en: p.cityEn,
            salary_zh: job.salaryZh,
            salary_en: job.salaryEn,
            degree: job.degree,
            description_zh: job.descriptionZh,
            description_en: job.descriptionEn,
            status: 'published',
            // from yesterday back: a job published today at 04:00 would sort above one published just now, before 04:00 UTC
            published_at: dayIso(-(i * 2 + j) - 1, 4 + j),
            created_at: ts,
            updated_at: ts,
          })
          .execute()
        bump('jobs')
      }
    }

    // ---- videos
    const videoIds: Record<string, number> = {}
    for (let i = 0; i < D.VIDEOS.length; i++) {
      const v = D.VIDEOS[i]
      let row = await trx.selectFrom('videos').select('id').where('title_zh', '=', v.titleZh).executeTakeFirst()
      if (!row) {
        row = await trx
          .insertInto('videos')
          .values({
            title_zh: v.titleZh,
            title_en: v.titleEn,
            cover_url: poster(`video-${v.slug}`),
            video_url: v.file ? `/static/videos/${v.file}` : '',
            category: v.category,
            duration_seconds: v.seconds,
            published_at: dayIso(-(i * 6 + 3), 5),
            created_at: ts,
            updated_at: ts,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        bump('videos')
      }
      videoIds[v.slug] = row.id
    }

    // ---- competitions
    const competitionIds: number[] = []
    for (let i = 0; i < D.COMPETITIONS.length; i++) {
      const c = D.COMPETITIONS[i]
      const { id, created } = await ensureTitled(trx, 'competitions', c.titleZh, () => ({
        ...article(c),
        banner_url: poster(`competition-${c.slug}`),
        start_time: dayIso(c.startDay, 1),
        end_time: dayIso(c.startDay + c.days, 10),
        status: 'published',
        created_at: ts,
        updated_at: ts,
      }))
      competitionIds.push(id)
      if (!created) continue
      bump('competitions')
      for (let b = 1; b <= 3; b++) await trx.insertInto('competition_banners').values({ competition_id: id, image_url: poster(`competition-${c.slug}-${b}`), sort: b }).execute()
      for (const a of rnd.sample(activityIds, 2)) {
        // one competition per activity (unique index): a sampled activity already linked stays where it is
        const linked = await trx.selectFrom('competition_activities').select('competition_id').where('activity_id', '=', a).executeTakeFirst()
        if (!linked) await trx.insertInto('competition_activities').values({ competition_id: id, activity_id: a }).execute()
      }
    }

    // ---- roadshow projects, resources and records
    const orgKeys = Object.keys(orgIds)
    for (let i = 0; i < D.ROADSHOW_PROJECTS.length; i++) {
      const p = D.ROADSHOW_PROJECTS[i]
      const { id, created } = await ensureTitled(trx, 'roadshow_projects', p.titleZh, () => ({
        kind: p.kind,
        ...article(p),
        stage_zh: p.stageZh,
        stage_en: p.stageEn,
        cover_url: poster(`roadshow-${p.slug}`),
        field_code: p.field,
        organization_id: orgIds[orgKeys[i % orgKeys.length]],
        competition_id: p.kind === 'project' ? competitionIds[i % competitionIds.length] : null,
        bp_video_id: p.kind === 'project' ? (videoIds[`bp-${(i % 6) + 1}`] ?? null) : null,
        status: 'published',
        published_at: dayIso(-(i * 3 + 2), 6),
        created_at: ts,
        updated_at: ts,
      }))
      if (!created) continue
      bump('roadshowProjects')
      const records = p.kind === 'project' ? 2 : 1
      for (let k = 0; k < records; k++) {
        const city = D.ROADSHOW_CITIES[(i + k) % D.ROADSHOW_CITIES.length]
        await trx
          .insertInto('roadshow_records')
          .values({
            project_id: id,
            title_zh: `${city.zh}路演专场 · 第${i + k + 1}场`,
            title_en: `${city.en} Roadshow · Session ${i + k + 1}`,
            city_zh: city.zh,
            city_en: city.en,
            result_zh: D.RECORD_RESULTS[(i + k) % D.RECORD_RESULTS.length].zh,
            result_en: D.RECORD_RESULTS[(i + k) % D.RECORD_RESULTS.length].en,
            held_at: dayIso(-(i * 7 + k * 30 + 5), 6),
            created_at: ts,
            updated_at: ts,
          })
          .execute()
        bump('roadshowRecords')
      }
    }

    // ---- talents
    for (let i = 0; i < D.TALENTS.length; i++) {
      const t = D.TALENTS[i]
      const found = await trx.selectFrom('talents').select('id').where('name_zh', '=', t.nameZh).executeTakeFirst()
      if (found) continue
      await trx
        .insertInto('talents')
        .values({
          name_zh: t.nameZh,
          name_en: t.nameEn,
          title_zh: t.titleZh,
          title_en: t.titleEn,
          intro_zh: t.introZh,
          intro_en: t.introEn,
          avatar_url: poster(`talent-${t.slug}`),
          field_code: t.field,
          country: t.country,
          degree: t.degree,
          achievements_zh: json(t.achievementsZh),
          achievements_en: json(t.achievementsEn),
          status: 'published',
          sort: i + 1,
          created_at: ts,
          updated_at: ts,
        })
        .execute()
      bump('talents')
    }

    // ---- organisations' projects
    for (let i = 0; i < D.ORG_PROJECTS.length; i++) {
      const p = D.ORG_PROJECTS[i]
      const { id, created } = await ensureTitled(trx, 'org_projects', p.titleZh, () => ({
        organization_id: orgIds[p.org],
        ...article(p),
        city_zh: p.cityZh,
        city_en: p.cityEn,
        field_code: p.field,
        status: 'published',
        published_at: dayIso(-(i * 4 + 1), 7),
        created_at: ts,
        updated_at: ts,
      }))
      if (!created) continue
      bump('orgProjects')
      let sort = 0
      for (const q of p.requirements) {
        await trx
          .insertInto('org_project_requirements')
          .values({ project_id: id, title_zh: q.titleZh, title_en: q.titleEn, description_zh: q.descriptionZh, description_en: q.descriptionEn, sort: ++sort })
          .execute()
      }
    }

    // ---- banners
    for (const b of D.BANNERS) {
      const found = await trx.selectFrom('banners').select('id').where('title_zh', '=', b.titleZh).where('position', '=', b.position).executeTakeFirst()
      if (found) continue
      let link = b.link
      if (link === 'hot-activity') link = `/activityDetail?id=${activityIds[0]}`
      if (link === 'topic') link = `/topicDetail?id=${topicIds[0]}`
      if (link === 'policy') link = `/policyDetail?id=${policyIds[0]}`
      await trx
        .insertInto('banners')
        .values({ title_zh: b.titleZh, title_en: b.titleEn, image_url: poster(`banner-${b.slug}`), link_url: link, position: b.position, sort: b.sort, status: 1, created_at: ts, updated_at: ts })
        .execute()
      bump('banners')
    }

    // ---- settings: frame additions, about page, returning-home services
    for (const [key, value] of Object.entries(D.contentSettings())) {
      const found = await trx.selectFrom('site_settings').select('key').where('key', '=', key).executeTakeFirst()
      if (!found) {
        await trx.insertInto('site_settings').values({ key, value, updated_at: ts }).execute()
        bump('settings')
      }
    }

    // ---- demo enrolments
    await seedEnrollments(trx, ts, bump)
  })
}

/** the foundation's activities get categories, tags, highlights, an address and live links once */
async function enrichFoundationActivities(trx: Trx, rnd: ReturnType<typeof prng>, ts: string) {
  const rows = await trx.selectFrom('activities').selectAll().where('tags_zh', '=', '[]').orderBy('id').execute()
  for (const a of rows) {
    const has = await trx.selectFrom('activity_addresses').select('id').where('activity_id', '=', a.id).executeTakeFirst()
    if (has) continue
    const theme = D.THEMES[a.id % D.THEMES.length]
    await fillActivityExtras(trx, rnd, a.id, a.type, a.country, a.time_zone, a.city_zh, a.city_en, theme, ts)
  }
}

async function fillActivityExtras(
  trx: Trx,
  rnd: ReturnType<typeof prng>,
  id: number,
  type: 'online' | 'offline' | 'both',
  country: string,
  timeZone: string,
  cityZh: string,
  cityEn: string,
  theme: (typeof D.THEMES)[number],
  _ts: string,
) {
  const online = type !== 'offline'
  await trx
    .updateTable('activities')
    .set({
      banner_url: poster(`banner-activity-${id}`), // drawn with the activity's titles: modules/asset/poster.ts
      live_url: online ? `https://live.haijiao.demo/room/${id}` : null,
      live_qr_url: online ? poster(`live-qr-${id}`) : null,
      wechat_group_qr_url: poster(`wechat-group-${id}`),
      highlights_zh: json(theme.highlightsZh),
      highlights_en: json(theme.highlightsEn),
      tags_zh: json(theme.tagsZh),
      tags_en: json(theme.tagsEn),
      enroll_notes_zh: '请如实填写报名信息；审核结果将通过站内消息与邮件通知。',
      enroll_notes_en: 'Please fill in the form truthfully; the review result is sent by site message and e-mail.',
      view_count: rnd.int(50, 3000),
    })
    .where('id', '=', id)
    .execute()
  const venue = rnd.pick(D.VENUES)
  await trx
    .insertInto('activity_addresses')
    .values({
      activity_id: id,
      country,
      time_zone: timeZone,
      city_zh: cityZh,
      city_en: cityEn,
      address_zh: type === 'online' ? '线上直播（报名后获取链接）' : `${cityZh}${venue.zh}`,
      address_en: type === 'online' ? 'Online live stream (link after enrolment)' : `${venue.en}, ${cityEn}`,
      sort: 1,
    })
    .execute()
  for (const code of theme.categories) {
    await trx.insertInto('activity_categories').values({ activity_id: id, category_code: code }).execute()
  }
}

async function generateActivities(
  trx: Trx,
  rnd: ReturnType<typeof prng>,
  day0: number,
  ts: string,
  orgIds: Record<string, number>,
  bump: (k: string) => void,
): Promise<number[]> {
  const ids: number[] = []
  const orgKeys = D.SPONSORS.filter((s) => s.kind === 'organizer' || s.premium).map((s) => s.key)
  for (let i = 0; i < D.GENERATED_ACTIVITY_COUNT; i++) {
    const city = D.ACTIVITY_CITIES[i % D.ACTIVITY_CITIES.length]
    const theme = D.THEMES[(i * 7) % D.THEMES.length]
    const n = i + 1
    const titleZh = `${city.zh}${theme.zh}（第${n}期）`
    const found = await trx.selectFrom('activities').select('id').where('title_zh', '=', titleZh).executeTakeFirst()
    if (found) {
      ids.push(found.id)
      continue
    }
    const plan = D.activityPlan(i)
    const type = plan.type ?? (['online', 'offline', 'both'] as const)[i % 3]
    const dayOffset = plan.dayOffset ?? rnd.int(-150, 150)
    const localHour = rnd.pick([9, 10, 14, 15, 19])
    const hours = plan.hours ?? rnd.pick([2, 3, 4, 6, 8])
    const start = new Date(day0 + dayOffset * 86400000 + (localHour - city.tz) * 3600000)
    const end = new Date(start.getTime() + hours * 3600000)
    const people = rnd.pick([30, 40, 50, 60, 80, 100, 120]) // at most ATTENDEE_COUNT: every seat has a person (attendees.ts)
    const enrolled = plan.full ? people : rnd.int(0, Math.floor(people * 0.9))
    const tz = tzLabel(city.tz)
    const summaryZh = `${theme.summaryZh}本期在${city.zh}举办，时间以当地时间（${tz}）为准。`
    const summaryEn = `${theme.summaryEn} This edition takes place in ${city.en}; times are local (${tz}).`
    const r = await trx
      .insertInto('activities')
      .values({
        title_zh: titleZh,
        title_en: `${theme.en} — ${city.en} #${n}`,
        summary_zh: summaryZh,
        summary_en: summaryEn,
        detail_zh: `<p>${D.activityLeadZh(theme, city.zh)}</p><h3>活动议程</h3><ul>${theme.highlightsZh.map((h) => `<li>${h}</li>`).join('')}</ul><p>欢迎海外学子、青年学者和行业人才报名参加。名额有限，报满即止。</p>`,
        detail_en: `<p>${D.activityLeadEn(theme, city.en)}</p><h3>Programme</h3><ul>${theme.highlightsEn.map((h) => `<li>${h}</li>`).join('')}</ul><p>Overseas students, young scholars and professionals are welcome. Places are limited.</p>`,
        type,
        poster_url: poster(`${theme.slug}-${city.en}`),
        banner_url: null,
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        time_zone: tz,
        country: city.country,
        city_zh: city.zh,
        city_en: city.en,
        organization_id: orgIds[orgKeys[i % orgKeys.length]],
        people_count: people,
        enrolled_count: enrolled,
        status: 'published',
        is_hot: plan.hot ? 1 : 0,
        published_at: new Date(start.getTime() - 30 * 86400000).toISOString(),
        created_at: ts,
        updated_at: ts,
        is_open: plan.notOpen ? 0 : 1,
        is_need_login_enroll: i % 9 === 4 ? 0 : 1,
        sign_up_once: plan.signUpOnce === false ? 0 : 1,
        enroll_need_process: plan.needProcess ? 1 : 0,
        enroll_deadline: plan.deadlinePassed
          ? new Date(day0 - 86400000).toISOString()
          : plan.deadlineEqualEnd
            ? null
            : new Date(start.getTime() - 86400000).toISOString(),
        is_deadline_equal_end: plan.deadlineEqualEnd ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push(r.id)
    bump('activities')
    await fillActivityExtras(trx, rnd, r.id, type, city.country, tz, city.zh, city.en, theme, ts)
    if (type === 'both' && i % 2 === 1) {
      // a second venue in another country: the "both" activities with two addresses
      const other = D.ACTIVITY_CITIES[(i + 5) % D.ACTIVITY_CITIES.length]
      await trx
        .insertInto('activity_addresses')
        .values({
          activity_id: r.id,
          country: other.country,
          time_zone: tzLabel(other.tz),
          city_zh: other.zh,
          city_en: other.en,
          address_zh: `${other.zh}分会场`,
          address_en: `${other.en} satellite venue`,
          sort: 2,
        })
        .execute()
    }
  }
  return ids
}

async function seedEnrollments(trx: Trx, ts: string, bump: (k: string) => void) {
  const user = await trx.selectFrom('users').select('id').where('email', '=', 'user@haijiao.demo').executeTakeFirst()
  const promoter = await trx.selectFrom('users').select('id').where('email', '=', 'promoter@haijiao.demo').executeTakeFirst()
  if (!user) return
  for (let i = 0; i < D.GENERATED_ACTIVITY_COUNT; i++) {
    const plan = D.activityPlan(i)
    if (!plan.demo) continue
    const city = D.ACTIVITY_CITIES[i % D.ACTIVITY_CITIES.length]
    const theme = D.THEMES[(i * 7) % D.THEMES.length]
    const a = await trx.selectFrom('activities').select('id').where('title_zh', '=', `${city.zh}${theme.zh}（第${i + 1}期）`).executeTakeFirst()
    if (!a) continue
    const exists = await trx.selectFrom('activity_enrollments').select('id').where('activity_id', '=', a.id).where('user_id', '=', user.id).executeTakeFirst()
    if (exists) continue
    await trx
      .insertInto('activity_enrollments')
      .values({
        activity_id: a.id,
        user_id: user.id,
        status: plan.demo,
        form_answers: json({ name: '示例用户', email: 'user@haijiao.demo', organisation: 'University of Toronto' }),
        promoter_user_id: i % 2 === 0 && promoter ? promoter.id : null,
        created_at: ts,
        updated_at: ts,
      })
      .execute()
    bump('enrollments')
  }
}
