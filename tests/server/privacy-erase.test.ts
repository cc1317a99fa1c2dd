/**
 * The erasure leaves nothing of the person: one person is seeded into every table that can hold personal
 * data (privacy-person.ts), asks for deletion, the clock moves past the cooling-off period and the sweep
 * job runs; then every text column of every table of the live schema (sqlite_master /
 * information_schema) and every file of the upload storage is searched for their e-mail, phone, names,
 * promoter code and uploaded file names: zero hits. A table with a text column must be named below —
 * as erased by the privacy module, or as holding no personal data — so a new table fails this test until
 * someone decides which it is. What is kept anonymously (seats, prizes, chat text) is checked too, and
 * the organizer's enrolment list and its Excel export show "Deleted user".
 */
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import JSZip from 'jszip'
import { dbTargets, startHarness, type Harness } from './harness'
import { filesUnder, multipart } from '../support/multipart'
import { runJobs, seedPerson, type SeededPerson } from './privacy-person'
import { DELETED_USER_NAME, PRIVACY_API } from '@contracts/privacy'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { startS3rver, type S3Server } from '../support/s3rver'
import type { S3Storage } from '../../server/src/storage/s3-storage'
import { sqliteFile } from '../../server/src/db/database'

const DAY = 86_400_000

/** tables whose rows can hold a person's data: the privacy module erases, anonymises or scrubs each */
const PERSONAL_TABLES = [
  'users', // the row stays, naming nobody (placeholder e-mail, "Deleted user", no phone/avatar/password)
  'user_accounts', // forbidden; holds no text of the person
  'user_consents', // deleted (their address is stored with each)
  'user_wechat_identities', // deleted
  'verification_codes', // deleted (by e-mail)
  'abuse_counters', // counters keyed by the e-mail: deleted
  'activity_enrollments', // answers removed, staff remarks cleared; the seat stays
  'activity_waitlist', // answers removed; the place stays
  'checkin_scans', // kept (counts); identifiers in the reason scrubbed
  'audit_log', // identifiers in names, targets, before/after scrubbed
  'audit_pending', // the audit log's rows before they move into audit_log: scrubbed the same way
  'chat_conversations', // the identity replaced by one naming nobody
  'chat_messages', // text kept for the agent's history; files removed
  'chat_uploads', // deleted (and the files)
  'chat_conversation_events', // agents' notes scrubbed
  'chat_ratings', // the score stays, the comment goes, the identity names nobody
  'favorites', // deleted
  'organizer_follows', // deleted (follower counts go down)
  'subscribers', // deleted (by account and by e-mail)
  'subscriber_categories', // deleted with the subscriber
  'mail_deliveries', // the person's ledger rows deleted
  'job_queue', // payloads naming the person scrubbed
  'notifications', // the inbox: deleted
  'notification_settings', // deleted
  'wechat_subscriptions', // deleted
  'feedback', // deleted
  'raffle_draws', // kept (stock won), names nobody
  'raffle_times', // kept (counts)
  'raffle_time_grants', // reasons scrubbed
  'org_projects', // a project made from the enrolment loses its contact
  'org_project_visits', // staff notes scrubbed
  'notices', // organizers' texts scrubbed
  'deletion_requests', // kept: when it was asked and erased, no text of the person
  'data_exports', // deleted (and the zips)
]

/** tables that hold no personal data of a consumer (published content, settings, staff-only records, machinery) */
const NO_PERSONAL_DATA = [
  // published content and its search indexes (SQLite FTS tables and their shadow tables)
  ...['activities', 'information', 'jobs', 'organizations', 'platforms', 'policies', 'roadshow_projects', 'topics'].flatMap((t) => [t, `${t}_fts`, `${t}_fts_config`, `${t}_fts_data`, `${t}_fts_docsize`, `${t}_fts_idx`]),
  'activity_addresses',
  'activity_categories',
  'activity_view_hours', // counts per hour
  'analysis_changes', // counts
  'banners',
  'competition_activities',
  'competition_banners',
  'competition_projects',
  'competitions',
  'dict_items',
  'dict_types',
  'hot_search',
  'news_events',
  'org_project_requirement_history', // staff changes of an organizer's requirement
  'org_project_requirements',
  'org_project_visit_requirements',
  'policy_rules',
  'raffle_gifts',
  'raffles',
  'roadshow_records',
  'site_adverts',
  'site_cases',
  'site_partners',
  'site_settings',
  'site_texts',
  'talents', // published profiles the operators write
  'topic_items',
  'translation_overrides',
  'videos',
  // the admin's roles and menus, and staff
  'menu_buttons',
  'menus',
  'role_buttons',
  'role_menus',
  'roles',
  'service_categories',
  'service_category_links',
  'chat_agents', // agents' presence
  'chat_canned_replies', // agents' ready-made answers
  'helpdesk_alerts', // which wait was alerted when, and how many agents were mailed
  // the SQLite trigram index of chat_messages' text (kept by the rule above, so the index keeps it too)
  'chat_messages_fts',
  'chat_messages_fts_config',
  'chat_messages_fts_data',
  'chat_messages_fts_docsize',
  'chat_messages_fts_idx',
  'chat_presence',
  // machinery
  'captchas', // a random key and code, no person
  'kysely_migration',
  'kysely_migration_lock',
  'list_versions',
  'seed_marks',
  'server_secrets',
  'sqlite_sequence',
  'wechat_access_tokens',
]

type Columns = Map<string, string[]>

/** every table of the live schema with its text columns */
async function textColumns(h: Harness): Promise<Columns> {
  const out: Columns = new Map()
  if (h.target === 'sqlite') {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(h.db)
    for (const t of tables.rows) {
      const cols = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${t.name})`.execute(h.db)
      out.set(t.name, cols.rows.filter((c) => c.type === '' || /char|clob|text|json/i.test(c.type)).map((c) => c.name))
    }
  } else {
    const cols = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`.execute(h.db)
    for (const c of cols.rows) {
      if (!out.has(c.table_name)) out.set(c.table_name, [])
      if (/char|text|json/i.test(c.data_type)) out.get(c.table_name)!.push(c.column_name)
    }
  }
  for (const [t, cs] of [...out]) if (!cs.length) out.delete(t)
  return out
}

/** rows (table, column, value) whose text contains one of the needles */
async function hits(h: Harness, columns: Columns, needles: string[]): Promise<string[]> {
  const found: string[] = []
  const wanted = needles.map((n) => n.toLowerCase())
  for (const [table, cols] of columns) {
    const conditions = cols.flatMap((c) => wanted.map((n) => sql`lower(cast(${sql.ref(c)} as text)) like ${`%${n}%`}`))
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.join(conditions, sql` or `)}`.execute(h.db)
    for (const row of rows.rows) {
      for (const c of cols) {
        const v = String(row[c] ?? '').toLowerCase()
        const n = wanted.find((w) => v.includes(w))
        if (n) found.push(`${table}.${c} holds "${n}": ${String(row[c]).slice(0, 160)}`)
      }
    }
  }
  return found
}

function storageHits(h: Harness, needles: string[], names: string[]): string[] {
  const dir = path.join(h.config.dataDir, 'uploads')
  const found: string[] = []
  for (const file of filesUnder(dir)) {
    const rel = path.relative(dir, file)
    for (const n of names) if (rel.includes(n)) found.push(`file ${rel} is the upload ${n}`)
    const text = fs.readFileSync(file).toString('latin1').toLowerCase()
    for (const n of needles) if (text.includes(n.toLowerCase())) found.push(`file ${rel} contains "${n}"`)
  }
  return found
}

for (const target of dbTargets()) {
  describe(`the erasure leaves nothing of the person [${target}]`, () => {
    let h: Harness
    let p: SeededPerson
    let ops: string

    beforeAll(async () => {
      h = await startHarness(target)
      ops = await h.adminLogin('ops@haijiao.demo')
      p = await seedPerson(h, 'erase')
    }, 120_000)
    afterAll(async () => {
      await h?.close()
    })

    it('every table with a text column is named as erased or as holding no personal data', async () => {
      const columns = await textColumns(h)
      const unknown = [...columns.keys()].filter((t) => !PERSONAL_TABLES.includes(t) && !NO_PERSONAL_DATA.includes(t))
      expect(unknown).toEqual([])
      // a table named twice would hide a decision
      expect(PERSONAL_TABLES.filter((t) => NO_PERSONAL_DATA.includes(t))).toEqual([])
    })

    it('before: the seeded person is found in the tables that hold personal data and in the storage', async () => {
      const columns = await textColumns(h)
      const found = await hits(h, columns, p.needles)
      const tables = new Set(found.map((f) => f.split('.')[0]))
      for (const t of ['users', 'verification_codes', 'activity_enrollments', 'activity_waitlist', 'audit_log', 'checkin_scans', 'chat_messages', 'chat_uploads', 'chat_conversation_events', 'subscribers', 'mail_deliveries', 'job_queue', 'feedback', 'raffle_time_grants', 'org_projects', 'abuse_counters']) {
        expect([t, tables.has(t)]).toEqual([t, true])
      }
      const names = p.uploads.map((u) => u.split('/').pop()!)
      expect(storageHits(h, [], names).length).toBe(p.uploads.length)
      expect(await h.db.selectFrom('data_exports').select('state').where('user_id', '=', p.id).execute()).toEqual([{ state: 'ready' }])
    })

    it('after the request, 7 days and the sweep: zero hits in every text column of every table and in the storage', async () => {
      const seatsBefore = (await h.db.selectFrom('activities').select('enrolled_count').where('id', '=', p.activityId).executeTakeFirstOrThrow()).enrolled_count
      const r = await h.api('POST', PRIVACY_API.deletionRequest, { token: p.token, body: { password: 'secret1' } })
      expect(r.body.code).toBe(200)
      h.clock.advance(7 * DAY + 60_000)
      await h.app.services.privacy.scheduleSweep()
      h.clock.advance(3_600_000)
      await runJobs(h)

      const columns = await textColumns(h)
      expect(await hits(h, columns, p.needles)).toEqual([])
      expect(storageHits(h, p.needles, p.uploads.map((u) => u.split('/').pop()!))).toEqual([])
      expect(filesUnder(path.join(h.config.dataDir, 'uploads', 'private'))).toEqual([])

      // kept anonymously: the seat, the enrolment (no answers), the prize, the chat text
      expect((await h.db.selectFrom('activities').select('enrolled_count').where('id', '=', p.activityId).executeTakeFirstOrThrow()).enrolled_count).toBe(seatsBefore)
      const e = await h.db.selectFrom('activity_enrollments').select(['user_id', 'form_answers', 'status']).where('id', '=', p.enrollmentId).executeTakeFirstOrThrow()
      expect(e).toMatchObject({ user_id: p.id, form_answers: '{}' })
      expect(await h.db.selectFrom('raffle_draws').select('gift_id').where('user_id', '=', p.id).execute()).toHaveLength(1)
      const texts = await h.db.selectFrom('chat_messages').select('msg_content').where('msg_content', '=', 'How do I change my booking?').execute()
      expect(texts).toHaveLength(1)
      const u = await h.db.selectFrom('users').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow()
      expect(u).toMatchObject({ nick_name: `${DELETED_USER_NAME.zh} / ${DELETED_USER_NAME.en}`, phone: null, avatar_url: null, real_name: null, promoter_code: null })
      expect(u.erased_at).not.toBeNull()
    })

    if (target === 'sqlite') {
      it('the SQLite file itself no longer holds the person: their old row versions were overwritten, not only unlinked', async () => {
        // the log is folded into the file first, so the file is all there is to read
        await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(h.db)
        const bytes = fs.readFileSync(sqliteFile(h.config)).toString('latin1').toLowerCase()
        // every needle (e-mail, phone, names, code, file names), in the file's raw bytes
        const found = p.needles.filter((n) => bytes.includes(n.toLowerCase()))
        expect(found).toEqual([])
      })
    }

    it('the organizer’s enrolment list and its Excel export show "Deleted user" and nothing of the person', async () => {
      const list = await h.api('GET', `/activity/enroll/admin/list?activityId=${p.activityId}&page=1&pageSize=50`, { token: ops })
      expect(list.body.code).toBe(200)
      for (const n of p.needles) expect(list.raw.toLowerCase()).not.toContain(n.toLowerCase())
      expect(list.raw).toContain(DELETED_USER_NAME.en)
      const xlsx = await h.app.inject({ method: 'GET', url: `/api/v1/activity/enroll/admin/export?activityId=${p.activityId}`, headers: { authorization: `Bearer ${ops}` } })
      expect(xlsx.statusCode).toBe(200)
      const zip = await JSZip.loadAsync(xlsx.rawPayload)
      let text = ''
      for (const f of Object.values(zip.files)) if (!f.dir) text += await f.async('string')
      for (const n of p.needles) expect(text.toLowerCase()).not.toContain(n.toLowerCase())
      expect(text).toContain(DELETED_USER_NAME.en)
    })

    it('the raffle winners, the check-in search and the audit log show "Deleted user" and nothing of the person', async () => {
      const label = `${DELETED_USER_NAME.zh} / ${DELETED_USER_NAME.en}`
      const raffle = (await h.db.selectFrom('raffles').select('id').where('activity_id', '=', p.activityId).executeTakeFirstOrThrow()).id
      const winners = await h.api('GET', `/raffle/admin/winner/list?raffleId=${raffle}&page=1&pageSize=50`, { token: ops })
      expect(winners.body.code).toBe(200)
      expect(winners.raw).toContain(DELETED_USER_NAME.en)
      const found = await h.api('GET', `/activity/checkin/admin/search?activityId=${p.activityId}&keyword=${encodeURIComponent('Deleted')}`, { token: ops })
      expect(found.body.code).toBe(200)
      expect(JSON.stringify(found.body.result)).toContain(label)
      for (const keyword of [p.email, p.nick, p.phone.slice(-8)]) {
        const r = await h.api('GET', `/activity/checkin/admin/search?activityId=${p.activityId}&keyword=${encodeURIComponent(keyword)}`, { token: ops })
        expect([keyword, r.body.result]).toEqual([keyword, []])
      }
      const audit = await h.api('GET', '/system/audit/list?page=1&pageSize=100', { token: ops })
      expect(audit.body.code).toBe(200)
      for (const raw of [winners.raw, found.raw, audit.raw]) for (const n of p.needles) expect(raw.toLowerCase()).not.toContain(n.toLowerCase())
    })

    it('the agents’ chat console shows "Deleted user" with the conversation’s text, and nothing of the person', async () => {
      const kefu = await h.adminLogin('kefu@haijiao.demo')
      const list = await h.api('POST', '/message/message/listByKeFu/message', { token: kefu, body: { page: 1, pageSize: 100 } })
      expect(list.body.code).toBe(200)
      for (const n of p.needles) expect(list.raw.toLowerCase()).not.toContain(n.toLowerCase())
      const conv = list.body.result.list.find((c: any) => c.name === `${DELETED_USER_NAME.zh} / ${DELETED_USER_NAME.en}`)
      expect(conv).toBeTruthy()
      const messages = await h.api('POST', '/message/message/list/message', { token: kefu, body: { customerId: conv.customerId, page: 1, pageSize: 50 } })
      expect(messages.raw).toContain('How do I change my booking?')
      for (const n of p.needles) expect(messages.raw.toLowerCase()).not.toContain(n.toLowerCase())
    })

    it('a second sweep changes nothing and the erased row cannot sign in', async () => {
      await h.app.services.privacy.sweep()
      expect((await h.api('POST', '/system/user/login', { client: 'h5', body: { email: p.email, password: 'secret1' } })).body.code).not.toBe(200)
      expect((await h.api('GET', PRIVACY_API.deletionStatus, { token: p.token })).status).toBe(401)
    })
  })
}

// the same erasure with the uploads in an S3-compatible store: the person's objects and their download go
describe('the erasure removes the person’s objects from an S3 store [sqlite]', () => {
  let h: Harness
  let s3: S3Server
  beforeAll(async () => {
    s3 = await startS3rver()
    h = await startHarness('sqlite', { env: s3.env })
  }, 60_000)
  afterAll(async () => {
    await h?.close()
    await s3?.stop()
  })

  it('uploads and the data download are deleted from the bucket; nothing else is', async () => {
    expect(h.app.ctx.storage.kind).toBe('s3')
    const keys = async () => ((await (h.app.ctx.storage as S3Storage).client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!)
    const other = await h.registerUser('s3-bystander@haijiao.test', 'Bystander')
    const m = multipart('b.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]), 'image/png')
    const theirs = (await h.api('POST', '/file/info/single/upload?kind=image', { token: other.token, headers: m.headers, payload: m.payload })).body.result as string
    const p = await seedPerson(h, 's3')
    const before = await keys()
    for (const u of p.uploads) expect(before).toContain(u.slice('/uploads/'.length))
    expect(before.some((k) => k.startsWith('private/exports/'))).toBe(true)
    // the download is not served publicly from the bucket either
    const zipKey = before.find((k) => k.startsWith('private/'))!
    expect((await h.app.inject({ method: 'GET', url: `/uploads/${zipKey}` })).statusCode).toBe(404)

    expect((await h.api('POST', PRIVACY_API.deletionRequest, { token: p.token, body: { password: 'secret1' } })).body.code).toBe(200)
    h.clock.advance(7 * DAY + 60_000)
    expect((await h.app.services.privacy.sweep()).erased).toBe(1)
    await runJobs(h)
    const after = await keys()
    for (const u of p.uploads) expect(after).not.toContain(u.slice('/uploads/'.length))
    expect(after.filter((k) => k.startsWith('private/'))).toEqual([])
    expect(after).toContain(theirs.slice('/uploads/'.length))
  }, 60_000)
})
