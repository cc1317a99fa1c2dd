/**
 * Chat floods and oversized frames, on both databases: the frame limit is the identity's over
 * all its sockets (two sockets on one instance; two instances over Redis at TEST_REDIS_URL, skipped
 * with a notice when Redis is unreachable), sockets are capped per identity and per address, and a
 * frame over the size limit closes with 1009 and is logged as a warning, not as an error.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { describeEachDb, dbTargets, startHarness, type Harness } from './harness'
import { ChatClient, text } from './chat-client'
import { buildApp } from '../../server/src/app'
import { REDIS_URL, redisReachable } from '../support/redis'
import { CHAT_FRAME_BURST, CHAT_SOCKETS_PER_ADDRESS, CHAT_SOCKETS_PER_IDENTITY } from '../../server/src/modules/chat/chat.limits'
import { newTouristId } from '../../server/src/modules/chat/tourist-id'

const LIST = '/message/message/list/message'

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

/** sends `n` texts alternately over the sockets, then waits for every answer (ack or error) */
async function flood(sockets: ChatClient[], n: number, tag: string) {
  for (let i = 0; i < n; i++) sockets[i % sockets.length].send(text(`${tag}${i}`, `${tag}${i}`))
  for (let i = 0; i < n; i++) {
    const id = `${tag}${i}`
    await sockets[i % sockets.length].next((f) => (f.type === 'ack' || f.type === 'error') && f.clientMsgId === id, 10000)
  }
  const frames = sockets.flatMap((s) => s.frames)
  return {
    acks: frames.filter((f) => f.type === 'ack' && String(f.clientMsgId).startsWith(tag)).length,
    limited: frames.filter((f) => f.type === 'error' && f.code === 432 && String(f.clientMsgId).startsWith(tag)).length,
  }
}

const logLines: string[] = []

describeEachDb(
  'chat floods',
  (hh) => {
    let port = 0
    const clients: ChatClient[] = []
    const open = async (creds: Record<string, string>) => {
      const c = await ChatClient.open(port, creds)
      clients.push(c)
      await c.next((f) => f.type === 'connected' || f.type === 'error')
      return c
    }
    const touristId = () => newTouristId(hh().app.ctx.config.jwtSecret)
    beforeAll(async () => {
      port = await listen(hh().app)
    })
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((c) => c.close()))
    })

    it(`two sockets of one identity share its ${CHAT_FRAME_BURST} frames: the rest get 432 and nothing is stored`, async () => {
      const tid = touristId()
      const sockets = [await open({ touristId: tid }), await open({ touristId: tid })]
      const sent = CHAT_FRAME_BURST * 2 + 10
      const r = await flood(sockets, sent, 'two')
      expect(r.acks).toBe(CHAT_FRAME_BURST)
      expect(r.limited).toBe(sent - CHAT_FRAME_BURST)
      const stored = (await hh().api('POST', LIST, { body: { touristId: tid, pageSize: 100 } })).body.result.total
      expect(stored).toBe(CHAT_FRAME_BURST)
      // another identity is not held back by this one's flood
      const other = await open({ touristId: touristId() })
      other.send(text('hello', 'o1'))
      expect((await other.ack('o1')).message.msgContent).toBe('hello')
    })

    it(`at most ${CHAT_SOCKETS_PER_IDENTITY} sockets per identity: the next one gets 432 and is closed`, async () => {
      const tid = touristId()
      for (let i = 0; i < CHAT_SOCKETS_PER_IDENTITY; i++) expect((await open({ touristId: tid })).frames[0].type).toBe('connected')
      const extra = await open({ touristId: tid })
      expect(extra.frames[0]).toMatchObject({ type: 'error', code: 432 })
      expect((await extra.next((f) => !!f.__closed)).__closed.code).toBe(1008)
      // a socket closed frees its place
      await clients[0].close()
      await new Promise((r) => setTimeout(r, 200))
      expect((await open({ touristId: tid })).frames[0].type).toBe('connected')
    })

    it(`at most ${CHAT_SOCKETS_PER_ADDRESS} sockets per address, whatever the identities`, async () => {
      for (let i = 0; i < CHAT_SOCKETS_PER_ADDRESS; i++) expect((await open({ touristId: touristId() })).frames[0].type).toBe('connected')
      const extra = await open({ touristId: touristId() })
      expect(extra.frames[0]).toMatchObject({ type: 'error', code: 432 })
      expect((await extra.next((f) => !!f.__closed)).__closed.code).toBe(1008)
    })

    it('a frame over the size limit closes with 1009 and is logged as a warning (level 40), not as an error', async () => {
      logLines.length = 0
      const c = await open({ touristId: touristId() })
      c.ws.send('x'.repeat(64 * 1024 + 1))
      expect((await c.next((f) => !!f.__closed)).__closed.code).toBe(1009)
      await new Promise((r) => setTimeout(r, 200))
      const entries = logLines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: unknown })
      const oversize = entries.filter((e) => /size limit|Max payload/i.test(e.msg))
      expect(oversize).toHaveLength(1)
      expect(oversize[0].level).toBe(40)
      expect(entries.filter((e) => e.level >= 50)).toEqual([])
    })
  },
  { env: { LOG_LEVEL: 'info' }, build: { logStream: { write: (line: string) => void logLines.push(line) } } },
)

let reachable = false
beforeAll(async () => {
  reachable = await redisReachable()
  if (!reachable) console.log(`\n[chat-flood] NOTICE: Redis not reachable at ${REDIS_URL}; the two-instance flood test is skipped`)
})

for (const target of dbTargets()) {
  describe(`chat floods across two instances over Redis [${target}]`, () => {
    let h: Harness
    let a: FastifyInstance
    let b: FastifyInstance
    const clients: ChatClient[] = []

    beforeAll(async () => {
      if (!reachable) return
      h = await startHarness(target)
      // a prefix of this run's own: the counters of other runs sharing the Redis are not ours
      const config = { ...h.config, redisUrl: REDIS_URL, redisPrefix: `hj-flood-${process.pid}-${target}:` }
      a = await buildApp(config, { clock: h.clock })
      b = await buildApp(config, { clock: h.clock })
    })
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()))
      await a?.close()
      await b?.close()
      await h?.close()
    })

    it(`one user with a socket on each instance gets ${CHAT_FRAME_BURST} frames in all, not per instance`, async () => {
      if (!reachable) return
      const token = await h.login('user@haijiao.demo')
      const [portA, portB] = [await listen(a), await listen(b)]
      const sockets = [await ChatClient.open(portA, { token }), await ChatClient.open(portB, { token })]
      clients.push(...sockets)
      for (const s of sockets) await s.next((f) => f.type === 'connected')
      const sent = CHAT_FRAME_BURST * 2 + 10
      const r = await flood(sockets, sent, 'ab')
      expect(r.acks).toBe(CHAT_FRAME_BURST)
      expect(r.limited).toBe(sent - CHAT_FRAME_BURST)
      const stored = await h.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('client_msg_id', 'like', 'ab%').executeTakeFirstOrThrow()
      expect(Number(stored.n)).toBe(CHAT_FRAME_BURST)
    })
  })
}
