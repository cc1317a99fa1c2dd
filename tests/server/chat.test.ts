/**
 * Live chat protocol with real websocket clients (spec sections 4, 5, 7, 9) on SQLite and PostgreSQL:
 * tourist flow, kefu_up / kefu_down / noBody, assignment by load and hand-over, REST pages, history,
 * read receipts, access rules, file limits, heartbeat, and a server restart without losing an
 * acknowledged message.
 */
import { streamUpload } from '../support/multipart'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { describeEachDb } from './harness'
import { ChatClient, hello, text } from './chat-client'
import { buildApp } from '../../server/src/app'

const LIST = '/message/message/list/message'
const HISTORY = '/message/message/list/history/message'
const BY_KEFU = '/message/message/listByKeFu/message'
const READ = '/message/message/read/message'
const NEW_ID = '/signal/sign/get/newId'
const UPLOAD = '/message/message/upload/file'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100ffff03000006000557bfabd40000000049454e44ae426082', 'hex')

function multipart(name: string, content: Buffer, type = 'image/png') {
  const boundary = '----chat-test-boundary'
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

describeEachDb('chat', (hh) => {
  let port = 0
  const clients: ChatClient[] = []
  const open = async (query: Record<string, string>) => {
    const c = await ChatClient.open(port, query)
    clients.push(c)
    await c.next((f) => f.type === 'connected' || f.type === 'error')
    return c
  }
  let userToken = ''
  let kefuToken = ''
  let opsToken = ''
  let kefuId = 0
  let opsId = 0
  let userId = 0
  const me = async (token: string) => (await hh().api('GET', '/system/user/current/user', { token })).body.result.id as number
  const tourist = async () => {
    const r = await hh().api('GET', NEW_ID)
    expect(r.body.code).toBe(200)
    return r.body.result as string
  }
  const agent = async (token: string) => {
    const c = await open({ token, role: 'kefu' })
    c.send({ kefu_status: { online: true } })
    await c.next((f) => f.type === 'kefu_state' && f.online === true)
    return c
  }
  const offline = async (c: ChatClient) => {
    c.send({ kefu_status: { online: false } })
    await c.next((f) => f.type === 'kefu_state' && f.online === false)
  }
  const closeAll = async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()))
    // disconnect handling runs after the close frame
    await new Promise((r) => setTimeout(r, 150))
  }

  beforeAll(async () => {
    port = await listen(hh().app)
    userToken = await hh().login('user@haijiao.demo')
    kefuToken = await hh().adminLogin('kefu@haijiao.demo')
    opsToken = await hh().adminLogin('ops@haijiao.demo')
    ;[userId, kefuId, opsId] = await Promise.all([me(userToken), me(kefuToken), me(opsToken)])
  })
  afterEach(closeAll)

  it('a tourist with nobody online gets noBody; messages are stored, acknowledged and listed only for that tourist', async () => {
    const tid = await tourist()
    expect(tid).toMatch(/^t[0-9a-f]{16}\.[\w-]+$/)
    const publicId = tid.split('.')[0]
    const c = await open({ touristId: tid })
    expect(c.frames[0]).toEqual({ type: 'connected', identity: { sendId: publicId, sendType: 'tourist', customerId: publicId, name: publicId } })
    c.send(hello({ sendId: publicId, sendType: 'tourist', customerId: publicId }))
    expect((await c.status('noBody')).kefu_response.customerId).toBe(publicId)

    c.send(text('hello, anyone?', 'm1', { sendId: publicId, sendType: 'tourist', customerId: publicId }))
    const ack = await c.ack('m1')
    expect(ack.message).toMatchObject({ customerId: publicId, sendId: publicId, sendType: 'tourist', msgType: 'text', msgContent: 'hello, anyone?', isConnected: 1 })
    expect(ack.message.id).toBeGreaterThan(0)

    const mine = await hh().api('POST', LIST, { body: { touristId: tid, page: 1, pageSize: 20 } })
    expect(mine.body.code).toBe(200)
    expect(mine.body.result.list.map((m: any) => m.msgContent)).toEqual(['hello, anyone?'])
    expect(mine.body.result.total).toBe(1)

    // another tourist cannot read it, not even by naming the conversation
    const other = await tourist()
    const theirs = await hh().api('POST', LIST, { body: { touristId: other, customerId: publicId, page: 1, pageSize: 20 } })
    expect(theirs.status).toBe(403)
    expect(theirs.body.code).toBe(402)
    const otherOwn = await hh().api('POST', LIST, { body: { touristId: other } })
    expect(otherOwn.body.result.list).toEqual([])
    // a forged id (right shape, wrong signature) is refused
    const forged = `${publicId}.${'A'.repeat(27)}`
    expect((await hh().api('POST', LIST, { body: { touristId: forged } })).status).toBe(401)
    // nor can a logged-in user or an agent without the assignment read it
    expect((await hh().api('POST', LIST, { token: userToken, body: { customerId: publicId } })).status).toBe(403)
    expect((await hh().api('POST', LIST, { token: kefuToken, body: { customerId: publicId } })).status).toBe(403)
  })

  it('refuses a forged tourist id or token on connect, and a frame that claims someone else', async () => {
    const tid = await tourist()
    const bad = await open({ touristId: `${tid.split('.')[0]}.${'x'.repeat(27)}` })
    expect(bad.frames[0]).toMatchObject({ type: 'error', code: 402 })
    await bad.next((f) => f.__closed?.code === 4401)
    const badToken = await open({ token: 'not-a-token' })
    expect(badToken.frames[0]).toMatchObject({ type: 'error', code: 402 })
    // a consumer is no agent
    const fakeAgent = await open({ token: userToken, role: 'kefu' })
    expect(fakeAgent.frames[0]).toMatchObject({ type: 'error', code: 402 })

    const c = await open({ token: userToken })
    expect(c.frames[0].identity).toMatchObject({ sendType: 'customer', customerId: String(userId) })
    c.send(text('spoof', 'sp1', { customerId: 'someone-else' }))
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 422, clientMsgId: 'sp1' })
    c.send(text('spoof', 'sp2', { sendType: 'kefu' }))
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 422, clientMsgId: 'sp2' })
    c.send({ nonsense: true })
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 421 })
    const list = await hh().api('POST', LIST, { token: userToken, body: {} })
    expect(list.body.result.list.map((m: any) => m.msgContent)).not.toContain('spoof')
  })

  it('an agent going online gets the customer (kefu_up); both see messages live; read receipts reach the customer', async () => {
    const k = await agent(kefuToken)
    expect(k.frames[0]).toMatchObject({ type: 'connected', identity: { sendType: 'kefu', sendId: String(kefuId) } })
    const c = await open({ token: userToken })
    c.send(hello())
    const up = await c.status('kefu_up')
    expect(up.kefu_response).toMatchObject({ status: 'kefu_up', keFuId: kefuId, name: '客服小海 Service Agent', customerId: String(userId) })
    const assigned = await k.next((f) => f.type === 'assigned')
    expect(assigned.conversation).toMatchObject({ customerId: String(userId), customerType: 'customer', name: '示例用户 Demo User', online: true, status: 'open' })

    c.send(text('I want to return to Shanghai', 'u1'))
    const fromCustomer = await k.chat((m) => m.msgContent === 'I want to return to Shanghai')
    expect(fromCustomer.kefu_chat).toMatchObject({ sendType: 'customer', sendId: String(userId), customerId: String(userId) })

    const byKefu = await hh().api('POST', BY_KEFU, { token: kefuToken, body: { page: 1, pageSize: 20 } })
    expect(byKefu.body.code).toBe(200)
    const row = byKefu.body.result.list.find((x: any) => x.customerId === String(userId))
    expect(row).toMatchObject({ unread: 1, online: true, lastMessage: { msgContent: 'I want to return to Shanghai' } })
    expect(row.tags).toEqual(expect.arrayContaining(['customer', 'online', 'unread']))
    expect(byKefu.body.result.online).toBe(true)

    k.send(text('Welcome! How can I help?', 'k1', { customerId: String(userId) }))
    expect((await k.ack('k1')).message).toMatchObject({ sendType: 'kefu', sendId: String(kefuId) })
    const reply = await c.chat((m) => m.sendType === 'kefu')
    expect(reply.kefu_chat.msgContent).toBe('Welcome! How can I help?')

    // the agent reads: the customer is told, the unread count drops
    const read = await hh().api('POST', READ, { token: kefuToken, body: { customerId: String(userId) } })
    expect(read.body.result.count).toBe(1)
    expect(await c.next((f) => f.type === 'read')).toMatchObject({ customerId: String(userId), readerType: 'kefu', upToId: fromCustomer.kefu_chat.id })
    const after = await hh().api('POST', BY_KEFU, { token: kefuToken, body: {} })
    expect(after.body.result.list.find((x: any) => x.customerId === String(userId)).unread).toBe(0)
    // the customer reads the agent's reply; the agent is told
    const cread = await hh().api('POST', READ, { token: userToken, body: {} })
    expect(cread.body.result.count).toBe(1)
    expect(await k.next((f) => f.type === 'read' && f.readerType === 'customer')).toMatchObject({ customerId: String(userId) })
    const page = await hh().api('POST', LIST, { token: kefuToken, body: { customerId: String(userId), page: 1, pageSize: 20 } })
    expect(page.body.result.list.slice(-2).map((m: any) => [m.sendType, m.readTime !== null])).toEqual([
      ['customer', true],
      ['kefu', true],
    ])
    // a consumer cannot list an agent's conversations
    expect((await hh().api('POST', BY_KEFU, { token: userToken, body: {} })).status).toBe(403)

    // the only agent switches off: the customer is told kefu_down and a newcomer gets noBody
    await offline(k)
    await c.status('kefu_down')
    const t = await open({ touristId: await tourist() })
    t.send(hello())
    await t.status('noBody')
    // an agent cannot write into a conversation that is not assigned to them
    k.send(text('still there?', 'k2', { customerId: String(userId) }))
    expect(await k.next((f) => f.type === 'error')).toMatchObject({ code: 422, clientMsgId: 'k2' })
  })

  it('assigns by load, hands open conversations to another agent, and the queue to an agent coming online', async () => {
    const k = await agent(kefuToken)
    const o = await agent(opsToken)
    const customers = await Promise.all([0, 1, 2].map(async () => open({ touristId: await tourist() })))
    const agentsOf: number[] = []
    for (const c of customers) {
      c.send(hello())
      agentsOf.push((await c.status('kefu_up')).kefu_response.keFuId)
    }
    // least loaded first (ties by id): both agents get work, neither gets all three
    expect(new Set(agentsOf)).toEqual(new Set([kefuId, opsId]))
    const kefuCustomers = customers.filter((_, i) => agentsOf[i] === kefuId)

    // kefu goes offline: their customers are handed to ops (kefu_up with the new agent)
    await offline(k)
    for (const c of kefuCustomers) {
      const up = await c.status('kefu_up')
      expect(up.kefu_response).toMatchObject({ keFuId: opsId })
    }
    expect((await k.next((f) => f.type === 'unassigned')).customerId).toBeTruthy()

    // ops leaves too (socket closed): everyone gets kefu_down
    await o.close()
    for (const c of customers) await c.status('kefu_down')
    // kefu comes back online: the connected, queued customers are taken over
    k.send({ kefu_status: { online: true } })
    for (const c of customers) expect((await c.status('kefu_up')).kefu_response.keFuId).toBe(kefuId)
    await offline(k)
  })

  it('pages: the newest 20 first, then history before the earliest shown id until the start', async () => {
    const tid = await tourist()
    const c = await open({ touristId: tid })
    for (let i = 1; i <= 45; i++) {
      c.send(text(`message ${i}`, `p${i}`))
      await c.ack(`p${i}`)
      // past the per-connection burst (the chat frame limit), let the rate window pass
      if (i % 25 === 0) hh().clock.advance(11_000)
    }
    const first = await hh().api('POST', LIST, { body: { touristId: tid, page: 1, pageSize: 20 } })
    expect(first.body.result.total).toBe(45)
    expect(first.body.result.list.map((m: any) => m.msgContent)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${26 + i}`))
    const earliest = first.body.result.list[0].id
    const h1 = await hh().api('POST', HISTORY, { body: { touristId: tid, id: earliest, pageSize: 20 } })
    expect(h1.body.result.total).toBe(25)
    expect(h1.body.result.list.map((m: any) => m.msgContent)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${6 + i}`))
    const h2 = await hh().api('POST', HISTORY, { body: { touristId: tid, id: h1.body.result.list[0].id } })
    expect(h2.body.result.total).toBe(5)
    expect(h2.body.result.list.map((m: any) => m.msgContent)).toEqual(['message 1', 'message 2', 'message 3', 'message 4', 'message 5'])
    const missingId = await hh().api('POST', HISTORY, { body: { touristId: tid } })
    expect(missingId.body).toMatchObject({ code: 301, result: { field: 'id' } })
  })

  it('files: sent as their type with an uploaded URL; empty text and foreign URLs send nothing; over 100 MB is refused', async () => {
    const tid = await tourist()
    const c = await open({ touristId: tid })
    const mp = multipart('photo.png', PNG)
    const up = await hh().api('POST', `${UPLOAD}?touristId=${encodeURIComponent(tid)}`, { payload: mp.body, headers: mp.headers })
    expect(up.body.code).toBe(200)
    expect(up.body.result).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]+\.png$/)
    const served = await hh().app.inject({ method: 'GET', url: up.body.result })
    expect(served.statusCode).toBe(200)

    c.send({ kefu_chat: { isConnected: 1, msgType: 'image', msgContent: 'photo.png', url: up.body.result, clientMsgId: 'f1' } })
    expect((await c.ack('f1')).message).toMatchObject({ msgType: 'image', url: up.body.result, msgContent: 'photo.png' })
    c.send({ kefu_chat: { isConnected: 1, msgType: 'file', msgContent: 'cv.pdf', url: 'https://evil.example/x.pdf', clientMsgId: 'f2' } })
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 422, clientMsgId: 'f2' })
    c.send(text('   ', 'f3'))
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 425, clientMsgId: 'f3' })
    c.send({ kefu_chat: { isConnected: 1, msgType: 'sticker', msgContent: 'x', clientMsgId: 'f4' } })
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 421, clientMsgId: 'f4' })
    const list = await hh().api('POST', LIST, { body: { touristId: tid } })
    expect(list.body.result.list.map((m: any) => m.msgType)).toEqual(['image'])

    // uploads need a tourist id or a login
    expect((await hh().api('POST', UPLOAD, { payload: mp.body, headers: mp.headers })).status).toBe(401)

    // 100 MB + 1 byte, streamed: refused with the size reason, nothing kept
    const size = 104857600 + 1
    const answer = await streamUpload({ port, path: `/api/v1${UPLOAD}?touristId=${encodeURIComponent(tid)}`, filename: 'big.bin', size })
    expect(answer).toMatchObject({ code: 301, result: { field: 'file', reason: 'tooLarge' } })
  })

  it('answers heartbeats and closes a socket that stays silent past the idle limit', async () => {
    const c = await open({ touristId: await tourist() })
    c.send({ type: 'heartbeat' })
    expect(await c.next((f) => f.type === 'heartbeat')).toMatchObject({ type: 'heartbeat', time: expect.any(String) })
    const hub = hh().app.chat
    const before = hub.idleTimeoutMs
    hub.idleTimeoutMs = 400
    try {
      const alive = await open({ touristId: await tourist() })
      const silent = await open({ touristId: await tourist() })
      const beat = setInterval(() => alive.send({ type: 'heartbeat' }), 100)
      await silent.next((f) => f.__closed?.code === 4408, 3000)
      clearInterval(beat)
      expect(alive.closed).toBeNull()
    } finally {
      hub.idleTimeoutMs = before
    }
  })

  it('after a server restart the client reconnects and no acknowledged message is lost or doubled', async () => {
    const tid = await tourist()
    const first = await buildApp(hh().config, { clock: hh().clock })
    const p1 = await listen(first)
    let c = await ChatClient.open(p1, { touristId: tid })
    clients.push(c)
    await c.next((f) => f.type === 'connected')
    const acked: number[] = []
    for (const id of ['r1', 'r2', 'r3']) {
      c.send(text(`before restart ${id}`, id))
      acked.push((await c.ack(id)).message.id)
    }
    // r4 is sent as the server goes down: the client keeps it until acknowledged
    c.send(text('in flight r4', 'r4'))
    await first.close()
    await c.next((f) => f.__closed !== undefined || f.type === 'ack', 3000).catch(() => undefined)

    const second = await buildApp(hh().config, { clock: hh().clock })
    try {
      const p2 = await listen(second)
      c = await ChatClient.open(p2, { touristId: tid })
      clients.push(c)
      await c.next((f) => f.type === 'connected')
      // what a reconnecting client does: re-send everything not acknowledged (r3 again, as if its ack was missed)
      c.send(text('before restart r3', 'r3'))
      c.send(text('in flight r4', 'r4'))
      expect((await c.ack('r3')).message.id).toBe(acked[2])
      await c.ack('r4')
      const list = await second.inject({ method: 'POST', url: `/api/v1${LIST}`, payload: { touristId: tid } })
      const contents = list.json().result.list.map((m: any) => m.msgContent)
      expect(contents).toEqual(['before restart r1', 'before restart r2', 'before restart r3', 'in flight r4'])
      await c.close()
    } finally {
      await second.close()
    }
  })
})
