/** A real websocket client for the chat tests: collects frames and waits for the one a test expects. */
import WebSocket from 'ws'

export class ChatClient {
  readonly frames: any[] = []
  closed: { code: number; reason: string } | null = null
  private waiters: Array<() => void> = []
  private seen = 0

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)))
      this.waiters.splice(0).forEach((w) => w())
    })
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) }
      this.waiters.splice(0).forEach((w) => w())
    })
  }

  /**
   * Connects and authenticates as the apps do: credentials (token [+ role] or touristId) in the first
   * frame, or — `via: 'protocol'` — offered in Sec-WebSocket-Protocol; the URL carries no secret.
   */
  static open(port: number, creds: Record<string, string>, via: 'frame' | 'protocol' = 'frame'): Promise<ChatClient> {
    // lang travels as the apps send it: the mini-program in the `lang` header, a browser (which cannot set
    // a socket's headers) as `?lang=` (urlLang here); the server answers in Chinese without either
    const { token, touristId, lang, urlLang, ...rest } = creds
    const qs = new URLSearchParams({ ...rest, ...(urlLang ? { lang: urlLang } : {}) }).toString()
    const protocols = via === 'protocol' ? ['haijiao-chat', token ? `bearer.${token}` : `tourist.${touristId}`] : undefined
    const ws = new WebSocket(`ws://127.0.0.1:${port}/chat${qs ? `?${qs}` : ''}`, protocols, lang ? { headers: { lang } } : undefined)
    const c = new ChatClient(ws)
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        if (via === 'frame' && (token || touristId)) ws.send(JSON.stringify({ auth: token ? { token, role: rest.role } : { touristId } }))
        resolve(c)
      })
      ws.once('error', reject)
    })
  }

  send(frame: unknown) {
    this.ws.send(JSON.stringify(frame))
  }

  /** The next frame (after the ones already consumed) matching pred; waits up to ms. */
  async next(pred: (f: any) => boolean, ms = 4000): Promise<any> {
    const deadline = Date.now() + ms
    for (;;) {
      for (let i = this.seen; i < this.frames.length; i++) {
        if (pred(this.frames[i])) {
          this.seen = i + 1
          return this.frames[i]
        }
      }
      if (this.closed && pred({ __closed: this.closed })) return { __closed: this.closed }
      if (this.closed) throw new Error(`socket closed ${JSON.stringify(this.closed)} while waiting; frames: ${JSON.stringify(this.frames)}`)
      if (Date.now() > deadline) throw new Error(`timed out; frames: ${JSON.stringify(this.frames)}`)
      await new Promise<void>((r) => {
        this.waiters.push(r)
        setTimeout(r, 100)
      })
    }
  }

  /** Frames matching pred that arrived within ms (for asserting something did NOT arrive). */
  async within(pred: (f: any) => boolean, ms = 300): Promise<any[]> {
    await new Promise((r) => setTimeout(r, ms))
    return this.frames.filter(pred)
  }

  status(s: string) {
    return this.next((f) => f.kefu_response?.status === s)
  }

  ack(clientMsgId: string) {
    return this.next((f) => f.type === 'ack' && f.clientMsgId === clientMsgId)
  }

  chat(pred: (m: any) => boolean = () => true) {
    return this.next((f) => f.kefu_chat && pred(f.kefu_chat))
  }

  async close() {
    if (this.closed) return
    const done = new Promise<void>((r) => this.ws.once('close', () => r()))
    this.ws.close()
    await done
  }
}

export const text = (msgContent: string, clientMsgId: string, extra: Record<string, unknown> = {}) => ({
  kefu_chat: { isConnected: 1, msgType: 'text', msgContent, url: null, clientMsgId, ...extra },
})
export const hello = (extra: Record<string, unknown> = {}) => ({ kefu_chat: { isConnected: 1, ...extra } })
