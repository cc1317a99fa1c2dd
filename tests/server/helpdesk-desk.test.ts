/**
 * The helpdesk around the live chat, on SQLite and PostgreSQL with real websocket clients and a moving
 * clock: unanswered-wait alerts (not before the delay, once per wait, not when answered, once across two
 * instances), the admin home's unanswered figure equal to the rows the search lists, canned replies
 * (own / shared, sent in the visitor's language), closing and rating (once, only closed, only one's own),
 * the ratings report, typing and read frames, conversation search, transcripts with their daily limits,
 * and the concurrent-conversation limit. Refused requests answer a clear code and change nothing.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { describeEachDb } from './harness'
import { ChatClient, hello, text } from './chat-client'
import { buildApp } from '../../server/src/app'
import { JobWorker } from '../../server/src/jobs/job-worker'
import { jobHandlers } from '../../server/src/job-handlers'
import { HELPDESK_ALERT_JOB } from '../../server/src/modules/chat/helpdesk.service'
import { HELPDESK_API as H } from '@contracts/helpdesk'
import { ADMIN_ANALYSIS_API } from '@contracts/analysis'

describeEachDb('helpdesk desk', (hh) => {
  let port = 0
  const clients: ChatClient[] = []
  let kefuToken = ''
  let opsToken = ''
  let userToken = ''
  let kefuId = 0
  let opsId = 0
  let jobCategory = 0

  const open = async (query: Record<string, string>) => {
    const c = await ChatClient.open(port, query)
    clients.push(c)
    await c.next((f) => f.type === 'connected' || f.type === 'error')
    return c
  }
  const me = async (token: string) => (await hh().api('GET', '/system/user/current/user', { token })).body.result.id as number
  const agent = async (token: string) => {
    const c = await open({ token, role: 'kefu' })
    c.send({ kefu_status: { status: 'online' } })
    await c.next((f) => f.type === 'kefu_state' && f.status === 'online')
    return c
  }
  const visitor = async (category?: string, lang = 'en') => {
    const tid = (await hh().api('GET', '/signal/sign/get/newId')).body.result as string
    const c = await open({ touristId: tid, lang })
    const publicId = tid.split('.')[0]
    c.send(hello({ sendId: publicId, sendType: 'tourist', customerId: publicId, ...(category ? { category } : {}) }))
    return { c, publicId, tid }
  }
  let seq = 0
  const say = async (c: ChatClient, msg: string, extra: Record<string, unknown> = {}) => {
    const id = `m${++seq}`
    c.send(text(msg, id, extra))
    return (await c.ack(id)).message
  }
  const conv = (customerId: string) => hh().db.selectFrom('chat_conversations').selectAll().where('customer_id', '=', customerId).executeTakeFirstOrThrow()
  const settings = (body: Record<string, unknown>, token = opsToken) => hh().api('POST', `/api/v1${H.settingsSave}`, { token, body })
  const closeAll = async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()))
    await new Promise((r) => setTimeout(r, 200))
  }
  const count = async (table: 'chat_ratings' | 'chat_canned_replies' | 'helpdesk_alerts' | 'audit_log') => {
    // an admin write's audit row is staged and moved into audit_log in batches (the audit list moves them first)
    if (table === 'audit_log') await hh().app.services.audit.flush()
    return Number((await hh().db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  }

  beforeAll(async () => {
    await hh().app.listen({ port: 0, host: '127.0.0.1' })
    port = (hh().app.server.address() as AddressInfo).port
    kefuToken = await hh().adminLogin('kefu@haijiao.demo')
    opsToken = await hh().adminLogin('ops@haijiao.demo')
    userToken = await hh().login('user@haijiao.demo')
    ;[kefuId, opsId] = await Promise.all([me(kefuToken), me(opsToken)])
    jobCategory = (await hh().db.selectFrom('service_category_links').select('category_id').where('biz_code', '=', 'apply_job').executeTakeFirstOrThrow()).category_id
  })
  afterEach(closeAll)

  it('e-mails the category agents once a visitor waits past the delay: not before, once per wait, not when answered, once across two instances', async () => {
    const h = hh()
    const audits = await count('audit_log')
    expect((await settings({ alertMinutes: 5 })).body).toMatchObject({ code: 200, result: { alertMinutes: 5 } })
    expect(await count('audit_log')).toBe(audits + 1)
    const kefu = await agent(kefuToken)
    const waiting = await visitor('job')
    expect((await waiting.c.status('kefu_up')).kefu_response.keFuId).toBe(kefuId)
    await say(waiting.c, 'Is anyone there about the visa?')
    const answered = await visitor('job')
    await answered.c.status('kefu_up')
    await say(answered.c, 'Quick question')
    await say(kefu, 'Here to help', { customerId: answered.publicId })
    // the seeded leave-a-message forms are handled; one new form waits from now on
    await h.db.updateTable('feedback').set({ status: 'done' }).execute()
    const now = h.clock.now().toISOString()
    await h.db.insertInto('feedback').values({ description: 'Please call me back about housing', name: 'Form Visitor', tel: '123', email: 'form@example.com', user_id: null, created_at: now, updated_at: now }).execute()
    const kefuMails = h.mail.count('kefu@haijiao.demo')
    const opsMails = h.mail.count('ops@haijiao.demo')

    h.clock.advance(4 * 60_000)
    expect(await h.app.services.helpdesk.scanAlerts()).toEqual({ chats: 0, forms: 0, mails: 0 })
    h.clock.advance(60_000 + 1000)
    // one mail per agent per run: kefu (the job category's agent) gets the chat and the form, ops the form only
    expect(await h.app.services.helpdesk.scanAlerts()).toEqual({ chats: 1, forms: 1, mails: 2 })
    const mail = await h.mail.latest('kefu@haijiao.demo', kefuMails)
    expect(mail.text).toContain('Is anyone there about the visa?')
    expect(mail.text).toContain(`/admin/advisor?customerId=${waiting.publicId}`)
    expect(mail.text).toContain('Please call me back about housing')
    expect(mail.text).not.toContain('Quick question')
    const opsMail = await h.mail.latest('ops@haijiao.demo', opsMails)
    expect(opsMail.text).toContain('Please call me back about housing')
    expect(opsMail.text).not.toContain('Is anyone there about the visa?')
    // once per wait, however long it goes on
    h.clock.advance(30 * 60_000)
    expect(await h.app.services.helpdesk.scanAlerts()).toEqual({ chats: 0, forms: 0, mails: 0 })
    expect(h.mail.count('kefu@haijiao.demo')).toBe(kefuMails + 1)
    expect(h.mail.count('ops@haijiao.demo')).toBe(opsMails + 1)

    // a new wait after an answer is a new quiet period; two instances scanning at once mail it once
    const fresh = await agent(kefuToken)
    await say(fresh, 'Sorry for the wait', { customerId: waiting.publicId })
    expect((await conv(waiting.publicId)).waiting_since).toBeNull()
    await say(waiting.c, 'Thanks, one more thing')
    h.clock.advance(6 * 60_000)
    const other: FastifyInstance = await buildApp(h.config, { clock: h.clock })
    try {
      const [a, b] = await Promise.all([h.app.services.helpdesk.scanAlerts(), other.services.helpdesk.scanAlerts()])
      expect(a.chats + b.chats).toBe(1)
    } finally {
      await other.close()
    }
    const second = await h.mail.latest('kefu@haijiao.demo', kefuMails + 1)
    expect(second.text).toContain('Thanks, one more thing')
    await new Promise((r) => setTimeout(r, 300))
    expect(h.mail.count('kefu@haijiao.demo')).toBe(kefuMails + 2)
  })

  it('the alerts run as a job each minute: booked once per minute (two instances book one), the run books the next', async () => {
    const h = hh()
    const jobs = () => h.db.selectFrom('job_queue').select(['id', 'run_at', 'status']).where('type', '=', HELPDESK_ALERT_JOB).orderBy('id').execute()
    const before = (await jobs()).length
    await Promise.all([h.app.services.helpdesk.scheduleAlerts(), h.app.services.helpdesk.scheduleAlerts()])
    const booked = await jobs()
    expect(booked).toHaveLength(before + 1)
    const job = booked[booked.length - 1]
    h.clock.advance(Date.parse(job.run_at) - h.clock.now().getTime() + 1000)
    await new JobWorker(h.app.ctx, jobHandlers(h.app.services), { owner: 'helpdesk-test' }).runDue()
    const after = await jobs()
    expect(after).toHaveLength(before + 2)
    expect(Date.parse(after[after.length - 1].run_at) - Date.parse(job.run_at)).toBe(60_000)
  })

  it("the admin home's unanswered figure equals the rows the unanswered search lists", async () => {
    const kefu = await agent(kefuToken)
    const a = await visitor('job')
    await a.c.status('kefu_up')
    await say(a.c, 'waiting one')
    const b = await visitor()
    await b.c.status('kefu_up')
    await say(b.c, 'answered one')
    await say(kefu, 'answer', { customerId: b.publicId })
    const home = await hh().api('GET', `/api/v1${ADMIN_ANALYSIS_API.home}`, { token: opsToken })
    const figure = home.body.result.unansweredChats as number
    const list = await hh().api('GET', `/api/v1${H.search}?unanswered=true&pageSize=100`, { token: kefuToken })
    expect(list.body.code).toBe(200)
    expect(list.body.result.total).toBe(figure)
    expect(figure).toBeGreaterThan(0)
    const ids = (list.body.result.list as any[]).map((x) => x.conversation.customerId)
    expect(ids).toContain(a.publicId)
    expect(ids).not.toContain(b.publicId)
  })

  it("canned replies: own or shared, codes unique in each agent's picker, sent in the visitor's language", async () => {
    const api = (path: string, token: string, body?: unknown) => hh().api(body === undefined ? 'GET' : 'POST', `/api/v1${path}`, { token, body })
    const audits = await count('audit_log')
    const shared = await api(H.cannedAdd, kefuToken, { code: 'hi', textZh: '您好，请问有什么可以帮您？', textEn: 'Hello, how can I help?', shared: true })
    expect(shared.body).toMatchObject({ code: 200, result: { code: 'hi', shared: true, mine: true } })
    expect(await count('audit_log')).toBe(audits + 1)
    const own = await api(H.cannedAdd, kefuToken, { code: 'visa', textZh: '签证请见政策页', textEn: 'See the policy page for visas' })
    expect(own.body.code).toBe(200)
    const before = await count('chat_canned_replies')
    // the same code again (any case), or a shared code in ops' picker
    expect((await api(H.cannedAdd, kefuToken, { code: 'HI', textZh: 'x', textEn: 'x' })).body.code).toBe(681)
    expect((await api(H.cannedAdd, opsToken, { code: 'hi', textZh: 'x', textEn: 'x' })).body.code).toBe(681)
    // ops sees the shared one (not its own to edit), not kefu's private one; cannot edit or delete it
    const opsList = (await api(H.cannedList, opsToken)).body.result as any[]
    expect(opsList.map((r) => r.code)).toEqual(['hi'])
    expect(opsList[0].mine).toBe(false)
    expect((await api(H.cannedEdit, opsToken, { id: shared.body.result.id, code: 'hi', textZh: 'x', textEn: 'x' })).body.code).toBe(680)
    expect((await api(H.cannedDelete, opsToken, { id: own.body.result.id })).body.code).toBe(680)
    // bad input
    for (const body of [{ code: 'has space', textZh: 'a', textEn: 'a' }, { code: 'ok', textZh: '', textEn: 'a' }, { code: 'ok', textZh: '   ', textEn: 'a' }, { code: 'ok', textZh: 'a', textEn: 'x'.repeat(2001) }]) {
      expect((await api(H.cannedAdd, kefuToken, body)).body.code).toBe(301)
    }
    expect(await count('chat_canned_replies')).toBe(before)
    // a consumer is no agent
    expect((await hh().api('GET', `/api/v1${H.cannedList}`, { token: userToken })).status).toBe(403)
    const edited = await api(H.cannedEdit, kefuToken, { id: own.body.result.id, code: 'visa', textZh: '签证请看政策页面', textEn: 'Visas: see the policy page' })
    expect(edited.body.result).toMatchObject({ textEn: 'Visas: see the policy page' })
    expect((await api(`${H.cannedList}?keyword=VISA`, kefuToken)).body.result.map((r: any) => r.code)).toEqual(['visa'])

    // sent: the server picks the text by the conversation's language
    const kefu = await agent(kefuToken)
    const en = await visitor(undefined, 'en')
    await en.c.status('kefu_up')
    const zh = await visitor(undefined, 'zh')
    await zh.c.status('kefu_up')
    kefu.send({ kefu_canned: { customerId: en.publicId, cannedId: shared.body.result.id, clientMsgId: 'can1' } })
    expect((await kefu.ack('can1')).message).toMatchObject({ msgType: 'text', msgContent: 'Hello, how can I help?', sendType: 'kefu' })
    expect((await en.c.chat()).kefu_chat.msgContent).toBe('Hello, how can I help?')
    kefu.send({ kefu_canned: { customerId: zh.publicId, cannedId: own.body.result.id, clientMsgId: 'can2' } })
    expect((await zh.c.chat()).kefu_chat.msgContent).toBe('签证请看政策页面')
    // a browser's socket says its page's language in the URL
    const webTid = (await hh().api('GET', '/signal/sign/get/newId')).body.result as string
    const web = await open({ touristId: webTid, urlLang: 'en' })
    const webId = webTid.split('.')[0]
    web.send(hello({ sendId: webId, sendType: 'tourist', customerId: webId }))
    await web.status('kefu_up')
    kefu.send({ kefu_canned: { customerId: webId, cannedId: own.body.result.id, clientMsgId: 'can2w' } })
    expect((await web.chat()).kefu_chat.msgContent).toBe('Visas: see the policy page')
    // unknown reply, or another agent's private one, or not its conversation
    kefu.send({ kefu_canned: { customerId: en.publicId, cannedId: 999999, clientMsgId: 'can3' } })
    expect(await kefu.next((f) => f.type === 'error')).toMatchObject({ code: 680, clientMsgId: 'can3' })
    const opsOwn = await api(H.cannedAdd, opsToken, { code: 'bye', textZh: '再见', textEn: 'Bye' })
    kefu.send({ kefu_canned: { customerId: en.publicId, cannedId: opsOwn.body.result.id } })
    expect(await kefu.next((f) => f.type === 'error')).toMatchObject({ code: 680 })
    kefu.send({ kefu_canned: { customerId: 'tnobody', cannedId: shared.body.result.id } })
    expect(await kefu.next((f) => f.type === 'error')).toMatchObject({ code: 422 })
    // a visitor cannot send canned replies
    en.c.send({ kefu_canned: { customerId: en.publicId, cannedId: shared.body.result.id } })
    expect(await en.c.next((f) => f.type === 'error')).toMatchObject({ code: 421 })

    expect((await api(H.cannedDelete, kefuToken, { id: own.body.result.id })).body.code).toBe(200)
    expect((await api(H.cannedList, kefuToken)).body.result.map((r: any) => r.code)).toEqual(['hi'])
  })

  it('an agent closes, the visitor rates once (1–5, comment ≤ 500); open, rated twice or not its own are refused and change nothing', async () => {
    const kefu = await agent(kefuToken)
    const v = await visitor('job')
    await v.c.status('kefu_up')
    await say(v.c, 'Please help')
    const rate = (body: Record<string, unknown>, token?: string) => hh().api('POST', `/api/v1${H.rate}`, { body: token ? body : { touristId: v.tid, ...body }, token })
    expect((await rate({ score: 5 })).body.code).toBe(682) // still open
    kefu.send({ kefu_close: { customerId: v.publicId } })
    expect(await v.c.next((f) => f.type === 'closed')).toMatchObject({ customerId: v.publicId, kefuId, rateable: true })
    expect(await kefu.next((f) => f.type === 'closed')).toMatchObject({ customerId: v.publicId })
    kefu.send({ kefu_close: { customerId: v.publicId } })
    expect(await kefu.next((f) => f.type === 'error')).toMatchObject({ code: 687 })
    const before = await count('chat_ratings')
    for (const body of [{ score: 0 }, { score: 6 }, { score: 4.5 }, { score: 3, comment: 'x'.repeat(501) }, {}]) {
      expect((await rate(body)).body.code).toBe(301)
    }
    // a logged-in consumer naming the tourist's conversation
    const foreign = await rate({ customerId: v.publicId, score: 1 }, userToken)
    expect(foreign.status).toBe(403)
    expect(await count('chat_ratings')).toBe(before)
    const ok = await rate({ score: 4, comment: '  Helpful, thanks  ' })
    expect(ok.body).toMatchObject({ code: 200, result: { score: 4, comment: 'Helpful, thanks', kefuId } })
    expect(await kefu.next((f) => f.type === 'rated')).toMatchObject({ customerId: v.publicId, score: 4 })
    expect((await rate({ score: 1 })).body.code).toBe(683)
    expect(await count('chat_ratings')).toBe(before + 1)
    // the history shows the closing
    const row = await conv(v.publicId)
    expect((await hh().db.selectFrom('chat_conversation_events').select('kind').where('conversation_id', '=', row.id).execute()).map((e) => e.kind)).toContain('closed')

    // the ratings report (operations only)
    const today = hh().clock.now().toISOString().slice(0, 10)
    const report = await hh().api('GET', `/api/v1${H.ratings}?from=${today}&to=${today}&tz=UTC`, { token: opsToken })
    expect(report.body.code).toBe(200)
    expect(report.body.result.byAgent).toEqual(expect.arrayContaining([expect.objectContaining({ kefuId, count: 1, average: 4, distribution: [0, 0, 0, 1, 0] })]))
    expect(report.body.result.byCategory).toEqual(expect.arrayContaining([expect.objectContaining({ categoryId: jobCategory, count: 1 })]))
    expect((await hh().api('GET', `/api/v1${H.ratings}?from=${today}&to=2020-01-01`, { token: opsToken })).body.code).toBe(685)
    expect((await hh().api('GET', `/api/v1${H.ratings}?from=2024-01-01&to=2025-06-01`, { token: opsToken })).body.code).toBe(685)
    expect((await hh().api('GET', `/api/v1${H.ratings}?from=${today}&to=${today}&tz=Mars/Olympus`, { token: opsToken })).body.code).toBe(684)
    expect((await hh().api('GET', `/api/v1${H.ratings}?from=${today}&to=${today}`, { token: kefuToken })).status).toBe(403)
  })

  it('typing reaches the other side (not stored, once per interval); read receipts are stored and told both ways', async () => {
    const kefu = await agent(kefuToken)
    const v = await visitor()
    await v.c.status('kefu_up')
    const stored = await count('chat_ratings') // any table: typing writes none of ours
    kefu.send({ kefu_typing: { customerId: v.publicId } })
    expect(await v.c.next((f) => f.type === 'typing')).toMatchObject({ customerId: v.publicId, from: 'kefu' })
    kefu.send({ kefu_typing: { customerId: v.publicId } })
    kefu.send({ kefu_typing: { customerId: v.publicId } })
    expect(await v.c.within((f) => f.type === 'typing', 300)).toHaveLength(1)
    hh().clock.advance(2500)
    kefu.send({ kefu_typing: { customerId: v.publicId } })
    await v.c.next((f) => f.type === 'typing')
    v.c.send({ kefu_typing: {} })
    expect(await kefu.next((f) => f.type === 'typing')).toMatchObject({ customerId: v.publicId, from: 'tourist' })
    // typing into someone else's conversation goes nowhere, and is no error
    const other = await visitor()
    await other.c.status('kefu_up')
    v.c.send({ kefu_typing: { customerId: other.publicId } })
    expect(await other.c.within((f) => f.type === 'typing', 300)).toHaveLength(0)
    expect(await count('chat_ratings')).toBe(stored)

    const m = await say(kefu, 'Your answer', { customerId: v.publicId })
    v.c.send({ kefu_read: {} })
    expect(await kefu.next((f) => f.type === 'read')).toMatchObject({ customerId: v.publicId, readerType: 'tourist', upToId: m.id })
    expect((await hh().db.selectFrom('chat_messages').select('read_at').where('id', '=', m.id).executeTakeFirstOrThrow()).read_at).not.toBeNull()
    const q = await say(v.c, 'Got it, thanks')
    kefu.send({ kefu_read: { customerId: v.publicId, upToId: q.id } })
    expect(await v.c.next((f) => f.type === 'read')).toMatchObject({ readerType: 'kefu', upToId: q.id })
    kefu.send({ kefu_read: { customerId: 'tnobody' } })
    expect(await kefu.next((f) => f.type === 'error')).toMatchObject({ code: 422 })
    kefu.send({ kefu_read: { customerId: v.publicId, upToId: -1 } })
    expect(await kefu.next((f) => f.type === 'error')).toMatchObject({ code: 422 })
  })

  it('searches conversations by message text, visitor, agent, category and dates, paged', async () => {
    const kefu = await agent(kefuToken)
    const a = await visitor('job')
    await a.c.status('kefu_up')
    await say(a.c, 'Question about the zebracrossing permit')
    await say(a.c, '请问签证办理需要多久？鲸鱼')
    const b = await visitor()
    await b.c.status('kefu_up')
    await say(b.c, 'Another zebracrossing topic')
    await say(kefu, 'ok', { customerId: b.publicId })
    const search = async (qs: string, token = kefuToken) => hh().api('GET', `/api/v1${H.search}?${qs}`, { token })
    const ids = (r: any) => (r.body.result.list as any[]).map((x) => x.conversation.customerId)
    const both = await search('keyword=zebracrossing')
    expect(both.body.result.total).toBe(2)
    expect(ids(both)).toEqual([b.publicId, a.publicId])
    expect(both.body.result.list[0].match.msgContent).toBe('Another zebracrossing topic')
    expect(ids(await search(`keyword=${encodeURIComponent('签证办理')}`))).toEqual([a.publicId])
    expect(ids(await search(`keyword=${encodeURIComponent('鲸鱼')}`))).toEqual([a.publicId])
    expect(ids(await search(`keyword=zebracrossing&categoryId=${jobCategory}`))).toEqual([a.publicId])
    expect(ids(await search(`visitor=${a.publicId}`))).toEqual([a.publicId])
    expect((await search(`keyword=zebracrossing&kefuId=${kefuId}`)).body.result.total).toBe(2)
    expect((await search(`keyword=zebracrossing&kefuId=${opsId}`)).body.result.total).toBe(0)
    const paged = await search('keyword=zebracrossing&page=2&pageSize=1')
    expect(ids(paged)).toEqual([a.publicId])
    const today = hh().clock.now().toISOString().slice(0, 10)
    expect((await search(`keyword=zebracrossing&from=${today}&to=${today}&tz=UTC`)).body.result.total).toBe(2)
    expect((await search('keyword=zebracrossing&from=2020-01-01&to=2020-01-31')).body.result.total).toBe(0)
    // a keyword matching more messages than the cap is searched in its newest matches only, and says so
    const desk = hh().app.services.chat.hub.desk
    desk.matchCap = 1
    try {
      const r = await search('keyword=zebracrossing')
      expect(r.body.result).toMatchObject({ total: 1, totalCapped: true })
      expect(ids(r)).toEqual([b.publicId])
      expect((await search(`keyword=${encodeURIComponent('鲸鱼')}`)).body.result).toMatchObject({ total: 1, totalCapped: true })
    } finally {
      desk.matchCap = 1000
    }
    expect(both.body.result.totalCapped).toBe(false)
    expect(ids(await search(`visitor=${a.publicId.slice(0, 8)}`))).toContain(a.publicId)
    // the console's own list: the agent's conversations, filtered by visitor id (or name / e-mail)
    const byKefu = await hh().api('POST', '/api/v1/message/message/listByKeFu/message', { token: kefuToken, body: { page: 1, pageSize: 20, keyword: a.publicId.slice(3, 12) } })
    expect(byKefu.body.result.list.map((x: any) => x.customerId)).toEqual([a.publicId])
    expect(byKefu.body.result.list[0]).toMatchObject({ lang: 'en', categoryId: jobCategory })
    expect((await search('from=2020-02-01&to=2020-01-01')).body.code).toBe(685)
    expect((await search('keyword=%22%20OR%20*')).body.code).toBe(200)
    expect((await search('keyword=x', userToken)).status).toBe(403)
  })

  it('e-mails the transcript: users to their account e-mail, tourists to their address; 3 a day per visitor and per address', async () => {
    const h = hh()
    await agent(kefuToken)
    const v = await visitor()
    await v.c.status('kefu_up')
    const post = (body: Record<string, unknown>, token?: string) => h.api('POST', `/api/v1${H.transcript}`, { body, token })
    expect((await post({ touristId: v.tid, email: 'guest@example.com' })).body.code).toBe(688) // nothing said yet
    await say(v.c, 'Transcript line one')
    expect((await post({ touristId: v.tid })).body.code).toBe(408)
    expect((await post({ touristId: v.tid, email: 'not-an-address' })).body.code).toBe(301)
    const sent = await post({ touristId: v.tid, email: 'guest@example.com' })
    expect(sent.body).toMatchObject({ code: 200, result: { sent: true } })
    expect((await h.mail.latest('guest@example.com')).text).toContain('Transcript line one')
    expect((await post({ touristId: v.tid, email: 'guest@example.com' })).body.code).toBe(200)
    expect((await post({ touristId: v.tid, email: 'guest@example.com' })).body.code).toBe(200)
    expect((await post({ touristId: v.tid, email: 'other@example.com' })).body.code).toBe(432) // the visitor's 4th
    const w = await visitor()
    await w.c.status('kefu_up')
    await say(w.c, 'Another visitor')
    expect((await post({ touristId: w.tid, email: 'guest@example.com' })).body.code).toBe(432) // the address's 4th
    expect((await post({ touristId: w.tid, email: 'fresh@example.com' })).body.code).toBe(200)

    // a logged-in user: to the account's e-mail, whatever address the body names
    const u = await open({ token: userToken, lang: 'zh' })
    u.send(hello())
    await u.status('kefu_up')
    await say(u, '用户的记录')
    const before = h.mail.count('user@haijiao.demo')
    const mine = await post({ email: 'elsewhere@example.com' }, userToken)
    expect(mine.body.code).toBe(200)
    expect((await h.mail.latest('user@haijiao.demo', before)).text).toContain('用户的记录')
    expect(h.mail.count('elsewhere@example.com')).toBe(0)
  })

  it('never assigns an agent over the concurrent limit; a transfer to a full agent is refused (686)', async () => {
    expect((await settings({ maxConcurrent: 2 })).body.code).toBe(200)
    try {
      const kefu = await agent(kefuToken)
      const first = await visitor()
      const second = await visitor()
      expect((await first.c.status('kefu_up')).kefu_response.keFuId).toBe(kefuId)
      expect((await second.c.status('kefu_up')).kefu_response.keFuId).toBe(kefuId)
      const third = await visitor('job')
      await third.c.status('noBody')
      expect((await conv(third.publicId)).status).toBe('queued')
      // ops coming online takes the waiting visitor
      const ops = await agent(opsToken)
      expect((await third.c.status('kefu_up')).kefu_response.keFuId).toBe(opsId)
      ops.send({ kefu_transfer: { customerId: third.publicId, toKefuId: kefuId } })
      expect(await ops.next((f) => f.type === 'error')).toMatchObject({ code: 686 })
      expect((await conv(third.publicId)).kefu_id).toBe(opsId)
      // closing one frees a place
      kefu.send({ kefu_close: { customerId: first.publicId } })
      await kefu.next((f) => f.type === 'closed')
      ops.send({ kefu_transfer: { customerId: third.publicId, toKefuId: kefuId } })
      expect(await ops.next((f) => f.type === 'transferred')).toMatchObject({ toKefuId: kefuId })
      const held = await hh().db.selectFrom('chat_conversations').select((eb) => eb.fn.countAll().as('n')).where('kefu_id', '=', kefuId).where('status', '=', 'open').executeTakeFirstOrThrow()
      expect(Number(held.n)).toBe(2)
    } finally {
      expect((await settings({ maxConcurrent: 10 })).body.code).toBe(200)
    }
  })

  it('settings: operations only, validated (684 / 301) and unchanged when refused', async () => {
    const before = (await hh().api('GET', `/api/v1${H.settings}`, { token: opsToken })).body.result
    const bad = [
      [{ hours: { timeZone: 'Mars/Olympus' } }, 684],
      [{ hours: { weekly: [{ day: 1, open: '17:00', close: '09:00' }] } }, 684],
      [{ hours: { weekly: [{ day: 1, open: '09:00', close: '12:00' }, { day: 1, open: '11:00', close: '13:00' }] } }, 684],
      [{ hours: { holidays: ['2026-02-30'] } }, 684],
      [{ hours: { weekly: [{ day: 8, open: '09:00', close: '12:00' }] } }, 301],
      [{ alertMinutes: 0 }, 301],
      [{ maxConcurrent: 1000 }, 301],
    ] as const
    for (const [body, code] of bad) expect((await settings(body as any)).body.code).toBe(code)
    expect((await hh().api('GET', `/api/v1${H.settings}`, { token: opsToken })).body.result).toEqual(before)
    expect((await settings({ alertMinutes: 7 }, kefuToken)).status).toBe(403)
    expect((await hh().api('GET', `/api/v1${H.settings}`, { token: kefuToken })).status).toBe(403)
  })
})
