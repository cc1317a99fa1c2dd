/**
 * The raw message of a plain mail (one ASCII recipient, a subject, a text and an optional HTML body,
 * ASCII extra headers, a Message-ID) written directly, with nodemailer's own header encoders
 * (mime-funcs: encoded words, folding) and base64 bodies. nodemailer's MailComposer built the same
 * message through a tree of MIME nodes and streams at ~0.35 ms of CPU per mail, about half of what a
 * digest fan-out spent per mail (--cpu-prof under `npm run bench:mail`); this takes a few microseconds.
 * Anything outside that shape (a non-ASCII address or header value, no Message-ID) answers null and
 * is composed by MailComposer as before.
 */
import crypto from 'node:crypto'
import mimeFuncs from 'nodemailer/lib/mime-funcs'
import MailComposer from 'nodemailer/lib/mail-composer'

/** a mail as the application hands it to the transport (lib/mail.ts) */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
  /** extra headers, e.g. List-Unsubscribe / List-Unsubscribe-Post (RFC 8058) on subscription mail */
  headers?: Record<string, string>
  /** deterministic Message-ID for ledger-backed sends (server/src/jobs): a duplicate is recognisable */
  messageId?: string
}

/** printable ASCII, no angle brackets, quotes, commas or spaces: an address nodemailer would write as it is */
const PLAIN_ADDRESS = /^[!#-'*+\-/-9=?A-Z^-~.]+@[A-Za-z0-9.-]+$/
const PLAIN_VALUE = /^[\x20-\x7e]*$/
const HEADER_KEY = /^[A-Za-z0-9-]+$/
/** headers this composer writes itself: given as extra headers, the mail goes through MailComposer */
const OWN_HEADERS = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'message-id', 'date', 'mime-version', 'content-type', 'content-transfer-encoding', 'sender', 'reply-to'])

/**
 * nodemailer's encoder with its fourth argument, encodeAll, which MimeNode passes for every header (the
 * published types list three): a subject with any non-ASCII word is encoded whole, as MailComposer does.
 */
const encodeWords = mimeFuncs.encodeWords.bind(mimeFuncs) as (value: string, encoding: 'Q' | 'B', maxLength: number, encodeAll: boolean) => string

/** nodemailer's choice of encoded word: Q when the text has more latin letters than other symbols, else B */
function wordEncoding(value: string): 'Q' | 'B' {
  let latin = 0
  let other = 0
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) latin++
    else if (c >= 0x80 || c <= 0x08 || c === 0x0b || c === 0x0c || (c >= 0x0e && c <= 0x1f)) other++
  }
  return other < latin ? 'Q' : 'B'
}

/** base64 in lines of 76 characters (RFC 2045), of the text in its canonical form (CRLF line breaks, RFC 2046) */
function base64Lines(text: string): string {
  const b64 = Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8').toString('base64')
  let out = ''
  for (let i = 0; i < b64.length; i += 76) out += (i ? '\r\n' : '') + b64.slice(i, i + 76)
  return out
}

export class PlainMailComposer {
  /** the From header and the envelope's sender exactly as MailComposer writes them, worked out once */
  private readonly fromHeader: string
  readonly envelopeFrom: string
  /** a boundary of characters base64 never writes ("_", "="), unique per composer and message */
  private readonly boundaryBase = `--_HjM-${crypto.randomBytes(6).toString('hex')}-`
  private seq = 0

  constructor(from: string) {
    const probe = new MailComposer({ from, to: 'probe@example.com', subject: 'probe', text: 'probe' }).compile()
    const head = probe.buildHeaders()
    const m = /^From: .*(?:\r\n[ \t].*)*/m.exec(head)
    if (!m) throw new Error('mail: no From header composed')
    this.fromHeader = m[0]
    this.envelopeFrom = String(probe.getEnvelope().from || '')
  }

  /** the raw message and its envelope, or null when the mail is not of the plain shape */
  compose(mail: OutgoingMail, date = new Date()): { raw: Buffer; envelope: { from: string; to: string[] } } | null {
    if (!mail.messageId || !PLAIN_VALUE.test(mail.messageId) || !/^<[^<>\s]+>$/.test(mail.messageId)) return null
    if (!PLAIN_ADDRESS.test(mail.to)) return null
    const extra: string[] = []
    for (const [key, value] of Object.entries(mail.headers ?? {})) {
      if (!HEADER_KEY.test(key) || OWN_HEADERS.has(key.toLowerCase()) || !PLAIN_VALUE.test(value)) return null
      extra.push(mimeFuncs.foldLines(`${key}: ${value}`, 76))
    }
    const subject = mail.subject.replace(/\r?\n|\r/g, ' ')
    const lines = [
      this.fromHeader,
      `To: ${mail.to}`,
      mimeFuncs.foldLines(`Subject: ${encodeWords(subject, wordEncoding(subject), 52, true)}`, 76),
      `Message-ID: ${mail.messageId}`,
      `Date: ${date.toUTCString().replace(/GMT/, '+0000')}`,
      'MIME-Version: 1.0',
      ...extra,
    ]
    const part = (type: string, body: string) => `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(body)}`
    let message: string
    if (mail.html == null) {
      message = `${lines.join('\r\n')}\r\n${part('text/plain', mail.text)}\r\n`
    } else {
      const boundary = `${this.boundaryBase}${++this.seq}`
      lines.push(`Content-Type: multipart/alternative;\r\n boundary="${boundary}"`)
      message =
        `${lines.join('\r\n')}\r\n\r\n` +
        `--${boundary}\r\n${part('text/plain', mail.text)}\r\n` +
        `--${boundary}\r\n${part('text/html', mail.html)}\r\n` +
        `--${boundary}--\r\n`
    }
    return { raw: Buffer.from(message, 'utf8'), envelope: { from: this.envelopeFrom, to: [mail.to] } }
  }
}
