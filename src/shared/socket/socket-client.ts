/**
 * WebSocket core over Taro.connectSocket (used by the chat): connect, heartbeat every 5 minutes,
 * reconnect with exponential backoff after an unexpected close, a send queue while connecting, and a
 * close() that resets everything. Socket errors are only logged (spec section 8).
 */
import Taro from '@tarojs/taro'

export const HEARTBEAT_MS = 300000
export const RECONNECT_BASE_MS = 1000
export const RECONNECT_MAX_MS = 30000

export type SocketState = 'idle' | 'connecting' | 'open' | 'closed'

export interface SocketClientOptions {
  url: string | (() => string)
  /**
   * The first frame of every connection, before anything queued: how the socket authenticates, so no
   * credential travels in the URL (which lands in server logs). JSON-encoded when not a string.
   */
  auth?: () => unknown
  /** headers of the connection request where the platform lets us set them (the mini-program; a browser cannot) */
  header?: () => Record<string, string> | undefined
  heartbeatMs?: number
  /** what a heartbeat sends; JSON-encoded when not a string */
  heartbeat?: unknown
  reconnectBaseMs?: number
  reconnectMaxMs?: number
  onOpen?(): void
  onMessage?(data: unknown): void
  onClose?(info: { code?: number; reason?: string; willReconnect: boolean }): void
}

type Task = Taro.SocketTask

export class SocketClient {
  state: SocketState = 'idle'
  attempts = 0
  private task: Task | null = null
  private queue: string[] = []
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null
  private manualClose = false
  /** increments per connection so late events of an old task are ignored */
  private generation = 0

  constructor(private readonly opts: SocketClientOptions) {}

  get queued(): number {
    return this.queue.length
  }

  connect(): void {
    if (this.state === 'open' || this.state === 'connecting') return
    this.manualClose = false
    this.state = 'connecting'
    const gen = ++this.generation
    const url = typeof this.opts.url === 'function' ? this.opts.url() : this.opts.url
    let result: any
    try {
      const header = this.opts.header?.()
      result = Taro.connectSocket(header ? { url, header } : { url })
    } catch (e) {
      console.warn('[socket] connect failed', e)
      this.onClosed(gen, undefined, 'connect failed')
      return
    }
    // Taro returns a Promise<SocketTask> (weapp and H5); accept a bare task too.
    Promise.resolve(result).then(
      (task: Task) => this.attach(gen, task),
      (e: unknown) => {
        console.warn('[socket] connect failed', e)
        this.onClosed(gen, undefined, 'connect failed')
      },
    )
  }

  private attach(gen: number, task: Task): void {
    if (gen !== this.generation) {
      task.close({})
      return
    }
    this.task = task
    task.onOpen(() => {
      if (gen !== this.generation) return
      this.state = 'open'
      this.attempts = 0
      const auth = this.opts.auth?.()
      if (auth != null) task.send({ data: typeof auth === 'string' ? auth : JSON.stringify(auth) })
      this.flush()
      this.startHeartbeat()
      this.opts.onOpen?.()
    })
    task.onMessage((msg: { data: unknown }) => {
      if (gen !== this.generation) return
      let data = msg.data
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data)
        } catch {
          /* plain text frame */
        }
      }
      this.opts.onMessage?.(data)
    })
    task.onError((e: unknown) => {
      console.warn('[socket] error', e)
    })
    task.onClose((res: { code?: number; reason?: string }) => {
      this.onClosed(gen, res?.code, res?.reason)
    })
  }

  private onClosed(gen: number, code?: number, reason?: string): void {
    if (gen !== this.generation) return
    this.stopHeartbeat()
    this.task = null
    const willReconnect = !this.manualClose
    this.state = 'closed'
    this.opts.onClose?.({ code, reason, willReconnect })
    if (willReconnect) this.scheduleReconnect()
  }

  /** Delay before reconnect attempt n (0-based): base·2^n, capped. */
  backoff(n: number): number {
    const base = this.opts.reconnectBaseMs ?? RECONNECT_BASE_MS
    const max = this.opts.reconnectMaxMs ?? RECONNECT_MAX_MS
    return Math.min(max, base * 2 ** n)
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer) return
    const delay = this.backoff(this.attempts)
    this.attempts += 1
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      if (!this.manualClose) this.connect()
    }, delay)
  }

  send(data: unknown): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data)
    if (this.state === 'open' && this.task) {
      this.task.send({ data: text })
    } else {
      this.queue.push(text)
      if (this.state === 'idle' || this.state === 'closed') this.connect()
    }
  }

  private flush(): void {
    const pending = this.queue
    this.queue = []
    for (const text of pending) this.task?.send({ data: text })
  }

  private startHeartbeat(): void {
    this.stopHeartbeat()
    const every = this.opts.heartbeatMs ?? HEARTBEAT_MS
    this.heartbeatTimer = setInterval(() => {
      if (this.state !== 'open' || !this.task) return
      const hb = this.opts.heartbeat ?? { type: 'heartbeat' }
      this.task.send({ data: typeof hb === 'string' ? hb : JSON.stringify(hb) })
    }, every)
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer)
    this.heartbeatTimer = null
  }

  /** Close on purpose: no reconnect, queue dropped, back to idle. */
  close(): void {
    this.manualClose = true
    this.stopHeartbeat()
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
    this.queue = []
    this.attempts = 0
    const task = this.task
    this.task = null
    this.generation += 1
    this.state = 'idle'
    if (task) {
      try {
        task.close({})
      } catch (e) {
        console.warn('[socket] close failed', e)
      }
    }
  }
}
