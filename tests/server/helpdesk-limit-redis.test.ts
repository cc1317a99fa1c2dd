/**
 * The concurrent-conversation limit across two instances over Redis: visitors announcing at once on
 * both instances to the one online agent get at most `maxConcurrent` of them assigned (the count is part
 * of the database's conditional assignment), the rest wait queued, and no conversation is assigned twice
 * (one kefu_up and one history row each). Skipped with a notice when Redis is unreachable.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { dbTargets, startHarness, type Harness } from './harness'
import { ChatClient, hello } from './chat-client'
import { buildApp } from '../../server/src/app'
import { REDIS_URL, redisReachable } from '../support/redis'
import { HELPDESK_API as H } from '@contracts/helpdesk'

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

let reachable = false
beforeAll(async () => {
  reachable = await redisReachable()
  if (!reachable) console.log(`\n[helpdesk-limit-redis] NOTICE: Redis not reachable at ${REDIS_URL}; the two-instance limit test is skipped`)
})

for (const target of dbTargets()) {
  describe(`helpdesk concurrent limit across two instances [${target}]`, () => {
    let h: Harness
    let a: FastifyInstance
    let b: FastifyInstance
    const ports: number[] = []
    const clients: ChatClient[] = []
    const open = async (port: number, creds: Record<string, string>) => {
      const c = await ChatClient.open(port, creds)
      clients.push(c)
      await c.next((f) => f.type === 'connected')
      return c
    }

    beforeAll(async () => {
      if (!reachable) return
      h = await startHarness(target)
      const config = { ...h.config, redisUrl: REDIS_URL }
      a = await buildApp(config, { clock: h.clock })
      b = await buildApp(config, { clock: h.clock })
      ports.push(await listen(a), await listen(b))
    })
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()))
      await a?.close()
      await b?.close()
      await h?.close()
    })

    it('visitors arriving at once on both instances never push the agent over the limit, and none is assigned twice', async () => {
      if (!reachable) return
      const opsToken = await h.adminLogin('ops@haijiao.demo')
      expect((await h.api('POST', `/api/v1${H.settingsSave}`, { token: opsToken, body: { maxConcurrent: 3 } })).body.code).toBe(200)
      const kefuToken = await h.adminLogin('kefu@haijiao.demo')
      const kefuId = (await h.api('GET', '/system/user/current/user', { token: kefuToken })).body.result.id as number
      const kefu = await open(ports[0], { token: kefuToken, role: 'kefu' })
      kefu.send({ kefu_status: { status: 'online' } })
      await kefu.next((f) => f.type === 'kefu_state' && f.status === 'online')
      // the other instance reads the limit through its own short cache: wait it out
      await new Promise((r) => setTimeout(r, 2100))

      const visitors = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const tid = (await h.api('GET', '/signal/sign/get/newId')).body.result as string
          const c = await open(ports[i % 2], { touristId: tid })
          return { c, customerId: tid.split('.')[0] }
        }),
      )
      for (const v of visitors) v.c.send(hello())
      const outcomes = await Promise.all(visitors.map(async (v) => (await v.c.next((f) => f.kefu_response?.status === 'kefu_up' || f.kefu_response?.status === 'noBody')).kefu_response.status as string))
      await new Promise((r) => setTimeout(r, 500))
      expect(outcomes.filter((s) => s === 'kefu_up')).toHaveLength(3)
      const held = await h.db.selectFrom('chat_conversations').select(['id', 'customer_id']).where('kefu_id', '=', kefuId).where('status', '=', 'open').execute()
      expect(held).toHaveLength(3)
      for (const row of held) {
        const routed = await h.db.selectFrom('chat_conversation_events').select('to_kefu_id').where('conversation_id', '=', row.id).where('kind', '=', 'routed').execute()
        expect(routed).toEqual([{ to_kefu_id: kefuId }])
      }
      for (const v of visitors) expect(v.c.frames.filter((f) => f.kefu_response?.status === 'kefu_up').length).toBeLessThanOrEqual(1)
      const queued = await h.db.selectFrom('chat_conversations').select('id').where('customer_id', 'in', visitors.map((v) => v.customerId)).where('status', '=', 'queued').execute()
      expect(queued).toHaveLength(9)
    })
  })
}
