/** Helpers the cluster files share: admin login over HTTP (captcha read from PostgreSQL), a test activity. */
import type { Client } from 'pg'
import { basic, call } from './cluster'
import { DEMO_PASSWORD } from '../../../server/src/db/seed/base-data'
import type { EnrollFormField } from '@contracts/enrollment'

export const FORM: EnrollFormField[] = [
  { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Full name', required: true, maxLength: 50 },
  { key: 'email', type: 'email', labelZh: '邮箱', labelEn: 'E-mail', required: true },
]

export async function login(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await call(baseUrl, 'POST', '/system/user/login', { authorization: basic('h5'), body: { email, password } })
  if (r.body?.code !== 200) throw new Error(`login ${email} at ${baseUrl}: ${JSON.stringify(r.body)}`)
  return r.body.result.token
}

/** The admin login as the admin app does it, the captcha code read from the database by its key. */
export async function adminLogin(baseUrl: string, pg: Client, email: string): Promise<string> {
  const cap = await call(baseUrl, 'GET', '/system/user/code/verification')
  const codeKey = cap.body.result.codeKey
  const { rows } = await pg.query('select code from captchas where code_key = $1', [codeKey])
  const r = await call(baseUrl, 'POST', '/system/user/ouser/login', { authorization: basic('admin'), body: { email, password: DEMO_PASSWORD, code: rows[0].code, codeKey } })
  if (r.body?.code !== 200) throw new Error(`admin login ${email}: ${JSON.stringify(r.body)}`)
  return r.body.result.token
}

/** A published activity of the demo organizer, open to visitors, with `seats` seats. */
export async function makeActivity(pg: Client, title: string, seats: number, needApproval = true): Promise<number> {
  const { rows: org } = await pg.query(
    "select a.organization_id from user_accounts a join users u on u.id = a.user_id where u.email = 'org@haijiao.demo' and a.kind = 'ouser'",
  )
  const now = Date.now()
  const iso = (ms: number) => new Date(ms).toISOString()
  const { rows } = await pg.query(
    `insert into activities (title_zh, title_en, summary_zh, summary_en, detail_zh, detail_en, type, poster_url, banner_url,
       start_time, end_time, time_zone, country, city_zh, city_en, organization_id, people_count, enrolled_count, status,
       published_at, created_at, updated_at, enroll_need_process, is_need_login_enroll, enroll_form)
     values ($1, $1, '', '', '', '', 'offline', null, null, $2, $3, 'UTC+08:00', 'CN', '上海', 'Shanghai', $4, $5, 0, 'published',
       $6, $6, $6, $7, 0, $8) returning id`,
    [title, iso(now + 72 * 3600_000), iso(now + 75 * 3600_000), org[0].organization_id, seats, iso(now), needApproval ? 1 : 0, JSON.stringify(FORM)],
  )
  return rows[0].id
}
