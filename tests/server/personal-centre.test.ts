/**
 * The personal centre on SQLite and PostgreSQL: favourites and follows (430/517, removal, lists, only own),
 * profile edits (nickname, avatar within 400 KB, phone), e-mail change with a code sent to the new
 * address through the harness SMTP sink (410 wrong code, 404/406 taken address) and promoters (real
 * name + e-mail → 301 naming the field; share code; talent list of own attributions only).
 */
import crypto from 'node:crypto'
import { describeEachDb, type Harness } from './harness'
import { PARTICIPATION_API as P } from '@contracts/participation'

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const png = (size: number) => Buffer.concat([PNG_HEAD, crypto.randomBytes(Math.max(0, size - PNG_HEAD.length))])

function multipart(content: Buffer) {
  const boundary = `----hj${crypto.randomBytes(8).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describeEachDb('personal centre', (get) => {
  let h: Harness
  let userToken: string
  let userId: number
  let activityId: number
  let topicId: number
  let infoId: number
  beforeAll(async () => {
    h = get()
    userToken = await h.login('user@haijiao.demo')
    userId = (await h.db.selectFrom('users').select('id').where('email', '=', 'user@haijiao.demo').executeTakeFirstOrThrow()).id
    const fav = await h.db.selectFrom('favorites').select('item_id').where('user_id', '=', userId).where('item_type', '=', 'activity').execute()
    const a = await h.db
      .selectFrom('activities')
      .select('id')
      .where('status', '=', 'published')
      .where('id', 'not in', fav.map((f) => f.item_id))
      .orderBy('id')
      .executeTakeFirstOrThrow()
    activityId = a.id
    topicId = (await h.db.selectFrom('topics').select('id').where('status', '=', 'published').orderBy('id', 'desc').executeTakeFirstOrThrow()).id
    infoId = (await h.db.selectFrom('information').select('id').where('status', '=', 'published').orderBy('id', 'desc').executeTakeFirstOrThrow()).id
  })

  const fresh = async (tag: string) => {
    const email = `${tag}-${crypto.randomBytes(3).toString('hex')}@example.com`
    const r = await h.registerUser(email, `Tester ${tag}`)
    return { email, token: r.token as string, id: r.userInfo.id as number }
  }

  describe('favourites', () => {
    it('the seeded demo user already has favourites of every type, newest first', async () => {
      for (const type of ['activity', 'topic', 'information']) {
        const r = await h.api('GET', `${P.favoriteMy}?type=${type}`, { token: userToken })
        expect(r.body.code).toBe(200)
        expect(r.body.result.total).toBeGreaterThanOrEqual(2)
        expect(r.body.result.list[0].type).toBe(type)
        expect(r.body.result.list[0][type].titleZh).toBeTruthy()
        const times = r.body.result.list.map((f: any) => f.createdAt)
        expect([...times].sort().reverse()).toEqual(times)
      }
    })

    it('add → listed and flagged; adding again answers 430 and changes nothing; remove → gone; again 518', async () => {
      const add = await h.api('POST', P.favoriteAdd, { token: userToken, body: { type: 'activity', id: activityId } })
      expect(add.body.code).toBe(200)
      const list = await h.api('GET', `${P.favoriteMy}?type=activity&pageSize=50`, { token: userToken })
      expect(list.body.result.list[0]).toMatchObject({ type: 'activity', itemId: activityId, activity: { id: activityId } })
      const total = list.body.result.total
      expect((await h.api('GET', `${P.favoriteStatus}?type=activity&id=${activityId}`, { token: userToken })).body.result).toEqual({ favorite: true })

      const again = await h.api('POST', P.favoriteAdd, { token: userToken, body: { type: 'activity', id: activityId } })
      expect(again.body.code).toBe(430)
      expect(again.body.message).toBe('已收藏该活动')
      expect((await h.api('GET', `${P.favoriteMy}?type=activity&pageSize=50`, { token: userToken })).body.result.total).toBe(total)

      expect((await h.api('POST', P.favoriteRemove, { token: userToken, body: { type: 'activity', id: activityId } })).body.code).toBe(200)
      const after = await h.api('GET', `${P.favoriteMy}?type=activity&pageSize=50`, { token: userToken })
      expect(after.body.result.total).toBe(total - 1)
      expect(after.body.result.list.some((f: any) => f.itemId === activityId)).toBe(false)
      expect((await h.api('GET', `${P.favoriteStatus}?type=activity&id=${activityId}`, { token: userToken })).body.result).toEqual({ favorite: false })
      expect((await h.api('POST', P.favoriteRemove, { token: userToken, body: { type: 'activity', id: activityId } })).body.code).toBe(518)
    })

    it('topics and information work the same way', async () => {
      const me = await fresh('fav')
      for (const [type, id] of [['topic', topicId], ['information', infoId]] as const) {
        expect((await h.api('POST', P.favoriteAdd, { token: me.token, body: { type, id } })).body.code).toBe(200)
        expect((await h.api('POST', P.favoriteAdd, { token: me.token, body: { type, id } })).body.code).toBe(430)
        const list = await h.api('GET', `${P.favoriteMy}?type=${type}`, { token: me.token })
        expect(list.body.result.total).toBe(1)
        expect(list.body.result.list[0][type].id).toBe(id)
      }
    })

    it('only own: another user neither sees nor removes my favourites', async () => {
      const a = await fresh('own-a')
      const b = await fresh('own-b')
      await h.api('POST', P.favoriteAdd, { token: a.token, body: { type: 'topic', id: topicId } })
      expect((await h.api('GET', `${P.favoriteMy}?type=topic`, { token: b.token })).body.result.total).toBe(0)
      expect((await h.api('GET', `${P.favoriteStatus}?type=topic&id=${topicId}`, { token: b.token })).body.result.favorite).toBe(false)
      expect((await h.api('POST', P.favoriteRemove, { token: b.token, body: { type: 'topic', id: topicId } })).body.code).toBe(518)
      expect((await h.api('GET', `${P.favoriteMy}?type=topic`, { token: a.token })).body.result.total).toBe(1)
    })

    it('bad input: unknown type 301 (type), unknown or draft item 302, no login HTTP 401', async () => {
      const bad = await h.api('POST', P.favoriteAdd, { token: userToken, body: { type: 'policy', id: 1 } })
      expect(bad.body).toMatchObject({ code: 301, result: { field: 'type' } })
      expect((await h.api('POST', P.favoriteAdd, { token: userToken, body: { type: 'activity', id: 99999999 } })).body.code).toBe(302)
      const draft = await h.db.selectFrom('activities').select('id').where('status', '=', 'draft').executeTakeFirst()
      if (draft) expect((await h.api('POST', P.favoriteAdd, { token: userToken, body: { type: 'activity', id: draft.id } })).body.code).toBe(302)
      const anon = await h.api('POST', P.favoriteAdd, { body: { type: 'activity', id: activityId } })
      expect(anon.status).toBe(401)
      expect((await h.api('GET', `${P.favoriteMy}?type=activity`)).status).toBe(401)
    })
  })

  describe('follows', () => {
    it('follow → listed, counted, flagged on the sponsor page; 517 again; unfollow → 518 again', async () => {
      const me = await fresh('follow')
      const org = await h.db.selectFrom('organizations').select(['id', 'follower_count']).where('pid', '=', 0).where('kind', '=', 'organizer').orderBy('id', 'desc').executeTakeFirstOrThrow()
      const f = await h.api('POST', P.followAdd, { token: me.token, body: { organizationId: org.id } })
      expect(f.body.code).toBe(200)
      expect(f.body.result).toEqual({ followed: true, followerCount: org.follower_count + 1 })
      const detail = await h.api('GET', `/sponsor/info/detail?id=${org.id}`, { token: me.token })
      expect(detail.body.result).toMatchObject({ followed: true, followerCount: org.follower_count + 1 })
      expect((await h.api('POST', P.followAdd, { token: me.token, body: { organizationId: org.id } })).body.code).toBe(517)
      const list = await h.api('GET', P.followMy, { token: me.token })
      expect(list.body.result.total).toBe(1)
      expect(list.body.result.list[0]).toMatchObject({ id: org.id, followerCount: org.follower_count + 1 })
      expect(list.body.result.list[0].followedAt).toBeTruthy()

      const u = await h.api('POST', P.followRemove, { token: me.token, body: { organizationId: org.id } })
      expect(u.body.result).toEqual({ followed: false, followerCount: org.follower_count })
      expect((await h.api('POST', P.followRemove, { token: me.token, body: { organizationId: org.id } })).body.code).toBe(518)
      expect((await h.api('GET', P.followMy, { token: me.token })).body.result.total).toBe(0)
      expect((await h.api('GET', `${P.followStatus}?organizationId=${org.id}`, { token: me.token })).body.result.followed).toBe(false)
    })

    it('the demo user follows the seeded organizers; departments and unknown ids are 302', async () => {
      const list = await h.api('GET', P.followMy, { token: userToken })
      expect(list.body.result.list.map((o: any) => o.nameZh).sort()).toEqual(['全球留学生联合会', '深圳湾科技园'].sort())
      const dept = await h.db.selectFrom('organizations').select('id').where('pid', '!=', 0).executeTakeFirstOrThrow()
      expect((await h.api('POST', P.followAdd, { token: userToken, body: { organizationId: dept.id } })).body.code).toBe(302)
      expect((await h.api('POST', P.followAdd, { token: userToken, body: { organizationId: 99999999 } })).body.code).toBe(302)
      expect((await h.api('POST', P.followAdd, { token: userToken, body: {} })).body).toMatchObject({ code: 301, result: { field: 'organizationId' } })
    })
  })

  describe('profile', () => {
    const upload = (token: string, kind: string, content: Buffer) => {
      const m = multipart(content)
      return h.api('POST', `/file/info/single/upload?kind=${kind}`, { token, headers: m.headers, payload: m.payload })
    }

    it('nickname and avatar (uploaded as kind avatar) persist and show in the current user', async () => {
      const me = await fresh('profile')
      const up = await upload(me.token, 'avatar', png(300 * 1024))
      expect(up.body.code).toBe(200)
      const r = await h.api('POST', P.updateProfile, { token: me.token, body: { nickName: '  新昵称  ', avatarUrl: up.body.result } })
      expect(r.body.code).toBe(200)
      expect(r.body.result).toMatchObject({ nickName: '新昵称', avatarUrl: up.body.result })
      const cur = await h.api('GET', '/system/user/current/user', { token: me.token })
      expect(cur.body.result).toMatchObject({ nickName: '新昵称', avatarUrl: up.body.result })
    })

    it('avatar limit 400 KB: a bigger avatar upload is refused, and a bigger image cannot become the avatar', async () => {
      const me = await fresh('avatar')
      const big = await upload(me.token, 'avatar', png(400 * 1024 + 1))
      expect(big.body).toMatchObject({ code: 301, result: { field: 'file' } })
      const image = await upload(me.token, 'image', png(500 * 1024))
      expect(image.body.code).toBe(200)
      const r = await h.api('POST', P.updateProfile, { token: me.token, body: { avatarUrl: image.body.result } })
      expect(r.body).toMatchObject({ code: 301, result: { field: 'avatarUrl', reason: 'tooLarge' } })
      const outside = await h.api('POST', P.updateProfile, { token: me.token, body: { avatarUrl: 'https://evil.example/x.png' } })
      expect(outside.body).toMatchObject({ code: 301, result: { field: 'avatarUrl' } })
      expect((await h.api('GET', '/system/user/current/user', { token: me.token })).body.result.avatarUrl).toBeNull()
    })

    it('an empty nickname is 411 (nickName) and changes nothing', async () => {
      const me = await fresh('nick')
      const r = await h.api('POST', P.updateProfile, { token: me.token, body: { nickName: '   ' } })
      expect(r.body).toMatchObject({ code: 411, result: { field: 'nickName' } })
      expect((await h.api('GET', '/system/user/current/user', { token: me.token })).body.result.nickName).toBe('Tester nick')
    })

    it('phone: valid numbers are stored, bad ones are 301 (phone), empty clears', async () => {
      const me = await fresh('phone')
      expect((await h.api('POST', P.updatePhone, { token: me.token, body: { phone: '+86 138-0000-0000' } })).body.result.phone).toBe('+86 138-0000-0000')
      expect((await h.api('POST', P.updatePhone, { token: me.token, body: { phone: 'call me' } })).body).toMatchObject({ code: 301, result: { field: 'phone' } })
      expect((await h.api('GET', '/system/user/current/user', { token: me.token })).body.result.phone).toBe('+86 138-0000-0000')
      expect((await h.api('POST', P.updatePhone, { token: me.token, body: { phone: '' } })).body.result.phone).toBeNull()
    })
  })

  describe('e-mail change', () => {
    const sendModify = (token: string, email: string) =>
      h.api('GET', `/system/user/send/modify/verify/code?email=${encodeURIComponent(email)}`, { token })

    it('the code goes to the NEW address; a wrong code is 410; the right one switches the login e-mail', async () => {
      const me = await fresh('mail')
      const next = `new-${crypto.randomBytes(3).toString('hex')}@example.com`
      const before = h.mail.count(next)
      const oldBefore = h.mail.count(me.email)
      expect((await sendModify(me.token, next)).body.code).toBe(200)
      const code = await h.mail.codeFor(next, before)
      expect(h.mail.count(me.email)).toBe(oldBefore)

      const wrong = await h.api('POST', P.updateEmail, { token: me.token, body: { email: next, code: code === '000000' ? '111111' : '000000' } })
      expect(wrong.body.code).toBe(410)
      expect((await h.api('GET', '/system/user/current/user', { token: me.token })).body.result.email).toBe(me.email)
      expect((await h.api('POST', P.updateEmail, { token: me.token, body: { email: next, code: '' } })).body.code).toBe(409)

      const r = await h.api('POST', P.updateEmail, { token: me.token, body: { email: next.toUpperCase(), code } })
      expect(r.body.code).toBe(200)
      expect(r.body.result.email).toBe(next)
      await expect(h.login(next, 'secret1')).resolves.toBeTruthy()
      await expect(h.login(me.email, 'secret1')).rejects.toThrow()
      // one use
      expect((await h.api('POST', P.updateEmail, { token: me.token, body: { email: next, code } })).body.code).toBe(404)
    })

    it('a taken address: 404 (personal account) / 406 (organizer) for the code and for the change', async () => {
      const me = await fresh('taken')
      expect((await sendModify(me.token, 'user@haijiao.demo')).body.code).toBe(404)
      expect((await sendModify(me.token, 'org@haijiao.demo')).body.code).toBe(406)
      expect((await h.api('POST', P.updateEmail, { token: me.token, body: { email: 'user@haijiao.demo', code: '123456' } })).body.code).toBe(404)
      expect((await h.api('POST', P.updateEmail, { token: me.token, body: { email: 'org@haijiao.demo', code: '123456' } })).body.code).toBe(406)
      expect((await h.api('POST', P.updateEmail, { token: me.token, body: { email: 'not-an-email', code: '123456' } })).body).toMatchObject({ code: 301, result: { field: 'email' } })
      expect((await h.api('GET', '/system/user/current/user', { token: me.token })).body.result.email).toBe(me.email)
    })
  })

  describe('promoters', () => {
    it('becoming one needs a real name and an e-mail (301 naming the field), then gives a share code', async () => {
      const me = await fresh('promo')
      const noName = await h.api('POST', P.promoterApply, { token: me.token, body: { realName: ' ', email: me.email } })
      expect(noName.body).toMatchObject({ code: 301, result: { field: 'realName' } })
      expect(noName.body.message).toBe('参数错误: realName')
      const noMail = await h.api('POST', P.promoterApply, { token: me.token, body: { realName: '王五' } })
      expect(noMail.body).toMatchObject({ code: 301, result: { field: 'email' } })
      expect((await h.api('POST', P.promoterApply, { token: me.token, body: { realName: '王五', email: 'nope' } })).body.result.field).toBe('email')
      expect((await h.api('GET', P.promoterInfo, { token: me.token })).body.result).toMatchObject({ isPromoter: false, promoterCode: null })
      expect((await h.api('GET', P.promoterTalent, { token: me.token })).status).toBe(403)

      const ok = await h.api('POST', P.promoterApply, { token: me.token, body: { realName: '王五', email: 'Wang.Wu@Example.com' } })
      expect(ok.body.code).toBe(200)
      expect(ok.body.result).toMatchObject({ isPromoter: true, realName: '王五', email: 'wang.wu@example.com', talentCount: 0 })
      expect(ok.body.result.promoterCode).toMatch(/^[A-Z2-9]{8}$/)
      expect((await h.api('GET', '/system/user/current/user', { token: me.token })).body.result.isPromoter).toBe(true)
      // applying again keeps the code
      const again = await h.api('POST', P.promoterApply, { token: me.token, body: { realName: '王五五', email: me.email } })
      expect(again.body.result.promoterCode).toBe(ok.body.result.promoterCode)
      expect((await h.api('GET', P.promoterTalent, { token: me.token })).body.result).toMatchObject({ total: 0, list: [] })
    })

    it('the talent list shows only the enrolments attributed to the caller, with answers and form labels', async () => {
      const token = await h.login('promoter@haijiao.demo')
      const promoter = await h.db.selectFrom('users').select(['id', 'promoter_code']).where('email', '=', 'promoter@haijiao.demo').executeTakeFirstOrThrow()
      const info = await h.api('GET', P.promoterInfo, { token })
      expect(info.body.result).toMatchObject({ isPromoter: true, promoterCode: 'DEMO2026' })
      const seeded = await h.db.selectFrom('activity_enrollments').select('id').where('promoter_user_id', '=', promoter.id).execute()
      expect(seeded.length).toBeGreaterThan(0)
      expect(info.body.result.talentCount).toBe(seeded.length)

      // someone else's attribution must not show up
      const other = await fresh('other-promoter')
      await h.api('POST', P.promoterApply, { token: other.token, body: { realName: '赵六', email: other.email } })
      const now = new Date().toISOString()
      const enrollee = await fresh('enrollee')
      await h.db
        .insertInto('activity_enrollments')
        .values({ activity_id: activityId, user_id: enrollee.id, status: 'approved', form_answers: JSON.stringify({ name: '钱七' }), promoter_user_id: other.id, created_at: now, updated_at: now })
        .execute()

      const r = await h.api('GET', `${P.promoterTalent}?pageSize=50`, { token })
      expect(r.body.code).toBe(200)
      expect(r.body.result.total).toBe(seeded.length)
      expect(r.body.result.list.map((t: any) => t.enrollmentId).sort()).toEqual(seeded.map((s) => s.id).sort())
      const first = r.body.result.list[0]
      expect(first.person.nickName).toBe('示例用户 Demo User')
      expect(first.activity.titleZh).toBeTruthy()
      expect(first.answers.name).toBe('示例用户')
      expect(first.fields.length).toBeGreaterThan(0)
      expect(first.fields[0]).toHaveProperty('labelEn')

      const theirs = await h.api('GET', P.promoterTalent, { token: other.token })
      expect(theirs.body.result.total).toBe(1)
      expect(theirs.body.result.list[0]).toMatchObject({ person: { id: enrollee.id }, answers: { name: '钱七' }, activity: { id: activityId } })
      const filtered = await h.api('GET', `${P.promoterTalent}?activityId=${activityId}`, { token: other.token })
      expect(filtered.body.result.total).toBe(1)
    })

    it('everything here needs a login', async () => {
      for (const [m, url] of [['GET', P.promoterInfo], ['POST', P.promoterApply], ['GET', P.promoterTalent], ['POST', P.updateProfile], ['POST', P.updateEmail], ['POST', P.updatePhone], ['GET', P.followMy]] as const) {
        const r = await h.api(m, url, m === 'POST' ? { body: {} } : {})
        expect([url, r.status, r.body.code]).toEqual([url, 401, 201])
      }
    })
  })
})
