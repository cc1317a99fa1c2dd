/**
 * Leave-a-message endpoint (spec sections 5, 7, 9) and the admin feedback inbox, on SQLite and
 * PostgreSQL: each limit gives 301 naming the field with the spec message key and stores nothing;
 * a valid message appears in the ops inbox (search, status edit, reply by e-mail to the author through
 * the SMTP sink); the inbox is refused without the menu / button permission.
 */
import { describeEachDb, type Harness } from './harness'
import { FEEDBACK_API as F, FEEDBACK_MESSAGE_KEYS as K } from '@contracts/feedback'

const valid = { desc: '我想咨询回国落户政策', name: '王小明', tel: '13800138000', email: 'wang@ex.com' }

describeEachDb('feedback', (get) => {
  let h: Harness
  let ops: string
  beforeAll(async () => {
    h = get()
    ops = await h.adminLogin('ops@haijiao.demo')
  })
  const count = async () => Number((await h.db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

  test.each([
    ['desc empty', { desc: '  ' }, 'desc', K.descEmpty],
    ['desc over 1000', { desc: 'x'.repeat(1001) }, 'desc', K.descLong],
    ['name empty', { name: '' }, 'name', K.nameEmpty],
    ['name over 50', { name: 'n'.repeat(51) }, 'name', K.nameLong],
    ['tel empty', { tel: '' }, 'tel', K.telEmpty],
    ['tel over 20', { tel: '1'.repeat(21) }, 'tel', K.telLong],
    ['tel not numeric', { tel: '138-0013' }, 'tel', K.telNumeric],
    ['tel under 6 digits', { tel: '12345' }, 'tel', K.telShort],
    ['email empty', { email: '' }, 'email', K.emailEmpty],
    ['email over 20', { email: 'averyverylongname@example.com' }, 'email', K.emailLong],
    ['email pattern', { email: 'wang@ex' }, 'email', K.emailInvalid],
  ])('%s → 301 naming the field, nothing stored', async (_n, patch, field, key) => {
    const before = await count()
    const r = await h.api('POST', F.add, { body: { ...valid, ...patch }, headers: { lang: 'en' } })
    expect(r.status).toBe(200)
    expect(r.body.code).toBe(301)
    expect(r.body.result).toEqual({ field, messageKey: key })
    expect(r.body.message).toBe(`Parameter error: ${field}`)
    expect(await count()).toBe(before)
  })

  test('exactly 1000 / 50 / 20 / 20 characters are accepted', async () => {
    const r = await h.api('POST', F.add, { body: { desc: 'd'.repeat(1000), name: 'n'.repeat(50), tel: '1'.repeat(20), email: 'abcdefgh@example.com' } })
    expect(r.body.code).toBe(200)
    expect(r.body.result.id).toBeGreaterThan(0)
  })

  test('a visitor leaves a message; ops finds it, sets a status and replies by e-mail', async () => {
    const r = await h.api('POST', F.add, { body: { ...valid, desc: '落户材料 unique-marker-42' } })
    expect(r.body.code).toBe(200)
    const id = r.body.result.id

    const list = await h.api('GET', `${F.adminList}?keyword=unique-marker-42`, { token: ops })
    expect(list.body.code).toBe(200)
    expect(list.body.result.total).toBe(1)
    expect(list.body.result.list[0]).toMatchObject({ id, desc: '落户材料 unique-marker-42', name: '王小明', tel: '13800138000', email: 'wang@ex.com', status: 'new', userId: null })

    const upd = await h.api('POST', F.adminUpdate, { token: ops, body: { id, status: 'processing', remark: '已联系' } })
    expect(upd.body.result).toMatchObject({ status: 'processing', remark: '已联系' })
    const byStatus = await h.api('GET', `${F.adminList}?status=processing&keyword=unique-marker`, { token: ops })
    expect(byStatus.body.result.list.map((x: any) => x.id)).toEqual([id])

    const before = h.mail.count('wang@ex.com')
    const rep = await h.api('POST', F.adminReply, { token: ops, body: { id, subject: '关于落户的回复', content: '请准备学历认证和护照。' } })
    expect(rep.body.code).toBe(200)
    expect(rep.body.result).toMatchObject({ status: 'done', replyContent: '请准备学历认证和护照。' })
    const mail = await h.mail.latest('wang@ex.com', before)
    expect(mail.subject).toBe('关于落户的回复')
    expect(mail.text).toContain('请准备学历认证和护照。')
    expect(mail.text).toContain('落户材料 unique-marker-42')
  })

  test('a logged-in user’s message records the user', async () => {
    const token = await h.login('user@haijiao.demo')
    const r = await h.api('POST', F.add, { token, body: valid })
    const row = await h.db.selectFrom('feedback').select('user_id').where('id', '=', r.body.result.id).executeTakeFirstOrThrow()
    expect(row.user_id).toBeGreaterThan(0)
  })

  test('the inbox needs the menu, editing needs the button', async () => {
    expect((await h.api('GET', F.adminList)).status).toBe(401)
    const user = await h.login('user@haijiao.demo')
    expect((await h.api('GET', F.adminList, { token: user })).status).toBe(403)
    const org = await h.adminLogin('org@haijiao.demo')
    const denied = await h.api('POST', F.adminUpdate, { token: org, body: { id: 1, status: 'done' } })
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe(402)
  })
})
