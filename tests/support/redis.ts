/** The Redis the two-instance tests use (TEST_REDIS_URL, default 127.0.0.1:6379), and whether it answers. */
import Redis from 'ioredis'

export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'

export async function redisReachable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null })
  r.on('error', () => undefined)
  try {
    await r.connect()
    return (await r.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    r.disconnect()
  }
}
