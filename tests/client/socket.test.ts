import Taro from '@tarojs/taro'
import { SocketClient, HEARTBEAT_MS } from '../../src/shared/socket/socket-client'
import { fakeSocketTask } from './support/fake-socket'

const T = Taro as any

const flush = () => Promise.resolve().then(() => Promise.resolve())

let tasks: ReturnType<typeof fakeSocketTask>[]
beforeEach(() => {
  T.__reset()
  jest.useFakeTimers()
  tasks = []
  T.connectSocket.mockImplementation(() => {
    const task = fakeSocketTask()
    tasks.push(task)
    return Promise.resolve(task)
  })
})
afterEach(() => jest.useRealTimers())

test('the auth frame goes first on every connection, before anything queued, and the URL carries no credential', async () => {
  let token = 'tok-1'
  const c = new SocketClient({ url: 'ws://x/chat', auth: () => ({ auth: { token } }), reconnectBaseMs: 10 })
  c.connect()
  c.send({ kefu_chat: { msgContent: 'hi' } })
  await flush()
  tasks[0].fire('open')
  expect(tasks[0].sent).toEqual([JSON.stringify({ auth: { token: 'tok-1' } }), JSON.stringify({ kefu_chat: { msgContent: 'hi' } })])
  c.close()
  token = 'tok-2'
  c.connect()
  await flush()
  tasks[tasks.length - 1].fire('open')
  expect(tasks[tasks.length - 1].sent[0]).toBe(JSON.stringify({ auth: { token: 'tok-2' } }))
  c.close()
})

test('queues sends while connecting and flushes them on open', async () => {
  const onMessage = jest.fn()
  const c = new SocketClient({ url: 'ws://x/chat', onMessage })
  c.connect()
  c.send({ kefu_chat: { msgContent: 'hi' } })
  c.send('raw')
  await flush()
  expect(c.queued).toBe(2)
  expect(tasks[0].sent).toEqual([])
  tasks[0].fire('open')
  expect(c.state).toBe('open')
  expect(tasks[0].sent).toEqual([JSON.stringify({ kefu_chat: { msgContent: 'hi' } }), 'raw'])
  c.send({ a: 1 })
  expect(tasks[0].sent[2]).toBe('{"a":1}')
  tasks[0].fire('message', { data: '{"kefu_response":{"status":"kefu_up"}}' })
  expect(onMessage).toHaveBeenCalledWith({ kefu_response: { status: 'kefu_up' } })
  c.close()
})

test('sends a heartbeat every 300000 ms while open', async () => {
  const c = new SocketClient({ url: 'ws://x/chat', heartbeat: { heartbeat: true } })
  c.connect()
  await flush()
  tasks[0].fire('open')
  jest.advanceTimersByTime(HEARTBEAT_MS - 1)
  expect(tasks[0].sent).toEqual([])
  jest.advanceTimersByTime(1)
  expect(tasks[0].sent).toEqual(['{"heartbeat":true}'])
  jest.advanceTimersByTime(HEARTBEAT_MS)
  expect(tasks[0].sent).toHaveLength(2)
  c.close()
  jest.advanceTimersByTime(HEARTBEAT_MS * 3)
  expect(tasks[0].sent).toHaveLength(2)
})

test('reconnects with exponential backoff after an unexpected close and resets on success', async () => {
  const c = new SocketClient({ url: 'ws://x/chat', reconnectBaseMs: 1000, reconnectMaxMs: 8000 })
  c.connect()
  await flush()
  tasks[0].fire('open')
  tasks[0].fire('close', { code: 1006 })
  expect(c.state).toBe('closed')
  jest.advanceTimersByTime(999)
  expect(T.connectSocket).toHaveBeenCalledTimes(1)
  jest.advanceTimersByTime(1)
  expect(T.connectSocket).toHaveBeenCalledTimes(2)
  await flush()
  tasks[1].fire('close', { code: 1006 }) // fails before opening
  jest.advanceTimersByTime(1999)
  expect(T.connectSocket).toHaveBeenCalledTimes(2)
  jest.advanceTimersByTime(1)
  expect(T.connectSocket).toHaveBeenCalledTimes(3)
  expect([c.backoff(0), c.backoff(1), c.backoff(2), c.backoff(3), c.backoff(10)]).toEqual([1000, 2000, 4000, 8000, 8000])
  await flush()
  tasks[2].fire('open')
  expect(c.attempts).toBe(0)
  c.close()
})

test('a server restart (close 1012 "service restart") reconnects, authenticates again and sends what was queued meanwhile', async () => {
  const onClose = jest.fn()
  const c = new SocketClient({ url: 'ws://x/chat', auth: () => ({ auth: { token: 't' } }), reconnectBaseMs: 100, onClose })
  c.connect()
  await flush()
  tasks[0].fire('open')
  tasks[0].fire('close', { code: 1012, reason: 'service restart' })
  expect(onClose).toHaveBeenCalledWith({ code: 1012, reason: 'service restart', willReconnect: true })
  c.send({ kefu_chat: { msgContent: 'during the restart', clientMsgId: 'm1' } })
  jest.advanceTimersByTime(100)
  await flush()
  expect(T.connectSocket).toHaveBeenCalledTimes(2)
  tasks[1].fire('open')
  expect(tasks[1].sent).toEqual([JSON.stringify({ auth: { token: 't' } }), JSON.stringify({ kefu_chat: { msgContent: 'during the restart', clientMsgId: 'm1' } })])
  c.close()
})

test('close() stops reconnecting, drops the queue and returns to idle', async () => {
  const onClose = jest.fn()
  const c = new SocketClient({ url: 'ws://x/chat', onClose })
  c.connect()
  c.send('pending')
  await flush()
  c.close()
  expect(c.state).toBe('idle')
  expect(c.queued).toBe(0)
  expect(tasks[0].closed).toBe(true)
  tasks[0].fire('close', { code: 1000 }) // late event of the closed task is ignored
  jest.advanceTimersByTime(60000)
  expect(T.connectSocket).toHaveBeenCalledTimes(1)
  expect(onClose).not.toHaveBeenCalled()
})

test('headers go with the connection request only when the platform gives some (the mini-program: the chosen language)', () => {
  new SocketClient({ url: 'ws://x/chat', header: () => ({ lang: 'en' }) }).connect()
  expect(T.connectSocket.mock.calls[0][0]).toEqual({ url: 'ws://x/chat', header: { lang: 'en' } })
  new SocketClient({ url: 'ws://x/chat', header: () => undefined }).connect()
  expect(T.connectSocket.mock.calls[1][0]).toEqual({ url: 'ws://x/chat' })
})
