/**
 * The SMTP transport every fan-out goes through: pooled for real (a burst of mails shares at most
 * JOB_MAIL_CONCURRENCY connections; nodemailer given `{ url, pool }` used to read the URL alone and open
 * one connection per mail), and a mail composed in one piece arrives whole: envelope, Message-ID, extra
 * headers, both bodies.
 */
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import pino from 'pino'
import { loadConfig } from '../../server/src/config'
import { MailService } from '../../server/src/lib/mail'

describe('SMTP transport', () => {
  let server: SMTPServer
  let port = 0
  let connections = 0
  const received: Array<{ from: string; to: string[]; data: string }> = []

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      onConnect(_session, cb) {
        connections++
        cb()
      },
      onData(stream, session, cb) {
        let data = ''
        stream.on('data', (c: Buffer) => (data += c.toString('utf8')))
        stream.on('end', () => {
          received.push({ from: (session.envelope.mailFrom as { address: string }).address, to: session.envelope.rcptTo.map((r) => r.address), data })
          cb()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    port = (server.server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  test('40 mails at once share at most 4 pooled connections and arrive whole', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(os.tmpdir(), 'hj-mail-transport'), SMTP_URL: `smtp://127.0.0.1:${port}`, JOB_MAIL_CONCURRENCY: '4', MAIL_FROM: 'Haijiao 海交 <no-reply@haijiao.example>' })
    const mail = new MailService(config, pino({ level: 'silent' }))
    try {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          mail.send({
            to: `person${i}@example.com`,
            subject: `活动提醒 ${i}`,
            text: `正文 ${i}`,
            html: `<p>正文 ${i}</p>`,
            headers: { 'List-Unsubscribe': `<https://haijiao.example/u/${i}>` },
            messageId: `<m${i}@haijiao.mail>`,
          }),
        ),
      )
    } finally {
      mail.close()
    }
    expect(received).toHaveLength(40)
    expect(connections).toBeGreaterThanOrEqual(1)
    expect(connections).toBeLessThanOrEqual(4)
    const m7 = received.find((r) => r.to[0] === 'person7@example.com')!
    expect(m7.from).toBe('no-reply@haijiao.example')
    expect(m7.to).toEqual(['person7@example.com'])
    expect(m7.data).toMatch(/^Message-ID: <m7@haijiao\.mail>$/m)
    expect(m7.data).toMatch(/^List-Unsubscribe: <https:\/\/haijiao\.example\/u\/7>$/m)
    expect(m7.data).toMatch(/^To: person7@example\.com$/m)
    expect(m7.data).toContain('multipart/alternative')
  })
})
