/**
 * Repairs of generated content (after content.ts): repairs what earlier versions of the seed generator wrote into
 * databases that already exist — new databases get the right content from the generator directly.
 * Runs once per database (marked in `seed_marks`): after that, content is the editors' own, and a body
 * that an editor chooses to open with its summary must never be rewritten at a restart.
 * Every update only touches rows still holding the old generated value.
 * - bodies that began with the summary (the detail pages showed the same sentence twice) lose that
 *   first paragraph;
 * - seeded video URLs that pointed to files that never existed: the about video now points to the real
 *   demo clip, the others are emptied ('' = no file yet; the pages show "video coming soon").
 */
import { sql, type Kysely } from 'kysely'
import type { DB } from '../schema'
import { seedOnce } from './once'
import { INTRO_VIDEO_FILE, VIDEOS } from './content-data'

type Pair = { table: keyof DB; summary: string; body: string }
const PAIRS: Pair[] = [
  { table: 'activities', summary: 'summary_zh', body: 'detail_zh' },
  { table: 'activities', summary: 'summary_en', body: 'detail_en' },
  { table: 'information', summary: 'summary_zh', body: 'content_zh' },
  { table: 'information', summary: 'summary_en', body: 'content_en' },
  { table: 'topics', summary: 'summary_zh', body: 'content_zh' },
  { table: 'topics', summary: 'summary_en', body: 'content_en' },
  { table: 'policies', summary: 'summary_zh', body: 'content_zh' },
  { table: 'policies', summary: 'summary_en', body: 'content_en' },
  { table: 'competitions', summary: 'summary_zh', body: 'content_zh' },
  { table: 'competitions', summary: 'summary_en', body: 'content_en' },
  { table: 'roadshow_projects', summary: 'summary_zh', body: 'content_zh' },
  { table: 'roadshow_projects', summary: 'summary_en', body: 'content_en' },
  { table: 'org_projects', summary: 'summary_zh', body: 'content_zh' },
  { table: 'org_projects', summary: 'summary_en', body: 'content_en' },
  { table: 'platforms', summary: 'intro_zh', body: 'content_zh' },
  { table: 'platforms', summary: 'intro_en', body: 'content_en' },
]

/** The body without a leading copy of the summary ('<p>summary</p>' or 'summary\n\n'), or null when there is none. */
export function withoutRepeatedSummary(summary: string, body: string): string | null {
  if (!summary) return null
  for (const head of [`<p>${summary}</p>`, `${summary}\n\n`]) {
    if (body.startsWith(head)) return body.slice(head.length).replace(/^\s+/, '')
  }
  return null
}

/** the seed_marks row of this repair; a stored value, so it keeps the name it was first written with */
export const REPAIR_MARK = 'browse-polish-repair-v1'

export async function repairGeneratedContent(db: Kysely<DB>, bump: (k: string) => void): Promise<void> {
  await seedOnce(db, REPAIR_MARK, async (trx) => {
    for (const p of PAIRS) {
      const s = sql.ref(p.summary)
      const b = sql.ref(p.body)
      // only rows whose body starts with its summary (checked again in code: LIKE wildcards)
      const rows = await sql<{ id: number; summary: string; body: string }>`
        select id, ${s} as summary, ${b} as body from ${sql.table(p.table)}
        where ${s} <> '' and (substr(${b}, 1, length(${s}) + 3) = '<p>' || ${s} or substr(${b}, 1, length(${s}) + 2) = ${s} || ${'\n\n'})
      `.execute(trx)
      for (const r of rows.rows) {
        const next = withoutRepeatedSummary(r.summary, r.body)
        if (next === null) continue
        await sql`update ${sql.table(p.table)} set ${b} = ${next} where id = ${r.id}`.execute(trx)
        bump('bodiesWithoutSummary')
      }
    }

    for (const v of VIDEOS) {
      const old = `/static/videos/${v.slug}.mp4`
      const next = v.file ? `/static/videos/${v.file}` : ''
      const r = await trx
        .updateTable('videos')
        .set(v.file === INTRO_VIDEO_FILE ? { video_url: next, duration_seconds: v.seconds } : { video_url: next })
        .where('video_url', '=', old)
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) > 0) bump('videoUrls')
    }
  })
}

/**
 * Seeded BP and activity videos that still have no file ('' — the pages showed "video coming
 * soon") play the demo clip, with its duration. Once per database; only seeded titles still without a file.
 */
export async function repairEmptyVideos(db: Kysely<DB>, bump: (k: string) => void): Promise<void> {
  await seedOnce(db, 'demo-videos-play-v1', async (trx) => {
    for (const v of VIDEOS) {
      if (!v.file) continue
      const r = await trx
        .updateTable('videos')
        .set({ video_url: `/static/videos/${v.file}`, duration_seconds: v.seconds })
        .where('title_zh', '=', v.titleZh)
        .where('video_url', '=', '')
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) > 0) bump('videosPlayable')
    }
  })
}

/**
 * English filler written by earlier seeds quoted the title in Chinese-style quotes
 * ('Around “X”, we have gathered …'), which CJK fonts draw full-width on English pages. Once per
 * database, only bodies still holding that generated sentence.
 */
export async function repairEnglishQuotes(db: Kysely<DB>, bump: (k: string) => void): Promise<void> {
  await seedOnce(db, 'english-filler-quotes-v1', async (trx) => {
    for (const table of ['topics', 'information', 'competitions', 'roadshow_projects', 'org_projects'] as const) {
      const r = await sql`
        update ${sql.table(table)} set content_en = replace(replace(content_en, ${'Around “'}, ${'On '}), ${'”, we have gathered'}, ${', we have gathered'})
        where content_en like ${'%Around “%”, we have gathered%'}
      `.execute(trx)
      if (Number(r.numAffectedRows ?? 0) > 0) bump('englishQuotes')
    }
  })
}
