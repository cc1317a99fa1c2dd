/**
 * The people behind the seeded counters (a count shown anywhere equals the rows it
 * counts). Earlier seeds set `activities.enrolled_count` and `organizations.follower_count` to plausible
 * numbers with almost no rows behind them, so "Enrolled 73 / 80" sat above an enrolment list of 2.
 *
 * Once per database (`seed_marks`): a pool of ATTENDEE_COUNT consumer accounts (plausible names, the
 * reserved example.org domain, a password hash that never verifies: they cannot sign in) enrols in each
 * activity as many times as its counter claims (at most the pool's size), with answers to the activity's
 * own form and states that fit it (approval activities: approved and pending, plus a few rejected that
 * hold no seat). Organisations get follows from the pool in proportion to their seeded follower numbers.
 * Then every counter is set from its rows — on a database seeded by an earlier version too, whose
 * counters were larger than the pool, so the numbers shown and the lists always agree.
 */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../schema'
import type { EnrollFormField } from '@contracts/enrollment'
import { seedOnce } from './once'

export const ATTENDEE_COUNT = 120
export const ATTENDEE_DOMAIN = 'example.org'
const MARK = 'attendees-v1'
/** not a valid scrypt/bcrypt string: verification always fails, so the pool cannot sign in */
const NO_PASSWORD = '!seeded-attendee'

const SURNAMES: Array<[string, string]> = [
  ['王', 'Wang'], ['李', 'Li'], ['张', 'Zhang'], ['刘', 'Liu'], ['陈', 'Chen'], ['杨', 'Yang'], ['黄', 'Huang'], ['赵', 'Zhao'],
  ['吴', 'Wu'], ['周', 'Zhou'], ['徐', 'Xu'], ['孙', 'Sun'], ['马', 'Ma'], ['朱', 'Zhu'], ['胡', 'Hu'],
]
const GIVEN: Array<[string, string]> = [
  ['思远', 'Siyuan'], ['雨桐', 'Yutong'], ['浩然', 'Haoran'], ['子涵', 'Zihan'], ['一鸣', 'Yiming'], ['欣怡', 'Xinyi'], ['嘉怡', 'Jiayi'], ['俊杰', 'Junjie'],
]
const SCHOOLS = [
  'University of Toronto', 'Imperial College London', 'Stanford University', 'National University of Singapore', 'University of Melbourne',
  'ETH Zürich', 'University of Tokyo', 'Columbia University', 'TU München', 'University of Sydney', 'McGill University', 'University of Edinburgh',
]
const PHONE_PREFIX = ['+1 416 555', '+44 20 7946', '+1 650 555', '+65 6555', '+61 2 5550', '+49 30 5557', '+81 3 5550', '+86 138 0013']

export interface Attendee {
  nameZh: string
  nameEn: string
  email: string
  phone: string
  school: string
}

/** the pool, the same for every database */
export function attendee(i: number): Attendee {
  const [sz, se] = SURNAMES[i % SURNAMES.length]
  const [gz, ge] = GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]
  const email = `${ge.toLowerCase()}.${se.toLowerCase()}${i >= SURNAMES.length * GIVEN.length ? i : ''}@${ATTENDEE_DOMAIN}`
  return {
    nameZh: `${sz}${gz}`,
    nameEn: `${ge} ${se}`,
    email,
    phone: `${PHONE_PREFIX[i % PHONE_PREFIX.length]} ${String(1000 + ((i * 37) % 9000)).padStart(4, '0')}`,
    school: SCHOOLS[(i * 5) % SCHOOLS.length],
  }
}

/** answers to an activity's own form, one per field, in the form's types */
export function answersFor(form: EnrollFormField[], p: Attendee, i: number): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of form) {
    const opts = f.options ?? []
    switch (f.type) {
      case 'email':
        out[f.key] = p.email
        break
      case 'number':
        out[f.key] = Math.min(f.max ?? 60, Math.max(f.min ?? 0, 2 + (i % 9)))
        break
      case 'date':
        out[f.key] = `2027-${String(1 + (i % 12)).padStart(2, '0')}-15`
        break
      case 'select':
      case 'radio':
        if (opts.length) out[f.key] = opts[i % opts.length].value
        break
      case 'checkbox':
        if (opts.length) out[f.key] = [opts[i % opts.length].value, opts[(i + 1) % opts.length].value].filter((v, k, a) => a.indexOf(v) === k)
        break
      case 'attachment':
        out[f.key] = '/static/posters/attendee-cv.svg'
        break
      case 'textarea':
        out[f.key] = `${p.school}; research and work abroad for ${2 + (i % 9)} years.`
        break
      default:
        out[f.key] =
          f.key === 'name' ? p.nameZh : f.key === 'phone' ? p.phone : f.key === 'organisation' ? p.school : p.nameEn
    }
  }
  return out
}

type Trx = Transaction<DB>

async function pool(trx: Trx, ts: string, bump: (k: string) => void): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < ATTENDEE_COUNT; i++) {
    const p = attendee(i)
    let row = await trx.selectFrom('users').select('id').where('email', '=', p.email).executeTakeFirst()
    if (!row) {
      row = await trx
        .insertInto('users')
        .values({
          email: p.email,
          password_hash: NO_PASSWORD,
          nick_name: p.nameEn,
          real_name: p.nameZh,
          avatar_url: null,
          phone: null,
          lang: i % 3 === 0 ? 'en' : 'zh-cn',
          failed_login_window_start: null,
          frozen_until: null,
          created_at: ts,
          updated_at: ts,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.insertInto('user_accounts').values({ user_id: row.id, kind: 'cuser', expires_at: null, organization_id: null, role_id: null, created_at: ts, updated_at: ts }).execute()
      bump('attendees')
    }
    ids.push(row.id)
  }
  return ids
}

const parseForm = (s: string | null): EnrollFormField[] => {
  try {
    const v = s ? (JSON.parse(s) as unknown) : null
    return Array.isArray(v) ? (v as EnrollFormField[]) : []
  } catch {
    return []
  }
}

/** enrolled_count = the enrolments that hold a seat (pending, approved), as the enrolment service counts */
export async function deriveEnrolledCounts(db: Kysely<DB> | Trx): Promise<void> {
  await db
    .updateTable('activities')
    .set((eb) => ({
      enrolled_count: eb
        .selectFrom('activity_enrollments as e')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('e.activity_id', '=', 'activities.id')
        .where('e.status', 'in', ['pending', 'approved']),
    }))
    .execute()
}

/** follower_count = the organisation's follow rows */
export async function deriveFollowerCounts(db: Kysely<DB> | Trx): Promise<void> {
  await db
    .updateTable('organizations')
    .set((eb) => ({
      follower_count: eb
        .selectFrom('organizer_follows as f')
        .select((f) => f.fn.countAll<number>().as('n'))
        .whereRef('f.organization_id', '=', 'organizations.id'),
    }))
    .execute()
}

export async function seedAttendees(db: Kysely<DB>, now: Date, bump: (k: string) => void): Promise<void> {
  await seedOnce(db, MARK, async (trx) => {
    const ts = now.toISOString()
    const people = await pool(trx, ts, bump)
    const activities = await trx
      .selectFrom('activities')
      .select(['id', 'people_count', 'enrolled_count', 'enroll_form', 'enroll_need_process', 'is_need_login_enroll', 'start_time'])
      .orderBy('id')
      .execute()
    for (const a of activities) {
      const taken = await trx.selectFrom('activity_enrollments').select(['user_id', 'status']).where('activity_id', '=', a.id).execute()
      const holding = taken.filter((t) => t.status !== 'rejected').length
      const claimed = a.people_count > 0 ? Math.min(a.enrolled_count, a.people_count) : a.enrolled_count
      const busy = new Set(taken.map((t) => t.user_id))
      const free = people.filter((id) => !busy.has(id))
      // start the walk through the pool at a different person for each activity
      free.push(...free.splice(0, (a.id * 17) % Math.max(1, free.length)))
      const seats = Math.max(0, Math.min(claimed - holding, free.length))
      const process = a.enroll_need_process === 1
      const rejected = process ? Math.min(Math.floor(seats / 8) + 1, free.length - seats) : 0
      const form = parseForm(a.enroll_form)
      const startMs = Date.parse(a.start_time)
      const rows = []
      for (let k = 0; k < seats + Math.max(0, rejected); k++) {
        const userId = free[k]
        const i = people.indexOf(userId)
        const status = k >= seats ? 'rejected' : process && k % 3 === 2 ? 'pending' : 'approved'
        // enrolled over the three weeks before the start (or before now, whichever is earlier)
        const last = Math.min(startMs, now.getTime()) - 3600_000
        const at = new Date(last - ((k * 7919) % (21 * 24)) * 3600_000).toISOString()
        rows.push({
          activity_id: a.id,
          user_id: userId,
          status: status as 'pending' | 'approved' | 'rejected',
          form_answers: JSON.stringify(answersFor(form, attendee(i), i)),
          promoter_user_id: null,
          guest_email: null,
          guest_token: null,
          admin_remark: null,
          // told to the person, in their language (the pool's lang: every third person English)
          reject_reason: status === 'rejected' ? (i % 3 === 0 ? "Places are reserved for applicants in the programme's fields." : '名额优先给予本期方向的申请人。') : null,
          created_at: at,
          updated_at: at,
        })
      }
      for (let s = 0; s < rows.length; s += 100) {
        await trx.insertInto('activity_enrollments').values(rows.slice(s, s + 100)).execute()
      }
      if (rows.length) bump('attendeeEnrollments')
    }

    const orgs = await trx.selectFrom('organizations').select(['id', 'follower_count']).where('pid', '=', 0).orderBy('id').execute()
    for (const o of orgs) {
      const want = Math.min(people.length, Math.round(o.follower_count / 100))
      if (want <= 0) continue
      const have = new Set((await trx.selectFrom('organizer_follows').select('user_id').where('organization_id', '=', o.id).execute()).map((r) => r.user_id))
      const rows = people
        .filter((id) => !have.has(id))
        .slice(0, Math.max(0, want - have.size))
        .map((user_id, k) => ({ user_id, organization_id: o.id, created_at: new Date(now.getTime() - (k + 1) * 86400_000).toISOString() }))
      if (rows.length) await trx.insertInto('organizer_follows').values(rows).execute()
    }
    await deriveEnrolledCounts(trx)
    await deriveFollowerCounts(trx)
  })
}
