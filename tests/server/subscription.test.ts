/**
 * E-mail subscriptions on SQLite and PostgreSQL: validation (408 / 301 naming the field, nothing
 * stored), double opt-in (nothing but the confirmation is sent before the link from the received mail is
 * opened), the daily digest by category with RFC 8058 headers, unsubscribing through the links of the
 * mail the SMTP sink received (page link and one-click POST), the blacklist, logged-in subscriptions
 * and the admin list / export / permissions.
 */
import type { ParsedMail } from 'mailparser'
import { describeEachDb, type Harness } from './harness'
import { SUBSCRIPTION_API as S } from '@contracts/subscription'
import { JobWorker } from '../../server/src/jobs'
import { jobHandlers } from '../../server/src/job-handlers'
import { DIGEST_DELAY_MS } from '../../server/src/modules/subscription/subscription.service'

const header = (m: ParsedMail, name: string) => m.headerLines.find((l) => l.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ') ?? null
const tokenIn = (text: string, kind: 'confirm' | 'cancel') => {
  const re = kind === 'confirm' ? /\/unsubscribe\?action=confirm&token=([\w.-]+)/ : /\/unsubscribe\?token=([\w.-]+)/
  const m = re.exec(text)
  if (!m) throw new Error(`no ${kind} link in:\n${text}`)
  return m[1]
}

describeEachDb('subscription', (get) => {
  let h: Harness
  let ops: string
  let worker: JobWorker
  beforeAll(async () => {
    h = get()
    ops = await h.adminLogin('ops@haijiao.demo')
    worker = new JobWorker(h.app.ctx, jobHandlers(h.app.services), { owner: 'test' })
  })
  const subscribers = async () => Number((await h.db.selectFrom('subscribers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const policyId = async (titleZh: string) => (await h.db.selectFrom('policies').select('id').where('title_zh', '=', titleZh).executeTakeFirstOrThrow()).id
  /** publish → wait for the digest delay → run the queue (as the server's worker does) */
  const publishAndRun = async (kind: 'policy' | 'information', id: number) => {
    const r = await h.api('POST', S.adminNotify, { token: ops, body: { kind, id } })
    expect(r.body.code).toBe(200)
    h.clock.advance(DIGEST_DELAY_MS + 1000)
    await worker.runDue()
    return r.body.result.digestDate as string
  }
  const nextDay = async () => {
    h.clock.advance(86_400_000)
    await worker.runDue()
  }

  test('bad input: 408 without e-mail, 301 naming email / professionalCodeList, nothing stored', async () => {
    const before = await subscribers()
    const cases: Array<[object, number, string | null]> = [
      [{ professionalCodeList: ['ai'] }, 408, 'email'],
      [{ email: 'not-an-email', professionalCodeList: ['ai'] }, 301, 'email'],
      [{ email: 'a@b.com', professionalCodeList: [] }, 301, 'professionalCodeList'],
      [{ email: 'a@b.com' }, 301, 'professionalCodeList'],
      [{ email: 'a@b.com', professionalCodeList: ['no_such_field'] }, 301, 'professionalCodeList'],
    ]
    for (const [body, code, field] of cases) {
      const r = await h.api('POST', S.add, { body })
      expect([r.body.code, r.body.result?.field ?? null]).toEqual([code, field])
    }
    expect(await subscribers()).toBe(before)
    expect(h.mail.count('a@b.com')).toBe(0)
  })

  test('categories come from the professional dictionary', async () => {
    const r = await h.api('GET', S.categories)
    expect(r.body.result.map((o: any) => o.code)).toEqual(expect.arrayContaining(['ai', 'ic', 'biomed']))
    expect(r.body.result[0]).toEqual(expect.objectContaining({ nameZh: expect.any(String), nameEn: expect.any(String) }))
  })

  test('double opt-in, digest by category with one-click headers, unsubscribe from the received mail', async () => {
    const email = 'Visitor.One@Example.com'
    const addr = email.toLowerCase()
    const r = await h.api('POST', S.add, { body: { email, professionalCodeList: ['ic', 'ai'] }, headers: { lang: 'en' } })
    expect(r.body).toMatchObject({ code: 200, result: { status: 'pending', email: addr } })
    const confirmMail = await h.mail.latest(addr)
    expect(confirmMail.subject).toMatch(/confirm/i)
    expect(header(confirmMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')

    // not confirmed yet: a published IC policy sends nothing
    await publishAndRun('policy', await policyId('合肥市集成电路人才专项'))
    expect(h.mail.count(addr)).toBe(1)

    const confirmToken = tokenIn(confirmMail.text ?? '', 'confirm')
    const c = await h.api('GET', `${S.confirm}?token=${confirmToken}`)
    expect(c.body.result).toEqual({ email: 'v***@example.com', status: 'confirmed', professionalCodeList: ['ai', 'ic'] })
    expect((await h.api('GET', `${S.confirm}?token=${confirmToken}x`)).body.code).toBe(429)

    // a biomed policy is not in the visitor's categories; the next day an IC policy is
    await nextDay()
    await publishAndRun('policy', await policyId('海外医学人才引进专项'))
    expect(h.mail.count(addr)).toBe(1)
    await nextDay()
    const day = await publishAndRun('policy', await policyId('苏州工业园区科技领军人才计划'))
    expect(h.mail.count(addr)).toBe(2)
    const digest = await h.mail.latest(addr, 1)
    expect(digest.subject).toContain(day)
    expect(digest.subject).toContain('Suzhou Industrial Park Tech Leaders')
    const listUnsub = header(digest, 'List-Unsubscribe')!
    expect(listUnsub).toMatch(/^<http:\/\/.+\/api\/v1\/system\/subscribe\/one-click\/unsubscribe\?token=[\w.-]+>$/)
    expect(header(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')

    // the page link of the mail: the page shows the subscription, the button unsubscribes
    const cancelToken = tokenIn(digest.text ?? '', 'cancel')
    const view = await h.api('GET', `${S.cancel}?token=${cancelToken}`)
    expect(view.body.result).toMatchObject({ email: 'v***@example.com', status: 'confirmed' })
    const done = await h.api('GET', `${S.confirmCancel}?token=${cancelToken}`)
    expect(done.body.result.status).toBe('unsubscribed')
    // a stale confirmation link does not undo the unsubscription
    expect((await h.api('GET', `${S.confirm}?token=${confirmToken}`)).body.code).toBe(429)

    // unsubscribed: the next digest (an information item goes to everyone) skips the address
    const info = await h.db.selectFrom('information').select('id').where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow()
    await nextDay()
    await publishAndRun('information', info.id)
    expect(h.mail.count('reader@example.com')).toBeGreaterThan(0) // a confirmed demo subscriber did get it
    expect(h.mail.count(addr)).toBe(2)
  })

  test('one-click: the POST a mail client sends to the List-Unsubscribe URL unsubscribes', async () => {
    const addr = 'oneclick@example.com'
    await h.api('POST', S.add, { body: { email: addr, professionalCodeList: ['finance'] } })
    const confirm = await h.mail.latest(addr)
    await h.api('GET', `${S.confirm}?token=${tokenIn(confirm.text ?? '', 'confirm')}`)
    const url = /^<(.+)>$/.exec(header(confirm, 'List-Unsubscribe')!)![1]
    const res = await h.app.inject({
      method: 'POST',
      url: url.replace(/^https?:\/\/[^/]+/, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.json()).toMatchObject({ code: 200, result: { status: 'unsubscribed' } })
    const row = await h.db.selectFrom('subscribers').select('status').where('email', '=', addr).executeTakeFirstOrThrow()
    expect(row.status).toBe('unsubscribed')
  })

  test('blacklist: a blacklisted address cannot subscribe and never receives the digest', async () => {
    // blacklisted before subscribing
    const b = await h.api('POST', S.adminBlacklist, { token: ops, body: { email: 'Banned@Example.com', blacklisted: true } })
    expect(b.body.result).toMatchObject({ email: 'banned@example.com', blacklisted: true })
    const r = await h.api('POST', S.add, { body: { email: 'banned@example.com', professionalCodeList: ['ai'] } })
    expect(r.body).toMatchObject({ code: 425, result: { reason: 'blacklisted' } })
    expect(h.mail.count('banned@example.com')).toBe(0)

    // blacklisted after confirming: the next digest skips the address
    const addr = 'later.banned@example.com'
    await h.api('POST', S.add, { body: { email: addr, professionalCodeList: ['agriculture'] } })
    const confirm = await h.mail.latest(addr)
    await h.api('GET', `${S.confirm}?token=${tokenIn(confirm.text ?? '', 'confirm')}`)
    await h.api('POST', S.adminBlacklist, { token: ops, body: { email: addr, blacklisted: true } })
    await nextDay()
    await publishAndRun('policy', await policyId('现代农业科技人才下乡计划'))
    expect(h.mail.count(addr)).toBe(1)
    const d = await h.db.selectFrom('mail_deliveries').select('status').where('recipient', '=', addr).execute()
    expect(d.every((x) => x.status !== 'sent')).toBe(true)
    // and cannot subscribe again
    expect((await h.api('POST', S.add, { body: { email: addr, professionalCodeList: ['ai'] } })).body.code).toBe(425)
  })

  test('logged in: categories only, the account e-mail is used', async () => {
    const token = await h.login('user@haijiao.demo')
    const r = await h.api('POST', S.add, { token, body: { professionalCodeList: ['education'], email: 'ignored@example.com' } })
    expect(r.body.result).toEqual({ status: 'pending', email: 'user@haijiao.demo' })
    expect(h.mail.count('ignored@example.com')).toBe(0)
    const mine = await h.api('GET', S.mine, { token })
    expect(mine.body.result).toEqual({ email: 'user@haijiao.demo', status: 'pending', professionalCodeList: ['education'] })
  })

  test('admin: search, export CSV, permissions', async () => {
    const list = await h.api('GET', `${S.adminList}?keyword=visitor.one`, { token: ops })
    expect(list.body.result.total).toBe(1)
    expect(list.body.result.list[0]).toMatchObject({ email: 'visitor.one@example.com', status: 'unsubscribed', blacklisted: false })
    const black = await h.api('GET', `${S.adminList}?blacklisted=true`, { token: ops })
    expect(black.body.result.list.map((x: any) => x.email)).toEqual(expect.arrayContaining(['banned@example.com', 'later.banned@example.com']))

    const csv = await h.app.inject({ method: 'GET', url: `/api/v1${S.adminExport}?keyword=example.com`, headers: { authorization: `Bearer ${ops}` } })
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="subscribers-.+\.csv"/)
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('id,email,status,blacklisted,categories,lang,source,user_id,created_at,confirmed_at,unsubscribed_at')
    expect(lines.some((l) => l.includes('visitor.one@example.com,unsubscribed,0,ai ic,en,footer'))).toBe(true)

    expect((await h.api('GET', S.adminList)).status).toBe(401)
    const user = await h.login('user@haijiao.demo')
    expect((await h.api('GET', S.adminList, { token: user })).status).toBe(403)
    const org = await h.adminLogin('org@haijiao.demo')
    expect((await h.api('POST', S.adminBlacklist, { token: org, body: { email: 'x@y.com', blacklisted: true } })).status).toBe(403)
  })

  test('admin: failed digest mails are listed with their reason and sent again by the resend action', async () => {
    // a digest mail that a dying instance left half-sent is marked failed by the job, never re-sent on its own
    const sent = await h.db
      .selectFrom('mail_deliveries as d')
      .innerJoin('subscribers as s', 's.id', 'd.subscriber_id')
      .select(['d.id', 'd.recipient', 'd.job_id'])
      .where('d.kind', '=', 'digest')
      .where('d.status', '=', 'sent')
      .where('s.status', '=', 'confirmed')
      .where('s.blacklisted', '=', 0)
      .orderBy('d.id')
      .executeTakeFirstOrThrow()
    await h.db.updateTable('mail_deliveries').set({ status: 'failed', error: 'interrupted while sending; not retried to avoid a duplicate' }).where('id', '=', sent.id).execute()
    const failed = await h.api('GET', `${S.adminDeliveries}?status=failed`, { token: ops })
    expect(failed.body.code).toBe(200)
    expect(failed.body.result.list).toEqual([
      expect.objectContaining({ id: sent.id, email: sent.recipient, status: 'failed', error: expect.stringContaining('interrupted'), digestDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }),
    ])
    const all = await h.api('GET', `${S.adminDeliveries}?keyword=${encodeURIComponent(sent.recipient)}`, { token: ops })
    expect(all.body.result.list.map((x: any) => x.id)).toContain(sent.id)

    // refused: no token, a consumer, an organizer (no subscriber menu); bad input names nothing as done
    expect((await h.api('GET', S.adminDeliveries)).status).toBe(401)
    const org = await h.adminLogin('org@haijiao.demo')
    expect((await h.api('GET', S.adminDeliveries, { token: org })).status).toBe(403)
    expect((await h.api('POST', S.adminResend, { token: org, body: { ids: [sent.id] } })).status).toBe(403)
    expect((await h.api('POST', S.adminResend, { token: ops, body: { ids: [] } })).body.code).toBe(301)
    expect((await h.api('POST', S.adminResend, { token: ops, body: { ids: ['x'] } })).body.code).toBe(301)

    const before = h.mail.count(sent.recipient)
    const r = await h.api('POST', S.adminResend, { token: ops, body: { ids: [sent.id, 999999] } })
    expect(r.body.result).toEqual({ count: 1 })
    // a second click finds nothing failed any more
    expect((await h.api('POST', S.adminResend, { token: ops, body: { ids: [sent.id] } })).body.result).toEqual({ count: 0 })
    expect((await h.db.selectFrom('job_queue').select('status').where('id', '=', sent.job_id!).executeTakeFirstOrThrow()).status).toBe('pending')
    await worker.runDue()
    expect(h.mail.count(sent.recipient)).toBe(before + 1)
    const row = await h.db.selectFrom('mail_deliveries').select(['status', 'error']).where('id', '=', sent.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'sent', error: null })
    expect((await h.db.selectFrom('job_queue').select('status').where('id', '=', sent.job_id!).executeTakeFirstOrThrow()).status).toBe('done')
  })
})
