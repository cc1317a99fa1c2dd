/**
 * Downloading one's data (contracts/privacy.ts), on both databases: the job builds a zip of everything
 * the product holds about the person (data.json, data.html, the answers' attachment files), announces
 * it by inbox and e-mail; only the owner downloads it (675 for anyone else, as for a missing one); one
 * request a day (674); after 7 days it has expired and the sweep removes the file.
 */
import path from 'node:path'
import JSZip from 'jszip'
import { dbTargets, startHarness, type Harness } from './harness'
import { filesUnder } from '../support/multipart'
import { runJobs, seedPerson, type SeededPerson } from './privacy-person'
import { PRIVACY_API } from '@contracts/privacy'

const DAY = 86_400_000
const fileUrl = (id: number) => PRIVACY_API.exportDownload.replace(':id', String(id))

for (const target of dbTargets()) {
  describe(`data download [${target}]`, () => {
    let h: Harness
    let p: SeededPerson
    let exportId: number

    beforeAll(async () => {
      h = await startHarness(target)
      // the seeding asks for a download and runs its job
      p = await seedPerson(h, 'export')
      exportId = (await h.db.selectFrom('data_exports').select('id').where('user_id', '=', p.id).executeTakeFirstOrThrow()).id
    }, 120_000)
    afterAll(async () => {
      await h?.close()
    })

    const download = (id: number, token?: string) => h.app.inject({ method: 'GET', url: `/api/v1${fileUrl(id)}`, headers: token ? { authorization: `Bearer ${token}` } : {} })

    it('the ready download is listed, announced in the inbox and by e-mail', async () => {
      const list = await h.api('GET', PRIVACY_API.exportList, { token: p.token })
      expect(list.body.result).toEqual([{ id: exportId, state: 'ready', requestedAt: expect.any(String), readyAt: expect.any(String), expiresAt: expect.any(String), size: expect.any(Number) }])
      const row = list.body.result[0]
      expect(Date.parse(row.expiresAt) - Date.parse(row.readyAt)).toBe(7 * DAY)
      const inbox = await h.db.selectFrom('notifications').selectAll().where('user_id', '=', p.id).where('kind', '=', 'data_export').execute()
      expect(inbox).toHaveLength(1)
      expect(inbox[0].title_zh).toBe('您的数据已可下载')
      expect(inbox[0].title_en).toBe('Your data is ready to download')
      const mail = await h.mail.latest(p.email)
      // the person's language (en) first, the other after it
      expect(mail.subject).toBe('Your data is ready to download')
      expect(mail.text).toContain('您申请的个人数据副本已生成')
    })

    it('the zip holds every section, the attachment files and a readable bilingual page', async () => {
      const res = await download(exportId, p.token)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/zip')
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="haijiao-data-\d{4}-\d{2}-\d{2}\.zip"$/)
      expect(res.headers['cache-control']).toBe('no-store')
      const zip = await JSZip.loadAsync(res.rawPayload)
      const data = JSON.parse(await zip.file('data.json')!.async('string'))
      expect(data.profile).toMatchObject({ id: p.id, email: p.email, nickName: p.nick, realName: p.realName, phone: p.phone, promoter: { code: p.promoterCode, email: p.promoterEmail }, wechat: [{ app: 'mini' }] })
      expect(data.profile.notificationSettings).toMatchObject({ time_zone: 'Europe/Berlin' })
      expect(data.consents).toEqual([expect.objectContaining({ kind: 'register', channel: 'email' })])
      const enrolment = data.enrolments.find((e: any) => e.id === p.enrollmentId)
      expect(enrolment).toMatchObject({ activity: { id: p.activityId }, answers: { name: p.realName, email: p.email, degree: 'phd' } })
      // the attachment file is in the zip, byte for byte the stored one
      const cv = enrolment.answers.cv as string
      const att = data.attachments.find((a: any) => a.url === cv)
      expect(att).toBeTruthy()
      const stored = await h.app.ctx.storage.get(cv.slice('/uploads/'.length))
      const chunks: Buffer[] = []
      for await (const c of stored!.body) chunks.push(c as Buffer)
      expect(Buffer.compare(await zip.file(att.file)!.async('nodebuffer'), Buffer.concat(chunks))).toBe(0)
      expect(data.waitlist).toEqual([expect.objectContaining({ state: 'waiting', answers: expect.objectContaining({ email: p.email }) })])
      expect(data.checkins).toEqual([expect.objectContaining({ enrolmentId: p.enrollmentId, action: 'checkin' })])
      expect(data.tickets).toEqual([expect.objectContaining({ enrolmentId: p.enrollmentId, code: expect.any(String) })])
      expect(data.favorites).toEqual([expect.objectContaining({ type: 'activity', id: p.activityId })])
      expect(data.follows).toHaveLength(1)
      expect(data.subscriptions).toEqual([expect.objectContaining({ email: p.email, status: 'confirmed' })])
      expect(data.chat.map((m: any) => m.content)).toEqual(expect.arrayContaining(['How do I change my booking?', 'Open the ticket page, please.']))
      expect(data.inbox.length).toBeGreaterThan(0)
      expect(data.prizes).toEqual([expect.objectContaining({ giftEn: 'Prize' })])
      expect(data.feedback).toEqual([expect.objectContaining({ email: p.email })])

      const html = await zip.file('data.html')!.async('string')
      for (const heading of ['个人资料 / Profile', '报名与填写内容 / Enrolments and answers', '签到 / Check-ins', '电子票 / Tickets', '收藏 / Favourites', '关注 / Follows', '订阅 / Subscriptions', '客服聊天记录 / Chat history', '站内消息 / Inbox', '抽奖奖品 / Prizes', '同意记录 / Consents']) {
        expect(html).toContain(heading)
      }
      expect(html).toContain(p.email)
      expect(html).not.toMatch(/<script/i)
    })

    it('only the owner downloads it: another person and a missing id get the same 675; no token 401', async () => {
      const other = await h.registerUser('export-other@haijiao.test', 'Other Person')
      const theirs = await download(exportId, other.token)
      const missing = await download(exportId + 1000, other.token)
      expect(theirs.statusCode).toBe(404)
      expect(theirs.json()).toMatchObject({ code: 675 })
      expect(missing.json()).toEqual(theirs.json())
      expect((await download(exportId)).statusCode).toBe(401)
      expect((await h.api('GET', PRIVACY_API.exportList, { token: other.token })).body.result).toEqual([])
      // nor through the public upload files
      const key = (await h.db.selectFrom('data_exports').select('storage_key').where('id', '=', exportId).executeTakeFirstOrThrow()).storage_key!
      expect(key.startsWith('private/')).toBe(true)
      expect((await h.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404)
      const rest = key.slice('private/'.length)
      for (const url of [`/uploads/%70rivate/${rest}`, `/uploads//private/${rest}`, `/uploads/./private/${rest}`, `/uploads/x/../private/${rest}`, `/uploads/PRIVATE/${rest}`, `/uploads/private/${rest}%E0`]) {
        // 404, or 400 for the malformed escape (refused before any route)
        const res = await h.app.inject({ method: 'GET', url })
        expect([url, res.statusCode === 404 || res.statusCode === 400]).toEqual([url, true])
        expect(res.rawPayload.subarray(0, 2).toString()).not.toBe('PK')
      }
    })

    it('one request a day: the second is 674 and adds nothing; the next day is allowed; the list is newest first', async () => {
      const second = await h.api('POST', PRIVACY_API.exportRequest, { token: p.token, headers: { 'accept-language': 'en' } })
      expect(second.body).toMatchObject({ code: 674, message: 'You already asked for your data today: try again tomorrow' })
      expect(await h.db.selectFrom('data_exports').select('id').where('user_id', '=', p.id).execute()).toHaveLength(1)
      h.clock.advance(DAY)
      const next = await h.api('POST', PRIVACY_API.exportRequest, { token: p.token })
      expect(next.body.result).toMatchObject({ state: 'pending', readyAt: null, expiresAt: null, size: null })
      // not ready yet: 675
      expect((await download(next.body.result.id, p.token)).json()).toMatchObject({ code: 675 })
      await runJobs(h)
      const list = (await h.api('GET', PRIVACY_API.exportList, { token: p.token })).body.result
      expect(list.map((x: any) => [x.id, x.state])).toEqual([
        [next.body.result.id, 'ready'],
        [exportId, 'ready'],
      ])
    })

    it('after 7 days the first has expired (675) and the sweep removes its file', async () => {
      h.clock.advance(6 * DAY + 60_000)
      expect((await download(exportId, p.token)).json()).toMatchObject({ code: 675 })
      const list = (await h.api('GET', PRIVACY_API.exportList, { token: p.token })).body.result
      expect(list.map((x: any) => x.state)).toEqual(['ready', 'expired'])
      const zips = () => filesUnder(path.join(h.config.dataDir, 'uploads', 'private', 'exports'))
      expect(zips()).toHaveLength(2)
      const { expired } = await h.app.services.privacy.sweep()
      expect(expired).toBe(1)
      expect(zips()).toHaveLength(1)
      expect((await h.db.selectFrom('data_exports').select(['state', 'storage_key']).where('id', '=', exportId).executeTakeFirstOrThrow())).toEqual({ state: 'expired', storage_key: null })
    })

    it('a download whose build failed may be asked for again the same day; a pending or ready one may not', async () => {
      h.clock.advance(DAY)
      const archive = jest.spyOn(h.app.services.privacy, 'archive').mockRejectedValueOnce(new Error('disk full'))
      try {
        const asked = (await h.api('POST', PRIVACY_API.exportRequest, { token: p.token })).body.result
        await runJobs(h)
        const state = async () => (await h.db.selectFrom('data_exports').select('state').where('id', '=', asked.id).executeTakeFirstOrThrow()).state
        expect(await state()).toBe('failed')
        const again = await h.api('POST', PRIVACY_API.exportRequest, { token: p.token })
        expect(again.body.result).toMatchObject({ id: asked.id, state: 'pending' })
        // asking while it is pending again is the day's second request
        expect((await h.api('POST', PRIVACY_API.exportRequest, { token: p.token })).body).toMatchObject({ code: 674 })
        await runJobs(h)
        expect(await state()).toBe('ready')
        expect((await h.api('POST', PRIVACY_API.exportRequest, { token: p.token })).body).toMatchObject({ code: 674 })
        expect(await h.db.selectFrom('data_exports').select('id').where('user_id', '=', p.id).execute()).toHaveLength(3)
        const zip = await JSZip.loadAsync((await download(asked.id, p.token)).rawPayload)
        expect(zip.file('data.json')).not.toBeNull()
      } finally {
        archive.mockRestore()
      }
    })
  })
}
