/**
 * Chat security on both databases: 9 (socket credentials never in the URL, logs redacted),
 * 14 (the spec's full announcement frame), 7 (frame rate, message length, upload quota, tourist ids).
 */
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import type { FastifyInstance } from 'fastify'
import { describeEachDb } from './harness'
import { ChatClient, text } from './chat-client'
import { redactUrl } from '../../server/src/lib/log-redaction'
import { CHAT_FRAME_BURST } from '../../server/src/modules/chat/chat.hub'

const NEW_ID = '/signal/sign/get/newId'
const LIST = '/message/message/list/message'
const UPLOAD = '/message/message/upload/file'

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

const logLines: string[] = []

describeEachDb(
  'chat security',
  (hh) => {
    let port = 0
    const clients: ChatClient[] = []
    const open = async (creds: Record<string, string>, via: 'frame' | 'protocol' = 'frame') => {
      const c = await ChatClient.open(port, creds, via)
      clients.push(c)
      await c.next((f) => f.type === 'connected' || f.type === 'error')
      return c
    }
    const tourist = async () => (await hh().api('GET', NEW_ID)).body.result as string
    beforeAll(async () => {
      port = await listen(hh().app)
    })
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((c) => c.close()))
    })

    it('the socket authenticates by its first frame or Sec-WebSocket-Protocol; a credential in the URL opens nothing', async () => {
      const h = hh()
      const token = await h.login('user@haijiao.demo')
      const userId = (await h.api('GET', '/system/user/current/user', { token })).body.result.id
      const byFrame = await open({ token })
      expect(byFrame.frames[0]).toMatchObject({ type: 'connected', identity: { sendType: 'customer', sendId: String(userId) } })
      const byProtocol = await open({ token }, 'protocol')
      expect(byProtocol.frames[0]).toMatchObject({ type: 'connected', identity: { sendType: 'customer' } })
      expect(byProtocol.ws.protocol).toBe('haijiao-chat')
      const tid = await tourist()
      expect((await open({ touristId: tid }, 'protocol')).frames[0]).toMatchObject({ type: 'connected', identity: { sendType: 'tourist' } })
      // the old query-string credentials are not read: the socket waits for an auth frame, and a
      // first frame that is not one closes it
      const ws = new WebSocket(`ws://127.0.0.1:${port}/chat?token=${encodeURIComponent(token)}`)
      const legacy = await new Promise<{ frames: any[]; code: number }>((resolve, reject) => {
        const frames: any[] = []
        ws.on('message', (d) => frames.push(JSON.parse(String(d))))
        ws.on('close', (code) => resolve({ frames, code }))
        ws.on('open', () => ws.send(JSON.stringify({ kefu_chat: { isConnected: 1 } })))
        ws.on('error', reject)
      })
      expect(legacy.frames[0]).toMatchObject({ type: 'error', code: 402 })
      expect(legacy.code).toBe(4401)
      // a consumer-login token cannot take the agent side
      const kefuConsumer = await h.login('kefu@haijiao.demo')
      const refused = await open({ token: kefuConsumer, role: 'kefu' })
      expect(refused.frames[0]).toMatchObject({ type: 'error', code: 402 })
    })

    it('request logs keep no token=, touristId= or Authorization', async () => {
      const h = hh()
      const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.c2lnbmF0dXJl'
      const tid = await tourist()
      logLines.length = 0
      await h.api('GET', `/subscribe/confirm?token=${secret}`)
      await h.api('POST', `${UPLOAD}?touristId=${encodeURIComponent(tid)}`, { headers: { 'content-type': 'application/json' }, payload: '{}' })
      await h.api('GET', '/system/user/current/user', { token: secret })
      await h.api('GET', `/activity/enroll/form?activityId=1&guestToken=abcdef0123`)
      const all = logLines.join('\n')
      expect(all).toContain('[redacted]')
      expect(all).toMatch(/"url":"\/api\/v1\/subscribe\/confirm\?token=\[redacted\]"/)
      for (const leaked of [secret, tid, tid.split('.')[1], 'abcdef0123']) expect(all).not.toContain(leaked)
      expect(redactUrl('/x?a=1&token=abc&touristId=t1.sig&code=1234#f')).toBe('/x?a=1&token=[redacted]&touristId=[redacted]&code=[redacted]#f')
    })

    it("the spec's full announcement frame (msgType 'text', empty content and url, isConnected 1) is the connection, not error 425", async () => {
      const tid = await tourist()
      const publicId = tid.split('.')[0]
      const c = await open({ touristId: tid })
      c.send({ kefu_chat: { sendId: publicId, sendType: 'tourist', isConnected: 1, customerId: publicId, msgType: 'text', msgContent: '', url: '' } })
      expect((await c.status('noBody')).kefu_response.customerId).toBe(publicId)
      expect(await c.within((f) => f.type === 'error')).toEqual([])
      // nothing was stored by the announcement; a real text still is
      expect((await hh().api('POST', LIST, { body: { touristId: tid } })).body.result.list).toEqual([])
      c.send(text('hello', 'a1'))
      expect((await c.ack('a1')).message.msgContent).toBe('hello')
    })

    it('a flood gets error 432 per extra frame, stores nothing more, and the socket stays usable; too long is 433', async () => {
      const tid = await tourist()
      const c = await open({ touristId: tid })
      const flood = CHAT_FRAME_BURST + 30
      for (let i = 0; i < flood; i++) c.send(text(`m${i}`, `f${i}`))
      const last = `f${flood - 1}`
      await c.next((f) => (f.type === 'error' || f.type === 'ack') && f.clientMsgId === last, 8000)
      const acks = c.frames.filter((f) => f.type === 'ack').length
      const limited = c.frames.filter((f) => f.type === 'error' && f.code === 432)
      expect(acks).toBe(CHAT_FRAME_BURST)
      expect(limited).toHaveLength(flood - CHAT_FRAME_BURST)
      expect(limited[0].message).toBe('请求过于频繁，请稍后再试')
      const stored = (await hh().api('POST', LIST, { body: { touristId: tid, pageSize: 100 } })).body.result.total
      expect(stored).toBe(CHAT_FRAME_BURST)
      // still open: heartbeats are answered while the window lasts
      c.send({ type: 'heartbeat' })
      await c.next((f) => f.type === 'heartbeat')
      expect(c.closed).toBeNull()

      const fresh = await open({ touristId: await tourist() })
      fresh.send(text('x'.repeat(2001), 'long'))
      expect(await fresh.next((f) => f.type === 'error')).toMatchObject({ code: 433, clientMsgId: 'long' })
    })

    it('a file message may point only at a file its sender uploaded: any other path, or another sender\'s file, is 422 and stores nothing', async () => {
      const h = hh()
      const { multipart } = await import('../support/multipart')
      const upload = async (query: string, opts: { token?: string } = {}) => {
        const m = multipart('notes.pdf', Buffer.from('%PDF-1.4 mine'))
        const r = await h.api('POST', `${UPLOAD}${query}`, { headers: m.headers, payload: m.payload, ...opts })
        expect(r.body.code).toBe(200)
        return r.body.result as string
      }
      const file = (url: string, id: string) => ({ kefu_chat: { isConnected: 1, msgType: 'file', msgContent: 'notes.pdf', url, clientMsgId: id } })
      const mine = await tourist()
      const theirs = await tourist()
      const myUrl = await upload(`?touristId=${encodeURIComponent(mine)}`)
      const me = await open({ touristId: mine })
      const other = await open({ touristId: theirs })
      me.send(file('/uploads/2026-11/nonexistent.exe', 'x1'))
      expect(await me.next((f) => f.type === 'error')).toMatchObject({ code: 422, clientMsgId: 'x1' })
      other.send(file(myUrl, 'x2'))
      expect(await other.next((f) => f.type === 'error')).toMatchObject({ code: 422, clientMsgId: 'x2' })
      expect((await h.api('POST', LIST, { body: { touristId: theirs } })).body.result.total).toBe(0)
      me.send(file(myUrl, 'x3'))
      expect((await me.ack('x3')).message).toMatchObject({ msgType: 'file', url: myUrl })
      expect((await h.api('POST', LIST, { body: { touristId: mine } })).body.result.total).toBe(1)
      // a logged-in user's own upload (by token) is theirs too
      const token = await h.login('promoter@haijiao.demo')
      const userUrl = await upload('', { token })
      const user = await open({ token })
      user.send(file(userUrl, 'x4'))
      expect((await user.ack('x4')).message.url).toBe(userUrl)
    })

    it("a day's upload quota per tourist and per address (434), nothing stored past it", async () => {
      const h = hh()
      const { CHAT_UPLOAD_BYTES_PER_DAY } = await import('../../server/src/modules/chat/chat.service')
      const tid = await tourist()
      const day = h.app.ctx.clock.now().toISOString().slice(0, 10)
      // the address has almost used its day: one more small file fits, the next does not
      await h.db.deleteFrom('abuse_counters').where('counter_key', '=', 'chat-upload:ip:127.0.0.1').execute()
      await h.db.insertInto('abuse_counters').values({ counter_key: 'chat-upload:ip:127.0.0.1', window_start: day, amount: CHAT_UPLOAD_BYTES_PER_DAY - 100 }).execute()
      const { multipart } = await import('../support/multipart')
      const up = (content: Buffer, id = tid) => {
        const m = multipart('notes.pdf', content)
        return h.api('POST', `${UPLOAD}?touristId=${encodeURIComponent(id)}`, { headers: m.headers, payload: m.payload })
      }
      expect((await up(Buffer.from('%PDF-1.4 tiny'))).body.code).toBe(200)
      const over = await up(Buffer.alloc(200, 65))
      expect(over.body.code).toBe(434)
      expect(over.body.message).toBe('今日上传已达上限')
      // a fresh tourist id from the same address does not reset what the address has left
      expect((await up(Buffer.alloc(200, 65), await tourist())).body.code).toBe(434)
      // the next day the quota starts again
      h.clock.advance(24 * 3600 * 1000)
      expect((await up(Buffer.from('%PDF-1.4 tiny'))).body.code).toBe(200)
    })
  },
  { env: { LOG_LEVEL: 'info' }, build: { logStream: { write: (line: string) => void logLines.push(line) } } },
)

describeEachDb('chat security: new tourist ids per address', (hh) => {
  it('one address gets a bounded number of tourist ids per hour (HTTP 429, code 432)', async () => {
    const { CHAT_TOURIST_IDS_PER_IP_PER_HOUR } = await import('../../server/src/modules/chat/chat.service')
    const statuses: number[] = []
    for (let i = 0; i <= CHAT_TOURIST_IDS_PER_IP_PER_HOUR; i++) statuses.push((await hh().api('GET', NEW_ID)).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(CHAT_TOURIST_IDS_PER_IP_PER_HOUR)
    const last = await hh().api('GET', NEW_ID)
    expect(last.status).toBe(429)
    expect(last.body.code).toBe(432)
  })
})
