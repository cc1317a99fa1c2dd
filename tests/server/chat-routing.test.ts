/**
 * Helpdesk routing on SQLite and PostgreSQL with real websocket clients: an
 * agent's availability (online / away / offline, offline when the last console tab closes), a chat opened
 * from an entrance goes to an online agent of that entrance's service category (least busy first), else
 * to any online agent, else waits queued; never to an away or offline agent; an unknown entrance or
 * availability is refused with a code and changes nothing; every assignment lands in the handling history.
 */
import type { AddressInfo } from 'node:net'
import { describeEachDb } from './harness'
import { ChatClient, hello } from './chat-client'

describeEachDb('chat routing', (hh) => {
  let port = 0
  const clients: ChatClient[] = []
  let kefuToken = ''
  let opsToken = ''
  let kefuId = 0
  let opsId = 0
  let techCategory = 0

  const open = async (query: Record<string, string>) => {
    const c = await ChatClient.open(port, query)
    clients.push(c)
    await c.next((f) => f.type === 'connected' || f.type === 'error')
    return c
  }
  const me = async (token: string) => (await hh().api('GET', '/system/user/current/user', { token })).body.result.id as number
  const agent = async (token: string, status: 'online' | 'away' = 'online') => {
    const c = await open({ token, role: 'kefu' })
    c.send({ kefu_status: { status } })
    await c.next((f) => f.type === 'kefu_state' && f.status === status)
    return c
  }
  const setStatus = async (c: ChatClient, status: string) => {
    c.send({ kefu_status: { status } })
    await c.next((f) => f.type === 'kefu_state' && f.status === status)
  }
  /** a tourist that announces itself from an entrance; returns its socket and conversation id */
  const visitor = async (category?: string, lang = 'en') => {
    const tid = (await hh().api('GET', '/signal/sign/get/newId')).body.result as string
    const c = await open({ touristId: tid, lang })
    const publicId = tid.split('.')[0]
    c.send(hello({ sendId: publicId, sendType: 'tourist', customerId: publicId, ...(category ? { category } : {}) }))
    return { c, publicId }
  }
  const conv = (customerId: string) => hh().db.selectFrom('chat_conversations').selectAll().where('customer_id', '=', customerId).executeTakeFirst()
  const events = async (customerId: string) => {
    const row = await conv(customerId)
    return hh().db.selectFrom('chat_conversation_events').selectAll().where('conversation_id', '=', row!.id).orderBy('id').execute()
  }
  const statusOf = async (userId: number) => (await hh().db.selectFrom('chat_agents').select('status').where('user_id', '=', userId).executeTakeFirst())?.status
  const closeAll = async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()))
    await new Promise((r) => setTimeout(r, 200))
  }

  beforeAll(async () => {
    await hh().app.listen({ port: 0, host: '127.0.0.1' })
    port = (hh().app.server.address() as AddressInfo).port
    kefuToken = await hh().adminLogin('kefu@haijiao.demo')
    opsToken = await hh().adminLogin('ops@haijiao.demo')
    ;[kefuId, opsId] = await Promise.all([me(kefuToken), me(opsToken)])
    // the seed gives every category to the kefu agent; technology transfer (and its sub-topics) goes to ops
    const link = await hh().db.selectFrom('service_category_links').select('category_id').where('biz_code', '=', 'achievement_transform').executeTakeFirstOrThrow()
    techCategory = link.category_id
    await hh().db.updateTable('service_categories').set({ agent_user_id: opsId }).where((eb) => eb.or([eb('id', '=', techCategory), eb('pid', '=', techCategory)])).execute()
    expect(await hh().db.selectFrom('service_categories').select('id').where('agent_user_id', '=', opsId).execute()).toHaveLength(3)
  })
  afterEach(closeAll)

  it('routes an entrance to its category agent, the general entrance to the least busy, and records who handled it', async () => {
    const kefu = await agent(kefuToken)
    const ops = await agent(opsToken)
    // technology transfer → ops (the category's agent), though kefu is online too
    const a = await visitor('tech')
    expect((await a.c.status('kefu_up')).kefu_response.keFuId).toBe(opsId)
    expect(await ops.next((f) => f.type === 'assigned')).toMatchObject({ conversation: { customerId: a.publicId } })
    expect(await conv(a.publicId)).toMatchObject({ kefu_id: opsId, status: 'open', category_id: techCategory })
    expect(await events(a.publicId)).toMatchObject([{ kind: 'routed', from_kefu_id: null, to_kefu_id: opsId, category_id: techCategory }])
    // job hunting → kefu, even though ops is not busier
    const b = await visitor('job')
    expect((await b.c.status('kefu_up')).kefu_response.keFuId).toBe(kefuId)
    const c2 = await visitor('job')
    expect((await c2.c.status('kefu_up')).kefu_response.keFuId).toBe(kefuId)
    // the general entrance: the least busy online agent (ops holds 1, kefu 2)
    const d = await visitor()
    expect((await d.c.status('kefu_up')).kefu_response.keFuId).toBe(opsId)
    expect((await conv(d.publicId))?.category_id).toBeNull()
    // each conversation was assigned exactly once
    for (const v of [a, b, c2, d]) expect((await events(v.publicId)).filter((e) => e.kind === 'routed')).toHaveLength(1)
    expect(kefu.frames.filter((f) => f.type === 'assigned').map((f) => f.conversation.customerId).sort()).toEqual([b.publicId, c2.publicId].sort())
  })

  it('never assigns to an away agent: the category falls back to any online agent; away keeps what it holds', async () => {
    await agent(kefuToken)
    const ops = await agent(opsToken)
    const held = await visitor('tech')
    expect((await held.c.status('kefu_up')).kefu_response.keFuId).toBe(opsId)
    await setStatus(ops, 'away')
    expect(await statusOf(opsId)).toBe('away')
    const next = await visitor('tech')
    expect((await next.c.status('kefu_up')).kefu_response.keFuId).toBe(kefuId)
    // the away agent keeps its conversation (no hand-over) and is told of nothing new
    expect(await conv(held.publicId)).toMatchObject({ kefu_id: opsId, status: 'open' })
    expect(await ops.within((f) => f.type === 'unassigned' || (f.type === 'assigned' && f.conversation.customerId === next.publicId))).toEqual([])
  })

  it('with nobody online the chat waits queued; the category agent coming online takes it', async () => {
    const ops = await agent(opsToken, 'away')
    const kefu = await agent(kefuToken, 'away')
    const v = await visitor('tech')
    expect((await v.c.status('noBody')).kefu_response.customerId).toBe(v.publicId)
    expect(await conv(v.publicId)).toMatchObject({ kefu_id: null, status: 'queued', category_id: techCategory })
    expect((await events(v.publicId)).map((e) => e.kind)).toEqual(['queued'])
    await setStatus(ops, 'online')
    expect((await v.c.status('kefu_up')).kefu_response.keFuId).toBe(opsId)
    expect(await conv(v.publicId)).toMatchObject({ kefu_id: opsId, status: 'open' })
    expect(await kefu.within((f) => f.type === 'assigned')).toEqual([])
  })

  it('offline when the last console tab closes: its conversations go to another online agent, and it stays offline', async () => {
    await agent(kefuToken)
    const tab1 = await agent(opsToken)
    const tab2 = await open({ token: opsToken, role: 'kefu' })
    expect(tab2.frames[0]).toMatchObject({ type: 'connected', online: true, status: 'online' })
    const v = await visitor('tech')
    expect((await v.c.status('kefu_up')).kefu_response.keFuId).toBe(opsId)
    await tab1.close()
    await new Promise((r) => setTimeout(r, 200))
    // one tab still open: still online, still holding the conversation
    expect(await statusOf(opsId)).toBe('online')
    expect((await conv(v.publicId))?.kefu_id).toBe(opsId)
    await tab2.close()
    expect((await v.c.status('kefu_up')).kefu_response.keFuId).toBe(kefuId)
    expect(await statusOf(opsId)).toBe('offline')
    expect((await events(v.publicId)).map((e) => [e.kind, e.from_kefu_id, e.to_kefu_id])).toEqual([
      ['routed', null, opsId],
      ['routed', opsId, kefuId],
    ])
    const again = await open({ token: opsToken, role: 'kefu' })
    expect(again.frames[0]).toMatchObject({ type: 'connected', online: false, status: 'offline' })
  })

  it('refuses an unknown entrance (618) or availability (421) with a bilingual message and changes nothing', async () => {
    const kefu = await agent(kefuToken)
    const v = await visitor('no-such-entrance')
    expect(await v.c.next((f) => f.type === 'error')).toEqual({ type: 'error', code: 618, message: 'Category does not exist', clientMsgId: null })
    expect(await conv(v.publicId)).toBeUndefined()
    // nor is a name the entrance map only inherits
    const w = await visitor('toString')
    expect(await w.c.next((f) => f.type === 'error')).toMatchObject({ code: 618 })
    // Chinese
    const tid = (await hh().api('GET', '/signal/sign/get/newId')).body.result as string
    const zh = await open({ touristId: tid, lang: 'zh' })
    zh.send(hello({ category: 42 }))
    expect(await zh.next((f) => f.type === 'error')).toMatchObject({ code: 618, message: '分类不存在' })
    // a hidden category is no entrance either
    await hh().db.updateTable('service_categories').set({ hidden: 1 }).where('id', '=', techCategory).execute()
    try {
      const hidden = await visitor('tech')
      expect(await hidden.c.next((f) => f.type === 'error')).toMatchObject({ code: 618 })
      expect(await conv(hidden.publicId)).toBeUndefined()
    } finally {
      await hh().db.updateTable('service_categories').set({ hidden: 0 }).where('id', '=', techCategory).execute()
    }
    kefu.send({ kefu_status: { status: 'busy' } })
    expect(await kefu.next((f) => f.type === 'error')).toMatchObject({ code: 421 })
    expect(await statusOf(kefuId)).toBe('online')
    // the older boolean switch still works
    kefu.send({ kefu_status: { online: false } })
    expect(await kefu.next((f) => f.type === 'kefu_state')).toMatchObject({ online: false, status: 'offline' })
  })

  it('transfers to an online agent or category with a private note and a history; refuses bad transfers and changes nothing', async () => {
    const kefu = await agent(kefuToken)
    const ops = await agent(opsToken)
    const v = await visitor('job')
    expect((await v.c.status('kefu_up')).kefu_response.keFuId).toBe(kefuId)
    const before = await conv(v.publicId)
    const refuse = async (frame: Record<string, unknown>, code: number) => {
      kefu.send({ kefu_transfer: { customerId: v.publicId, ...frame } })
      expect(await kefu.next((f) => f.type === 'error')).toMatchObject({ code })
    }
    await refuse({ toKefuId: kefuId }, 422) // itself
    await refuse({}, 422) // no target
    await refuse({ toKefuId: opsId, toCategory: 'tech' }, 422) // both
    await refuse({ toKefuId: 999999 }, 436) // nobody by that id online
    await refuse({ toCategory: 'nowhere' }, 618)
    await refuse({ toKefuId: opsId, note: 'x'.repeat(501) }, 433)
    // ops cannot give away what it does not hold
    ops.send({ kefu_transfer: { customerId: v.publicId, toKefuId: kefuId } })
    expect(await ops.next((f) => f.type === 'error')).toMatchObject({ code: 422 })
    // an away agent is no target
    await setStatus(ops, 'away')
    await refuse({ toKefuId: opsId }, 436)
    await refuse({ toCategory: 'tech' }, 436)
    expect(await conv(v.publicId)).toEqual(before)
    expect((await events(v.publicId)).map((e) => e.kind)).toEqual(['routed'])
    // a visitor cannot transfer
    v.c.send({ kefu_transfer: { customerId: v.publicId, toKefuId: opsId } })
    expect(await v.c.next((f) => f.type === 'error')).toMatchObject({ code: 421 })

    await setStatus(ops, 'online')
    kefu.send({ kefu_transfer: { customerId: v.publicId, toCategory: 'tech', note: 'Wants patent licensing, not a job' } })
    expect(await kefu.next((f) => f.type === 'transferred')).toMatchObject({ customerId: v.publicId, toKefuId: opsId })
    expect(kefu.frames.filter((f) => f.type === 'unassigned').map((f) => f.customerId)).toEqual([v.publicId])
    const got = await ops.next((f) => f.type === 'assigned' && f.conversation.customerId === v.publicId)
    expect(got.transfer).toEqual({ fromKefuId: kefuId, fromName: '客服小海 Service Agent', note: 'Wants patent licensing, not a job' })
    // the visitor sees the new agent, never the note
    expect((await v.c.status('kefu_up')).kefu_response.keFuId).toBe(opsId)
    expect(JSON.stringify(v.c.frames)).not.toContain('patent licensing')
    expect(await conv(v.publicId)).toMatchObject({ kefu_id: opsId, status: 'open', category_id: techCategory })
    // the old agent can no longer write into it; the new one can
    kefu.send({ kefu_chat: { isConnected: 1, msgType: 'text', msgContent: 'still here?', customerId: v.publicId, clientMsgId: 'old1' } })
    expect(await kefu.next((f) => f.type === 'error')).toMatchObject({ code: 422, clientMsgId: 'old1' })

    // the history, for the agent holding it: who handled it when, with the note
    ops.send({ kefu_history: { customerId: v.publicId } })
    const history = await ops.next((f) => f.type === 'history')
    expect(history.events.map((e: any) => [e.kind, e.fromName, e.toName, e.note])).toEqual([
      ['routed', null, '客服小海 Service Agent', null],
      ['transferred', '客服小海 Service Agent', '运营小王 Operations', 'Wants patent licensing, not a job'],
    ])
    expect(history.events.every((e: any) => typeof e.time === 'string')).toBe(true)
    // nobody else reads it
    kefu.send({ kefu_history: { customerId: v.publicId } })
    expect(await kefu.next((f) => f.type === 'error')).toMatchObject({ code: 422 })
    // and back, to a named agent, without a note
    ops.send({ kefu_transfer: { customerId: v.publicId, toKefuId: kefuId } })
    expect(await ops.next((f) => f.type === 'transferred')).toMatchObject({ toKefuId: kefuId })
    expect((await kefu.next((f) => f.type === 'assigned' && f.conversation.customerId === v.publicId)).transfer).toMatchObject({ fromKefuId: opsId, note: null })
  })
})
