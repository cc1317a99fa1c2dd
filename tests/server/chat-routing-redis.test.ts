/**
 * Helpdesk routing across two instances over Redis: the database's conditional update is the
 * arbiter, so when two agents on different instances come online at once and both claim the same queued
 * conversations, each conversation is assigned exactly once (one history row, one kefu_up to its visitor);
 * and a category entrance used on either instance reaches the category's agent on the other. Skipped with
 * a notice when Redis is unreachable.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { dbTargets, startHarness, type Harness } from './harness'
import { ChatClient, hello } from './chat-client'
import { buildApp } from '../../server/src/app'
import { REDIS_URL, redisReachable } from '../support/redis'

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

let reachable = false
beforeAll(async () => {
  reachable = await redisReachable()
  if (!reachable) console.log(`\n[chat-routing-redis] NOTICE: Redis not reachable at ${REDIS_URL}; the two-instance routing test is skipped`)
})

for (const target of dbTargets()) {
  describe(`chat routing across two instances [${target}]`, () => {
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

    it('two agents coming online on different instances claim the queue without assigning anything twice; categories cross instances', async () => {
      if (!reachable) return
      const kefuToken = await h.adminLogin('kefu@haijiao.demo')
      const opsToken = await h.adminLogin('ops@haijiao.demo')
      const opsId = (await h.api('GET', '/system/user/current/user', { token: opsToken })).body.result.id as number
      const tech = await h.db.selectFrom('service_category_links').select('category_id').where('biz_code', '=', 'achievement_transform').executeTakeFirstOrThrow()
      await h.db.updateTable('service_categories').set({ agent_user_id: opsId }).where('id', '=', tech.category_id).execute()

      const kefu = await open(ports[1], { token: kefuToken, role: 'kefu' })
      const ops = await open(ports[0], { token: opsToken, role: 'kefu' })
      // 16 visitors, half on each instance, wait with nobody online
      const visitors = await Promise.all(
        Array.from({ length: 16 }, async (_, i) => {
          const tid = (await h.api('GET', '/signal/sign/get/newId')).body.result as string
          const c = await open(ports[i % 2], { touristId: tid })
          c.send(hello())
          await c.status('noBody')
          return { c, customerId: tid.split('.')[0] }
        }),
      )
      // both come online at the same moment, each on its own instance: both claim the same queue
      kefu.send({ kefu_status: { status: 'online' } })
      ops.send({ kefu_status: { status: 'online' } })
      const owners = await Promise.all(visitors.map(async (v) => (await v.c.status('kefu_up')).kefu_response.keFuId as number))
      await new Promise((r) => setTimeout(r, 500))
      for (const [i, v] of visitors.entries()) {
        // one kefu_up per visitor, the agent it names is the one the database holds, one history row
        expect(v.c.frames.filter((f) => f.kefu_response?.status === 'kefu_up')).toHaveLength(1)
        const row = await h.db.selectFrom('chat_conversations').select(['id', 'kefu_id', 'status']).where('customer_id', '=', v.customerId).executeTakeFirstOrThrow()
        expect(row).toMatchObject({ kefu_id: owners[i], status: 'open' })
        const routed = await h.db.selectFrom('chat_conversation_events').select('to_kefu_id').where('conversation_id', '=', row.id).where('kind', '=', 'routed').execute()
        expect(routed).toEqual([{ to_kefu_id: owners[i] }])
      }
      // each agent was told exactly of the conversations it holds
      const told = [...kefu.frames, ...ops.frames].filter((f) => f.type === 'assigned').map((f) => f.conversation.customerId)
      expect(told.sort()).toEqual(visitors.map((v) => v.customerId).sort())

      // technology transfer asked on instance B reaches its category agent (ops) on instance A, though kefu on B is online
      const tid = (await h.api('GET', '/signal/sign/get/newId')).body.result as string
      const t = await open(ports[1], { touristId: tid })
      t.send(hello({ category: 'tech' }))
      expect((await t.status('kefu_up')).kefu_response.keFuId).toBe(opsId)
      expect((await ops.next((f) => f.type === 'assigned' && f.conversation.customerId === tid.split('.')[0])).conversation.customerId).toBe(tid.split('.')[0])
    })
  })
}
