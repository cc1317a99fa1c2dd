/**
 * Control characters in names, on both databases: bidirectional and zero-width
 * controls are taken out of every plain-text field as a request arrives (plugins/input-guard.ts), so
 * an activity title with U+202E reaches neither the database nor the enrolment export's file name;
 * nicknames lose them too; rich-text bodies and passwords keep what was sent.
 */
import { describeEachDb, loginDemoRoles, type Harness } from './harness'
import { ADMIN_ACTIVITY_API as ACT } from '@contracts/admin-activity'
import { ADMIN_ENROLL_API as ENROLL } from '@contracts/admin-enrollment'
import { PARTICIPATION_API as P } from '@contracts/participation'
import { stripControls } from '../../server/src/lib/plain-text'

const CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u2060', '\uFEFF', '\u061C']
const ANY_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060\uFEFF\u061C]/

describe('stripControls', () => {
  it('takes out each of the seventeen controls and nothing else', () => {
    expect(stripControls(`a${CONTROLS.join('')}b 名字 é`)).toBe('ab 名字 é')
  })
})

describeEachDb('control characters in names', (get) => {
  let h: Harness
  let org: string
  beforeAll(async () => {
    h = get()
    ;({ org } = await loginDemoRoles(h))
  })

  it('an activity title with U+202E is stored without it and the export file name carries none', async () => {
    const add = await h.api('POST', ACT.add, { token: org, body: { titleZh: '名单\u202Egpj.exe', titleEn: 'List\u200B\u2066x\u2069' } })
    expect(add.body.code).toBe(200)
    const id = add.body.result.id as number
    const row = await h.db.selectFrom('activities').select(['title_zh', 'title_en']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toEqual({ title_zh: '名单gpj.exe', title_en: 'Listx' })
    // a draft title saved later is cleaned the same way
    expect((await h.api('POST', ACT.save, { token: org, body: { id, titleZh: '\u202E名单\uFEFF', detailZh: '<p>家庭 👨\u200D👩\u200D👧</p>' } })).body.code).toBe(200)
    const saved = await h.db.selectFrom('activities').select(['title_zh', 'detail_zh']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(saved.title_zh).toBe('名单')
    // a rich-text body keeps its zero-width joiners (the family emoji)
    expect(saved.detail_zh).toContain('👨\u200D👩\u200D👧')
    const res = await h.app.inject({ method: 'GET', url: `/api/v1${ENROLL.export}?activityId=${id}`, headers: { authorization: `Bearer ${org}`, lang: 'zh' } })
    expect(res.statusCode).toBe(200)
    const disposition = decodeURIComponent(String(res.headers['content-disposition']))
    expect(disposition).toContain('名单-')
    expect(disposition).not.toMatch(ANY_CONTROL)
  })

  it('a nickname loses them, in a query too; a password keeps what was typed', async () => {
    const email = 'controls@haijiao.test'
    const { token } = await h.registerUser(email, 'N\u202Eick', 'pass\u200Bword')
    expect((await h.api('GET', '/system/user/current/user', { token })).body.result.nickName).toBe('Nick')
    const r = await h.api('POST', P.updateProfile, { token, body: { nickName: '\u2067新\u200F昵称\u2069' } })
    expect(r.body.result.nickName).toBe('新昵称')
    // the password was stored as typed: without the zero-width space it is wrong
    expect((await h.api('POST', '/system/user/login', { client: 'h5', body: { email, password: 'password' } })).body.code).toBe(401)
    expect((await h.api('POST', '/system/user/login', { client: 'h5', body: { email, password: 'pass\u200Bword' } })).body.code).toBe(200)
    // a query's e-mail with a zero-width space is the plain address
    expect((await h.api('GET', `/system/user/email/status?email=${encodeURIComponent('controls\u200B@haijiao.test')}`)).body.result.registered).toBe(true)
  })
})
