/**
 * The direct composer of plain mails (server/src/lib/mail-compose.ts): what a mail reader parses out of
 * its message is what was given (subject in both languages, both bodies with their line breaks, the
 * extra headers, the From header as MailComposer writes it), and a mail of another shape is left to
 * MailComposer. The chat bus's envelope reader, a neighbour in spirit: the frame's text passes unchanged.
 */
import { simpleParser } from 'mailparser'
import { PlainMailComposer } from '../../server/src/lib/mail-compose'
import { openEnvelope } from '../../server/src/modules/chat/chat.bus'

describe('plain mail composer', () => {
  const composer = new PlainMailComposer('Haijiao 海交 <no-reply@haijiao.example>')
  const mail = {
    to: 'person@example.com',
    subject: '海交政策资讯 2026-11-28：关于出入境的新规定与办理指南（等 3 条）',
    text: '关于出入境的新规定\n摘要\nhttps://haijiao.example/informationDetail?id=1\n\n退订: https://haijiao.example/unsubscribe?token=a.b\n',
    html: '<h3><a href="https://haijiao.example/informationDetail?id=1">关于出入境的新规定</a></h3><p>摘要</p>',
    headers: { 'List-Unsubscribe': `<https://haijiao.example/api/v1/system/subscribe/one-click/unsubscribe?token=${'t'.repeat(80)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    messageId: '<abc@haijiao.mail>',
  }

  test('a reader gets back every part as given', async () => {
    const out = composer.compose(mail, new Date('2026-11-28T08:00:00Z'))!
    expect(out.envelope).toEqual({ from: 'no-reply@haijiao.example', to: ['person@example.com'] })
    const raw = out.raw.toString('utf8')
    // every line within the limits of RFC 5322 and no bare line feed
    expect(raw.split('\r\n').every((l) => l.length <= 998 && !l.includes('\n'))).toBe(true)
    const parsed = await simpleParser(out.raw)
    expect(parsed.subject).toBe(mail.subject)
    expect(parsed.from?.text).toBe('"Haijiao 海交" <no-reply@haijiao.example>')
    expect(parsed.messageId).toBe('<abc@haijiao.mail>')
    expect(parsed.date?.toISOString()).toBe('2026-11-28T08:00:00.000Z')
    expect(parsed.text?.replace(/\r\n/g, '\n')).toBe(mail.text)
    expect(parsed.html).toBe(mail.html)
    const header = (name: string) => parsed.headerLines.find((l) => l.key === name)?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ')
    expect(header('list-unsubscribe')).toBe(mail.headers['List-Unsubscribe'])
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(raw).toMatch(/^To: person@example\.com$/m)
  })

  test('a text-only mail is one part', async () => {
    const out = composer.compose({ to: 'a@example.com', subject: 'Hello', text: 'line 1\nline 2', messageId: '<t@haijiao.mail>' })!
    const parsed = await simpleParser(out.raw)
    expect(parsed.subject).toBe('Hello')
    expect(parsed.text?.replace(/\r\n/g, '\n')).toBe('line 1\nline 2')
    expect(parsed.html).toBe(false)
    expect(out.raw.toString()).not.toContain('multipart')
  })

  test('another shape is left to MailComposer', () => {
    expect(composer.compose({ ...mail, to: '张三@example.com' })).toBeNull()
    expect(composer.compose({ ...mail, to: 'Zhang <z@example.com>' })).toBeNull()
    expect(composer.compose({ ...mail, messageId: undefined })).toBeNull()
    expect(composer.compose({ ...mail, headers: { 'X-Note': '备注' } })).toBeNull()
    expect(composer.compose({ ...mail, headers: { 'X-Note': 'a\r\nBcc: someone@example.com' } })).toBeNull()
    expect(composer.compose({ ...mail, headers: { Bcc: 'someone@example.com' } })).toBeNull()
  })
})

describe('chat bus envelope', () => {
  test('the party is read from the head and the frame passes as its text', () => {
    const frame = { kefu_chat: { msgContent: 'a "quoted" \\ text}', id: 1 } }
    const raw = JSON.stringify({ party: 'c:ab"c', frame })
    const { party, frameJson } = openEnvelope(raw)
    expect(party).toBe('c:ab"c')
    expect(frameJson).toBe(JSON.stringify(frame))
    // an envelope written another way is still read
    expect(openEnvelope(JSON.stringify({ frame, party: 'k:7' }))).toEqual({ party: 'k:7', frameJson: JSON.stringify(frame) })
  })
})
