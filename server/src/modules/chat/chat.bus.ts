/**
 * Delivery of frames to a party ("c:<customerId>" or "k:<agent user id>") wherever its sockets are.
 * In-process by default; with REDIS_URL every instance publishes to one Redis channel and delivers what
 * it receives to its own sockets (its own publications included, so nothing is delivered twice).
 */
import Redis from 'ioredis'

/** hands a frame, as the JSON text every socket of the party is sent, to this instance's sockets of the party */
export type Deliver = (party: string, frameJson: string) => void

export interface ChatBus {
  publish(party: string, frame: unknown): Promise<void>
  close(): Promise<void>
  readonly kind: 'memory' | 'redis'
}

export class MemoryBus implements ChatBus {
  readonly kind = 'memory' as const
  constructor(private readonly deliver: Deliver) {}
  async publish(party: string, frame: unknown) {
    this.deliver(party, JSON.stringify(frame))
  }
  async close() {}
}

const ENVELOPE_HEAD = /^\{"party":("(?:[^"\\]|\\.)*"),"frame":/

/**
 * The party and the frame's JSON text out of an envelope `{"party":…,"frame":…}` (what JSON.stringify
 * writes): the frame is passed on as the text it arrived as, never parsed and encoded again. Every
 * instance receives every frame and most are for parties it has no socket of; that parse and re-encode
 * per frame was the receiving instance's largest cost after the socket writes.
 */
export function openEnvelope(raw: string): { party: string; frameJson: string } {
  const head = ENVELOPE_HEAD.exec(raw)
  if (head && raw.endsWith('}')) return { party: JSON.parse(head[1]) as string, frameJson: raw.slice(head[0].length, -1) }
  const { party, frame } = JSON.parse(raw) as { party: string; frame: unknown }
  return { party, frameJson: JSON.stringify(frame) }
}

/** the channel name after the configured REDIS_PREFIX (default "haijiao:") */
export const CHAT_CHANNEL = 'chat'

export class RedisBus implements ChatBus {
  readonly kind = 'redis' as const
  private pub: Redis
  private sub: Redis

  private constructor(url: string, private readonly channel: string, private readonly deliver: Deliver, private readonly log: (msg: string, err?: unknown) => void) {
    const opts = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true }
    this.pub = new Redis(url, opts)
    this.sub = new Redis(url, opts)
    for (const c of [this.pub, this.sub]) c.on('error', (err) => this.log('chat redis error', err))
    this.sub.on('message', (_channel: string, raw: string) => {
      try {
        const { party, frameJson } = openEnvelope(raw)
        this.deliver(party, frameJson)
      } catch (err) {
        this.log('chat redis: bad message', err)
      }
    })
  }

  static async connect(url: string, prefix: string, deliver: Deliver, log: (msg: string, err?: unknown) => void): Promise<RedisBus> {
    const bus = new RedisBus(url, prefix + CHAT_CHANNEL, deliver, log)
    await bus.pub.connect()
    await bus.sub.connect()
    await bus.sub.subscribe(bus.channel)
    return bus
  }

  async publish(party: string, frame: unknown) {
    await this.pub.publish(this.channel, JSON.stringify({ party, frame }))
  }

  async close() {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()])
  }
}
