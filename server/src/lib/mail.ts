/**
 * Outgoing mail: infrastructure the app context carries (`ctx.mail`, built in app.ts), like the tokens
 * and the clock; modules send through it, and so do the job deliveries below them. SMTP_URL → real
 * SMTP via nodemailer. Without it, each message is rendered by nodemailer's stream transport into a
 * real .eml file under DATA_DIR/outbox, and verification codes are logged, so a newcomer can register
 * with no mail server.
 */
import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import net from 'node:net'
import nodemailer, { type Transporter } from 'nodemailer'
import MailComposer from 'nodemailer/lib/mail-composer'
import type SMTPPool from 'nodemailer/lib/smtp-pool'
import { parseConnectionUrl } from 'nodemailer/lib/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Lang } from '@contracts/error-codes'
import { PlainMailComposer, type OutgoingMail } from './mail-compose'

export type { OutgoingMail }

/**
 * The pool's sockets, opened with Nagle's algorithm off. nodemailer writes a message's last line
 * ("\r\n.\r\n") as a small segment of its own; with Nagle on, it waits for the server's delayed ACK
 * (~40 ms on Linux) before going out, which capped each pooled connection at ~20 mails/s. TLS
 * (smtps://) is still negotiated by nodemailer over this socket.
 */
function connectWithoutDelay(options: { host?: string; port?: number; secure?: boolean }, callback: (err: Error | null, socket?: { connection: net.Socket }) => void): void {
  // nodemailer's own defaults: 465 for smtps://, else 587
  const socket = net.connect({ host: options.host ?? 'localhost', port: options.port ?? (options.secure ? 465 : 587), noDelay: true })
  // What nodemailer writes in one turn of the event loop (a message and its final "\r\n.\r\n") leaves
  // in one system call: corked at the first write, uncorked once the turn's writes are queued.
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean
  let corked = false
  socket.write = ((...args: unknown[]) => {
    if (!corked) {
      corked = true
      socket.cork()
      process.nextTick(() => {
        corked = false
        socket.uncork()
      })
    }
    return write(...args)
  }) as typeof socket.write
  const onError = (err: Error) => callback(err)
  socket.once('error', onError)
  socket.once('connect', () => {
    socket.off('error', onError)
    callback(null, { connection: socket })
  })
}

export class MailService {
  private readonly transport: Transporter
  readonly mode: 'smtp' | 'outbox'
  private readonly outboxDir: string
  private plain: PlainMailComposer | null = null

  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.outboxDir = path.join(config.dataDir, 'outbox')
    if (config.smtpUrl) {
      this.mode = 'smtp'
      // pooled: fan-outs (notices, reminders, digests) reuse SMTP connections instead of one per mail; as
      // many connections as the job worker sends in parallel. The URL is parsed here: given `{ url, pool }`,
      // nodemailer reads the URL alone and silently drops every other option (the pool included).
      this.transport = nodemailer.createTransport({
        ...parseConnectionUrl(config.smtpUrl),
        pool: true,
        maxConnections: config.jobs.mailConcurrency,
        maxMessages: 1000,
        getSocket: connectWithoutDelay,
      } as SMTPPool.Options)
    } else {
      this.mode = 'outbox'
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.mode === 'smtp') {
      // The message is composed into one buffer first and handed over raw: streamed by nodemailer, a
      // mail goes out in dozens of small socket writes, and each write is a system call (the largest
      // cost of a fan-out here). The envelope is the same one nodemailer would derive. A plain mail (every
      // fan-out's) is written directly (mail-compose.ts), anything else by MailComposer.
      this.plain ??= new PlainMailComposer(this.config.mailFrom)
      const direct = this.plain.compose(mail)
      if (direct) {
        // the Message-ID given too: nodemailer otherwise draws a random one (five random reads) for a raw message
        await this.transport.sendMail({ ...direct, messageId: mail.messageId })
        return
      }
      const message = new MailComposer({ from: this.config.mailFrom, ...mail }).compile()
      await this.transport.sendMail({ raw: await message.build(), envelope: message.getEnvelope() })
      return
    }
    const info = await this.transport.sendMail({ from: this.config.mailFrom, ...mail })
    if (this.mode === 'outbox') {
      fs.mkdirSync(this.outboxDir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(this.outboxDir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`)
      fs.writeFileSync(file, (info as unknown as { message: Buffer }).message)
      this.log.info({ to: mail.to, file }, 'mail written to outbox')
    }
  }

  /** Bilingual verification-code mail; the caller's language comes first. */
  async sendVerificationCode(to: string, code: string, purpose: string, lang: Lang): Promise<void> {
    if (this.mode === 'outbox') {
      // Only in outbox mode: with real SMTP the code must not end up in logs.
      this.log.info({ to, purpose, code }, `verification code for ${to}: ${code}`)
    }
    const zh = {
      subject: '海交 验证码',
      line: `您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略本邮件。`,
    }
    const en = {
      subject: 'Haijiao verification code',
      line: `Your verification code is ${code}. It is valid for 10 minutes. If you did not request it, ignore this e-mail.`,
    }
    const [first, second] = lang === 'en' ? [en, zh] : [zh, en]
    await this.send({
      to,
      subject: `${first.subject} / ${second.subject}: ${code}`,
      text: `${first.line}\n\n${second.line}\n`,
      html: `<p>${first.line}</p><p>${second.line}</p><p style="font-size:24px;letter-spacing:4px"><b>${code}</b></p>`,
    })
  }

  close(): void {
    this.transport.close()
  }
}
