/**
 * An SMTP sink that counts messages per recipient without parsing them (10,000 mails stay cheap), with
 * an optional delay per message so a fan-out is still running when a test stops or kills an instance.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface MailCounter {
  port: number
  url: string
  /** messages received per recipient (lower-case) */
  perRecipient: Map<string, number>
  total(): number
  /** recipients that received more than one message */
  duplicates(): string[]
  waitFor(n: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

export async function startMailCounter(opts: { delayMs?: number } = {}): Promise<MailCounter> {
  const perRecipient = new Map<string, number>()
  let total = 0
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined)
      stream.on('end', () => {
        const done = () => {
          total++
          for (const r of session.envelope.rcptTo) {
            const a = r.address.toLowerCase()
            perRecipient.set(a, (perRecipient.get(a) ?? 0) + 1)
          }
          callback()
        }
        if (opts.delayMs) setTimeout(done, opts.delayMs)
        else done()
      })
    },
  })
  // a killed instance resets its SMTP connections: that is the test, not a sink failure
  server.on('error', () => undefined)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    perRecipient,
    total: () => total,
    duplicates: () => [...perRecipient].filter(([, n]) => n > 1).map(([a]) => a),
    async waitFor(n, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs
      while (total < n) {
        if (Date.now() > deadline) throw new Error(`mail sink: ${total} of ${n} mails after ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
