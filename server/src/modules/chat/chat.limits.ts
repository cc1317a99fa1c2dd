/**
 * Flood limits of the chat that hold per identity (a user, a tourist id, an agent), not per socket:
 * opening more sockets buys no more frames. Frames are counted across every instance in Redis when
 * REDIS_URL is set (one sorted set per identity, trimmed to the window by a script), in process
 * otherwise. Sockets are counted per instance: the cap bounds what one instance holds open.
 */
import Redis from 'ioredis'

/** per identity: at most CHAT_FRAME_BURST frames in CHAT_FRAME_WINDOW_MS (heartbeats excepted); more get 432 */
export const CHAT_FRAME_BURST = 30
export const CHAT_FRAME_WINDOW_MS = 10_000
/** open sockets one identity (several tabs and devices) and one address (a shared office network) may hold */
export const CHAT_SOCKETS_PER_IDENTITY = 10
export const CHAT_SOCKETS_PER_ADDRESS = 50

export interface FrameRate {
  /** counts one frame of this identity at `nowMs`; false = over the limit, not counted */
  allow(identity: string, nowMs: number): Promise<boolean>
  /** true at most once per `ms` per key (typing frames: forwarded once per interval, the rest dropped) */
  once(key: string, ms: number, nowMs: number): Promise<boolean>
  close(): Promise<void>
}

export class MemoryFrameRate implements FrameRate {
  private readonly recent = new Map<string, number[]>()
  private readonly until = new Map<string, number>()

  async once(key: string, ms: number, nowMs: number): Promise<boolean> {
    return this.onceNow(key, ms, nowMs)
  }

  onceNow(key: string, ms: number, nowMs: number): boolean {
    const u = this.until.get(key)
    if (u != null && nowMs < u) return false
    this.until.set(key, nowMs + ms)
    if (this.until.size > 1000) for (const [k, v] of this.until) if (v <= nowMs) this.until.delete(k)
    return true
  }

  async allow(identity: string, nowMs: number): Promise<boolean> {
    return this.allowNow(identity, nowMs)
  }

  allowNow(identity: string, nowMs: number): boolean {
    const since = nowMs - CHAT_FRAME_WINDOW_MS
    const times = (this.recent.get(identity) ?? []).filter((t) => t > since)
    if (times.length >= CHAT_FRAME_BURST) {
      this.recent.set(identity, times)
      return false
    }
    times.push(nowMs)
    this.recent.set(identity, times)
    // identities gone quiet are forgotten, so the map holds only the last window's senders
    if (this.recent.size > 1000) for (const [k, v] of this.recent) if (!v.some((t) => t > since)) this.recent.delete(k)
    return true
  }

  async close() {}
}

// KEYS[1] the identity's set; ARGV: now, window, burst, a unique member. 1 = counted, 0 = over the limit.
const SLIDING_WINDOW = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`

/** the script as a command of its own: sent once, then called by its digest (EVALSHA) rather than as text with every frame */
type RateClient = Redis & { chatSlidingWindow(key: string, nowMs: number, windowMs: number, burst: number, member: string): Promise<number> }

export class RedisFrameRate implements FrameRate {
  private readonly client: RateClient
  /** used while Redis does not answer: the limit still holds on this instance */
  private readonly fallback = new MemoryFrameRate()
  private seq = 0

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly instanceId: string,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {
    this.client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) as RateClient
    this.client.defineCommand('chatSlidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW })
    this.client.on('error', (err) => this.log('chat rate limit: redis error', err))
  }

  async allow(identity: string, nowMs: number): Promise<boolean> {
    try {
      const member = `${nowMs}:${this.instanceId}:${++this.seq}`
      const counted = await this.client.chatSlidingWindow(`${this.prefix}chat-rate:${identity}`, nowMs, CHAT_FRAME_WINDOW_MS, CHAT_FRAME_BURST, member)
      return Number(counted) === 1
    } catch (err) {
      this.log('chat rate limit: redis failed, counting in process', err)
      return this.fallback.allowNow(identity, nowMs)
    }
  }

  async once(key: string, ms: number, nowMs: number): Promise<boolean> {
    try {
      return (await this.client.set(`${this.prefix}chat-once:${key}`, '1', 'PX', ms, 'NX')) === 'OK'
    } catch (err) {
      this.log('chat rate limit: redis failed, counting in process', err)
      return this.fallback.onceNow(key, ms, nowMs)
    }
  }

  async close() {
    await this.client.quit().catch(() => undefined)
  }
}

/** open sockets of this instance per identity and per address */
export class SocketCounts {
  private readonly byIdentity = new Map<string, number>()
  private readonly byAddress = new Map<string, number>()

  /** takes a place for a new socket; false (nothing taken) when either limit is reached */
  take(identity: string, address: string): boolean {
    if ((this.byIdentity.get(identity) ?? 0) >= CHAT_SOCKETS_PER_IDENTITY) return false
    if ((this.byAddress.get(address) ?? 0) >= CHAT_SOCKETS_PER_ADDRESS) return false
    this.byIdentity.set(identity, (this.byIdentity.get(identity) ?? 0) + 1)
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1)
    return true
  }

  release(identity: string, address: string) {
    for (const [map, key] of [[this.byIdentity, identity], [this.byAddress, address]] as const) {
      const n = (map.get(key) ?? 1) - 1
      if (n > 0) map.set(key, n)
      else map.delete(key)
    }
  }
}
