/**
 * Two server instances share the chat over Redis pub/sub (REDIS_URL): a customer connected to one and
 * the agent connected to the other talk in real time. Skipped with a notice when Redis is unreachable.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { dbTargets, startHarness, type Harness } from './harness'
import { ChatClient, hello, text } from './chat-client'
import { buildApp } from '../../server/src/app'
import { REDIS_URL, redisReachable } from '../support/redis'


async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

let reachable = false
beforeAll(async () => {
  reachable = await redisReachable()
  if (!reachable) console.log(`\n[chat-redis] NOTICE: Redis not reachable at ${REDIS_URL}; the two-instance chat test is skipped`)
})

for (const target of dbTargets()) {
  describe(`chat across two instances over Redis [${target}]`, () => {
    let h: Harness
    let a: FastifyInstance
    let b: FastifyInstance
    let portA = 0
    let portB = 0
    const clients: ChatClient[] = []

    beforeAll(async () => {
      if (!reachable) return
      h = await startHarness(target)
      const config = { ...h.config, redisUrl: REDIS_URL }
      a = await buildApp(config, { clock: h.clock })
      b = await buildApp(config, { clock: h.clock })
      portA = await listen(a)
      portB = await listen(b)
    })
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()))
      await a?.close()
      await b?.close()
      await h?.close()
    })

    it('a customer on instance A and the agent on instance B see each other live, and kefu_down crosses too', async () => {
      if (!reachable) return
      expect(a.chat.busKind).toBe('redis')
      expect(b.chat.busKind).toBe('redis')
      const kefuToken = await h.adminLogin('kefu@haijiao.demo')
      const userToken = await h.login('user@haijiao.demo')

      const agent = await ChatClient.open(portB, { token: kefuToken, role: 'kefu' })
      clients.push(agent)
      await agent.next((f) => f.type === 'connected')
      agent.send({ kefu_status: { online: true } })
      await agent.next((f) => f.type === 'kefu_state' && f.online)

      const customer = await ChatClient.open(portA, { token: userToken })
      clients.push(customer)
      const { identity } = await customer.next((f) => f.type === 'connected')
      customer.send(hello())
      const up = await customer.status('kefu_up')
      expect(up.kefu_response.name).toBe('客服小海 Service Agent')
      expect((await agent.next((f) => f.type === 'assigned')).conversation.customerId).toBe(identity.customerId)

      customer.send(text('hello from instance A', 'x1'))
      await customer.ack('x1')
      expect((await agent.chat((m) => m.msgContent === 'hello from instance A')).kefu_chat.sendType).toBe('customer')

      agent.send(text('answer from instance B', 'y1', { customerId: identity.customerId }))
      await agent.ack('y1')
      expect((await customer.chat((m) => m.msgContent === 'answer from instance B')).kefu_chat.sendType).toBe('kefu')
      // delivered once, not once per instance
      expect(await customer.within((f) => f.kefu_chat?.msgContent === 'answer from instance B', 300)).toHaveLength(1)

      agent.send({ kefu_status: { online: false } })
      await customer.status('kefu_down')
    })
  })
}
