// The public-list benches' bulk data: `rows` activities (1–2 categories each) and `rows` information
// items beside the seed, drawn from the seed's own themes and cities by its deterministic generator
// (seed 42: the same rows every run). Imports the app's TypeScript: load it after runUnderTsx.
import path from 'node:path'
import { root } from './tsx-child.mjs'

const { prng, tzLabel, poster } = await import(path.join(root, 'server/src/db/seed/content.ts'))
const D = await import(path.join(root, 'server/src/db/seed/content-data.ts'))

const ACTIVITY_COLUMNS = [
  'title_zh', 'title_en', 'summary_zh', 'summary_en', 'detail_zh', 'detail_en', 'type', 'poster_url', 'start_time', 'end_time',
  'time_zone', 'country', 'city_zh', 'city_en', 'organization_id', 'people_count', 'enrolled_count', 'status', 'is_hot',
  'published_at', 'created_at', 'updated_at', 'tags_zh', 'tags_en',
]
const INFORMATION_COLUMNS = ['title_zh', 'title_en', 'summary_zh', 'summary_en', 'content_zh', 'content_en', 'source_zh', 'source_en', 'category_code', 'status', 'published_at', 'created_at', 'updated_at']

export const dictionaryCodes = (code) => D.DICTIONARIES.find((d) => d.code === code).items.map((i) => i[0])

/** Inserts the rows in one transaction through a bulkWriter (support/database.mjs), then analyzes. */
export async function insertBulkContent(writer, { rows: ROWS, now }) {
  const rnd = prng(42)
  const orgIds = (await writer.all('select id from organizations where pid = 0')).map((r) => r.id)
  const cats = dictionaryCodes('activity_category')
  const infoCats = dictionaryCodes('information_category')
  const ts = new Date(now).toISOString()
  const firstActivityId = Number((await writer.all('select coalesce(max(id), 0) + 1 as n from activities'))[0].n)
  const activities = []
  const categories = []
  for (let i = 0; i < ROWS; i++) {
    const city = D.ACTIVITY_CITIES[i % D.ACTIVITY_CITIES.length]
    const theme = D.THEMES[rnd.int(0, D.THEMES.length - 1)]
    const start = now + rnd.int(-3 * 365, 3 * 365) * 86400000 + rnd.int(0, 23) * 3600000
    const people = rnd.pick([50, 100, 200, 500])
    activities.push([
      `${city.zh}${theme.zh}（第${i + 100}期）`, `${theme.en} — ${city.en} #${i + 100}`,
      `${theme.summaryZh}本期在${city.zh}举办。`, `${theme.summaryEn} This edition takes place in ${city.en}.`,
      `<p>${theme.summaryZh}</p>`, `<p>${theme.summaryEn}</p>`,
      ['online', 'offline', 'both'][rnd.int(0, 2)], poster(`${theme.slug}-${city.en}`),
      new Date(start).toISOString(), new Date(start + rnd.pick([2, 3, 4, 8]) * 3600000).toISOString(),
      tzLabel(city.tz), city.country, city.zh, city.en, rnd.pick(orgIds), people, rnd.int(0, people),
      'published', rnd.next() < 0.05 ? 1 : 0, ts, ts, ts, JSON.stringify(theme.tagsZh), JSON.stringify(theme.tagsEn),
    ])
    const id = firstActivityId + i
    for (const c of rnd.sample(cats, rnd.int(1, 2))) categories.push([id, c])
  }
  const information = []
  for (let i = 0; i < ROWS; i++) {
    const base = D.INFORMATION[i % D.INFORMATION.length]
    const city = D.ACTIVITY_CITIES[rnd.int(0, D.ACTIVITY_CITIES.length - 1)]
    information.push([
      `${base.titleZh}（${city.zh}·${i}）`, `${base.titleEn} (${city.en} · ${i})`, base.summaryZh, base.summaryEn, `<p>${base.summaryZh}</p>`,
      `<p>${base.summaryEn}</p>`, base.sourceZh, base.sourceEn, rnd.pick(infoCats), 'published',
      new Date(now - rnd.int(0, 5 * 365) * 86400000).toISOString(), ts, ts,
    ])
  }
  await writer.exec('begin')
  await writer.batchInsert('activities', ACTIVITY_COLUMNS, activities)
  await writer.batchInsert('activity_categories', ['activity_id', 'category_code'], categories)
  await writer.batchInsert('information', INFORMATION_COLUMNS, information)
  await writer.exec('commit')
  await writer.exec('analyze')
}

/** Published activities and information items, to print after a load. */
export async function countContent(writer) {
  return (await writer.all("select (select count(*) from activities where status = 'published') a, (select count(*) from information) i"))[0]
}
