/**
 * A person with data in every table that can hold some (the erasure and the data-download tests): made
 * through the product's routes where a route makes it (registration, uploads, enrolment, the job that
 * mails its result, a data download), written directly where it takes a second party (the chat, a
 * raffle, check-in scans, the audit log, WeChat, an organizer's project from the enrolment).
 */
import crypto from 'node:crypto'
import { insertActivity, type Harness } from './harness'
import { multipart } from '../support/multipart'
import { ENROLL_API } from '@contracts/enrollment'
import { ALL_TYPES_FORM } from '../../server/src/db/seed/enrollment'
import { JobWorker } from '../../server/src/jobs/job-worker'
import { jobHandlers } from '../../server/src/job-handlers'

const PNG = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(1500)])

export interface SeededPerson {
  id: number
  token: string
  email: string
  promoterEmail: string
  nick: string
  realName: string
  phone: string
  promoterCode: string
  /** the upload URLs (/uploads/<key>) the person's rows name */
  uploads: string[]
  activityId: number
  enrollmentId: number
  /** what must appear nowhere once the person is erased */
  needles: string[]
}

export async function runJobs(h: Harness) {
  await new JobWorker(h.app.ctx, jobHandlers(h.app.services), { owner: 'privacy-person' }).runDue()
}

export async function seedPerson(h: Harness, tag: string): Promise<SeededPerson> {
  const email = `zephyrine.${tag}@haijiao.test`
  const promoterEmail = `zq-promoter.${tag}@haijiao.test`
  const nick = `Zephyrine Quillfeather ${tag}`
  const realName = `Quillfeather Realname ${tag}`
  const phone = `+86 139${String(crypto.randomInt(10_000_000, 99_999_999))}`
  const promoterCode = `ZQ${tag.toUpperCase().replace(/[^A-Z0-9]/g, '')}77`
  const { token, userInfo } = await h.registerUser(email, nick, 'secret1')
  const id = userInfo.id as number
  const now = () => h.clock.now().toISOString()

  const upload = async () => {
    const m = multipart('mine.png', PNG(), 'image/png')
    const r = await h.api('POST', '/file/info/single/upload?kind=image', { token, headers: m.headers, payload: m.payload })
    if (r.body.code !== 200) throw new Error(`upload failed: ${r.raw}`)
    return r.body.result as string
  }
  const avatar = await upload()
  const cv = await upload()
  const chatFile = await upload()
  const waitlistCv = await upload()
  await h.db
    .updateTable('users')
    .set({ avatar_url: avatar, phone, real_name: realName, is_promoter: 1, promoter_code: promoterCode, promoter_email: promoterEmail, lang: 'en' })
    .where('id', '=', id)
    .execute()

  // an enrolment with every kind of answer (its attachment uploaded), through the route; its job mails the result
  const org = (await h.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow()).id
  const activityId = await insertActivity(h, { title_zh: `隐私测试活动 ${tag}`, title_en: `Privacy test ${tag}`, organization_id: org, enroll_form: JSON.stringify(ALL_TYPES_FORM) })
  const answers = { name: realName, email, intro: `I am ${nick}, call ${phone}`, yearsAbroad: 8, returnDate: '2027-03-01', attend: 'onsite', interests: ['policy'], degree: 'phd', cv }
  const enrol = await h.api('POST', ENROLL_API.submit, { token, body: { activityId, answers } })
  if (enrol.body.code !== 200) throw new Error(`enrol failed: ${enrol.raw}`)
  const enrollmentId = enrol.body.result.enrollmentId as number
  await runJobs(h)

  // a second activity whose waiting list holds the person
  const full = await insertActivity(h, { title_zh: `候补测试 ${tag}`, title_en: `Waitlist test ${tag}`, organization_id: org, enroll_form: JSON.stringify(ALL_TYPES_FORM), people_count: 0, waitlist_enabled: 1 })
  await h.db
    .insertInto('activity_waitlist')
    .values({ activity_id: full, user_id: id, person_key: `u:${id}`, state: 'waiting', form_answers: JSON.stringify({ ...answers, cv: waitlistCv }), created_at: now(), updated_at: now() } as never)
    .execute()

  const staff = (await h.db.selectFrom('users').select('id').where('email', '=', 'ops@haijiao.demo').executeTakeFirstOrThrow()).id
  const ticket = (await h.db.selectFrom('activity_enrollments').select('ticket_code').where('id', '=', enrollmentId).executeTakeFirstOrThrow()).ticket_code ?? 'T-NONE'
  await h.db
    .updateTable('activity_enrollments')
    .set({ checked_in_at: now(), checked_in_by: staff, admin_remark: `VIP: ${nick}`, checked_in_device: 'door-1' })
    .where('id', '=', enrollmentId)
    .execute()
  await h.db
    .insertInto('checkin_scans')
    .values({ activity_id: activityId, enrollment_id: enrollmentId, action: 'checkin', kind: 'ticket', code: ticket, nonce: crypto.randomUUID(), device_id: 'door-1', staff_user_id: staff, reason: `matched ${email}`, scanned_at: now(), received_at: now() })
    .execute()
  // an organizer's project made from the enrolment carries its contact
  await h.db
    .insertInto('org_projects')
    .values({ title_zh: '项目', title_en: 'Project', summary_zh: '', summary_en: '', content_zh: '', content_en: '', city_zh: '', city_en: '', organization_id: org, field_code: 'ai', created_at: now(), updated_at: now(), contact_name: realName, contact_phone: phone, contact_email: email, source_enrollment_id: enrollmentId } as never)
    .execute()

  // the audit log: an organizer's change to the enrolment, and a sign-in
  await h.db
    .insertInto('audit_log')
    .values([
      { created_at: now(), actor_id: staff, actor_name: 'ops', action: 'update', route: '/activity/enroll/admin/update', target_type: 'enrollment', target_id: `${enrollmentId} ${nick}`, outcome: 'ok', before_json: JSON.stringify({ name: realName, email }), after_json: JSON.stringify({ name: realName, phone }) },
      { created_at: now(), actor_id: id, actor_name: nick, action: 'sign_in', route: '/system/user/login', target_type: 'account', target_id: String(id), outcome: 'ok', after_json: JSON.stringify({ email }), ip: '203.0.113.7', user_agent: 'test' },
    ])
    .execute()
  // and a row still staged (audit_pending: not yet moved into audit_log), the person's own
  await (h.app.services.audit as unknown as { repo: { stage(row: object): Promise<number> } }).repo.stage({
    created_at: now(), actor_id: id, actor_name: email, actor_roles: null, organization_id: null, action: 'update', route: 'POST /api/v1/system/user/update', target_type: 'account',
    target_id: `${id} ${nick}`, outcome: 'pending', result_code: null, before_json: JSON.stringify({ name: realName }), after_json: JSON.stringify({ phone }), ip: '203.0.113.8', user_agent: 'test',
  })

  // favourites, follows, subscriptions, feedback
  await h.db.insertInto('favorites').values({ user_id: id, item_type: 'activity', item_id: activityId, created_at: now() }).execute()
  await h.db.insertInto('organizer_follows').values({ user_id: id, organization_id: org, created_at: now() }).execute()
  await h.db.updateTable('organizations').set((eb) => ({ follower_count: eb('follower_count', '+', 1) })).where('id', '=', org).execute()
  const sub = await h.db.insertInto('subscribers').values({ email, user_id: id, status: 'confirmed', confirmed_at: now(), created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()
  await h.db.insertInto('subscriber_categories').values({ subscriber_id: sub.id, code: 'ai' }).execute()
  await h.db.insertInto('feedback').values({ description: `Feedback from ${nick}`, name: realName, tel: phone, email, user_id: id, created_at: now(), updated_at: now() }).execute()

  // the chat with an agent: the person's text, a file, an agent's note
  const kefu = (await h.db.selectFrom('users').select('id').where('email', '=', 'kefu@haijiao.demo').executeTakeFirstOrThrow()).id
  const conv = await h.db
    .insertInto('chat_conversations')
    .values({ customer_id: String(id), customer_type: 'customer', user_id: id, kefu_id: kefu, status: 'open', last_message_id: null, last_message_at: now(), created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow()
  await h.db
    .insertInto('chat_messages')
    .values([
      { conversation_id: conv.id, customer_id: String(id), send_id: String(id), send_type: 'customer', msg_type: 'text', msg_content: 'How do I change my booking?', url: null, client_msg_id: null, send_time: now(), read_at: null },
      { conversation_id: conv.id, customer_id: String(id), send_id: String(id), send_type: 'customer', msg_type: 'image', msg_content: chatFile, url: chatFile, client_msg_id: null, send_time: now(), read_at: null },
      { conversation_id: conv.id, customer_id: String(id), send_id: String(kefu), send_type: 'kefu', msg_type: 'text', msg_content: 'Open the ticket page, please.', url: null, client_msg_id: null, send_time: now(), read_at: null },
    ])
    .execute()
  await h.db.insertInto('chat_uploads').values({ url: chatFile, uploader: `user:${id}`, created_at: now() }).execute()
  await h.db.insertInto('chat_conversation_events').values({ conversation_id: conv.id, kind: 'note', actor_id: kefu, note: `Customer ${nick} (${email}) asked about tickets`, created_at: now() } as never).execute()
  await h.db.insertInto('chat_ratings').values({ conversation_id: conv.id, customer_id: String(id), closed_at: now(), kefu_id: kefu, category_id: null, score: 4, comment: `Helpful. ${realName}, ${phone}`, created_at: now() }).execute()

  // a raffle prize, extra draws granted, WeChat, notification choices, a job and a mail about the person
  const raffle = await h.db
    .insertInto('raffles')
    .values({ activity_id: activityId, organization_id: org, name_zh: '抽奖', name_en: 'Raffle', start_time: now(), end_time: new Date(Date.now() + 86_400_000 * 30).toISOString(), time_zone: 'UTC+08:00', created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow()
  const gift = await h.db.insertInto('raffle_gifts').values({ raffle_id: raffle.id, name_zh: '奖品', name_en: 'Prize', image_url: null, stock: 5, won_count: 1, created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()
  await h.db.insertInto('raffle_draws').values({ raffle_id: raffle.id, user_id: id, client_key: crypto.randomUUID(), gift_id: gift.id, claimed_at: null, claimed_by: null, created_at: now() }).execute()
  await h.db.insertInto('raffle_times').values({ raffle_id: raffle.id, user_id: id, extra_times: 1, used_times: 1, created_at: now(), updated_at: now() }).execute()
  await h.db.insertInto('raffle_time_grants').values({ raffle_id: raffle.id, user_id: id, times: 1, reason: `For ${nick}`, granted_by: staff, created_at: now() }).execute()
  await h.db.insertInto('user_wechat_identities').values({ user_id: id, app_kind: 'mini', open_id: `oZQ-${tag}`, union_id: `uZQ-${tag}`, created_at: now(), updated_at: now() }).execute()
  await h.db.insertInto('wechat_subscriptions').values({ user_id: id, template_id: 'tpl-1', remaining: 2, updated_at: now() }).execute()
  await h.db.insertInto('notification_settings').values({ user_id: id, email_reminders: 1, email_notices: 1, wechat: 1, time_zone: 'Europe/Berlin', updated_at: now() } as never).execute()
  await h.app.ctx.jobs.enqueue({ type: 'notice.send', payload: { to: email, name: nick }, runAt: new Date(Date.now() + 86_400_000 * 365).toISOString(), dedupeKey: `privacy-test:${tag}` })

  // a data download, built (the zip in the storage holds all of the above)
  const exp = await h.api('POST', '/system/user/data/export', { token })
  if (exp.body.code !== 200) throw new Error(`export failed: ${exp.raw}`)
  await runJobs(h)

  const uploads = [avatar, cv, chatFile, waitlistCv]
  const needles = [email, promoterEmail, nick, realName, phone, phone.replace(/\D/g, '').slice(-11), promoterCode, ...uploads.map((u) => u.split('/').pop()!.replace(/\.\w+$/, ''))]
  return { id, token, email, promoterEmail, nick, realName, phone, promoterCode, uploads, activityId, enrollmentId, needles }
}
