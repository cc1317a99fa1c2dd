/**
 * An in-process SMTP server that keeps every message it receives in memory, so the browser suite
 * reads verification codes from real mail sent by the real server over real SMTP (no DB backdoor).
 */
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  /** envelope recipients, lower-cased */
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  receivedAt: number
}

export interface SmtpSink {
  port: number
  url: string
  mails: ReceivedMail[]
  /** Resolves with the first mail to `to` received at or after `since` (ms epoch); rejects after `timeoutMs`. */
  waitForMail(to: string, opts?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>
  close(): Promise<void>
}

/** The first standalone 6-digit number of a mail (verification codes are 6 digits; years are 4). */
export function extractCode(mail: ReceivedMail, digits = 6): string {
  const re = new RegExp(`(?<!\\d)(\\d{${digits}})(?!\\d)`)
  const m = re.exec(mail.text || '') ?? re.exec((mail.html || '').replace(/<[^>]+>/g, ' '))
  if (!m) {
    throw new Error(`no ${digits}-digit code in mail "${mail.subject}":\n${mail.text || mail.html}`)
  }
  return m[1]
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = []
  const waiters = new Set<() => void>()

  const server = new SMTPServer({
    // Nodemailer upgrades to TLS when STARTTLS is offered; a self-signed sink would then fail, so plain text.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
          })
          waiters.forEach((w) => w())
          callback()
        })
        .catch((err) => callback(err))
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port

  function waitForMail(to: string, opts: { since?: number; timeoutMs?: number } = {}) {
    const addr = to.toLowerCase()
    const since = opts.since ?? 0
    const timeoutMs = opts.timeoutMs ?? 20_000
    const find = () => mails.find((m) => m.receivedAt >= since && m.to.includes(addr))
    return new Promise<ReceivedMail>((resolve, reject) => {
      const hit = find()
      if (hit) return resolve(hit)
      const check = () => {
        const m = find()
        if (m) {
          waiters.delete(check)
          clearTimeout(timer)
          resolve(m)
        }
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        const seen = mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ') || '(none)'
        reject(new Error(`no mail to ${to} within ${timeoutMs} ms; mails received:\n  ${seen}`))
      }, timeoutMs)
      waiters.add(check)
    })
  }

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
