import type { FastifyInstance } from 'fastify'
import { describeEachDb, type Harness } from './harness'
import { SITE_SETTINGS } from '../../server/src/db/seed/base-data'
import { seed } from '../../server/src/db/seed'

// A route that only this test registers, to prove what a crash looks like from outside.
async function crashPlugin(app: FastifyInstance) {
  app.get('/test-only/crash', async () => {
    throw new Error('boom: select password_hash from users where id = 1')
  })
}

describeEachDb(
  'envelope and public content',
  (get) => {
    let h: Harness
    beforeAll(() => {
      h = get()
    })

    it('health answers ok with the database kind', async () => {
      const r = await h.api('GET', '/health')
      expect(r.body).toEqual({ code: 200, result: { status: 'ok', db: h.target }, message: '成功' })
    })

    it('an unknown /api path is HTTP 404 with the envelope code 302, for any method', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const r = await h.api(method, '/no/such/path')
        expect(r.status).toBe(404)
        expect(r.body).toEqual({ code: 302, result: null, message: '数据不存在' })
      }
      const en = await h.api('GET', '/api/v2/nothing', { headers: { 'accept-language': 'en' } })
      expect(en.body).toEqual({ code: 302, result: null, message: 'Data does not exist' })
    })

    it('a crash is HTTP 500 with the catalogue message only: no stack, no SQL', async () => {
      const r = await h.api('GET', '/test-only/crash')
      expect(r.status).toBe(500)
      expect(r.body).toEqual({ code: 500, result: null, message: '请求错误' })
      expect(r.raw).not.toMatch(/boom|select|password|at .*\.ts/)
      const en = await h.api('GET', '/test-only/crash', { headers: { lang: 'en' } })
      expect(en.body.message).toBe('Request error')
    })

    it('schema validation failures are code 301 naming the field (querystring and body)', async () => {
      const q = await h.api('GET', '/activity/info/detail?id=abc')
      expect(q.status).toBe(200)
      expect(q.body).toEqual({ code: 301, result: { field: 'id' }, message: '参数错误: id' })
      const missing = await h.api('GET', '/activity/info/detail')
      expect(missing.body).toMatchObject({ code: 301, result: { field: 'id' } })
      const body = await h.api('POST', '/system/user/login', { client: 'h5', body: { email: 'a@b.cn', password: { nested: true } } })
      expect(body.body).toMatchObject({ code: 301, result: { field: 'password' } })
    })

    it('malformed JSON is code 301 (body)', async () => {
      const r = await h.api('POST', '/system/user/register', { headers: { 'content-type': 'application/json' }, payload: '{"email":' })
      expect(r.body).toMatchObject({ code: 301, result: { field: 'body' } })
    })

    it('site settings carry the contact line and the ICP record', async () => {
      const r = await h.api('GET', '/system/setting/site')
      expect(r.body.result).toEqual({
        phone: SITE_SETTINGS.phone,
        email: SITE_SETTINGS.email,
        icp: SITE_SETTINGS.icp,
        copyrightZh: expect.stringContaining('海交'),
        copyrightEn: expect.stringContaining('Haijiao'),
        // the browsing pages' settings (SiteSettings of src/shared/contracts/site.ts)
        icpUrl: expect.stringMatching(/^https:\/\//),
        wechatQrUrl: expect.any(String),
        social: expect.any(Array),
      })
    })

    it('site texts are bilingual; an unknown code is 302', async () => {
      for (const code of ['user_agreement', 'privacy_policy']) {
        const r = await h.api('GET', `/system/text/detail?code=${code}`)
        expect(r.body.result.code).toBe(code)
        expect(r.body.result.contentZh.length).toBeGreaterThan(100)
        expect(r.body.result.contentEn.length).toBeGreaterThan(100)
      }
      expect((await h.api('GET', '/system/text/detail?code=nothing')).body.code).toBe(302)
    })

    it('hot search lists topic, policy and place items', async () => {
      const r = await h.api('GET', '/system/search/list/index/hot_search')
      expect(new Set(r.body.result.map((i: any) => i.searchModuleCode))).toEqual(new Set(['topic', 'policy', 'place']))
      expect(r.body.result[0]).toEqual({ id: expect.any(Number), searchModuleCode: expect.any(String), relationId: expect.any(Number), title: expect.any(String), posterUrl: null })
    })

    it('activity list: published only, upcoming first (soonest first), then past (latest first); pages and filters', async () => {
      const r = await h.api('GET', '/activity/info/list?page=1&pageSize=50')
      const { list, total } = r.body.result
      expect(total).toBeGreaterThanOrEqual(60) // the demo content generator adds 50 more activities
      expect(list.some((a: any) => a.titleEn.includes('Draft'))).toBe(false)
      const now = new Date().toISOString()
      const upcoming = list.filter((a: any) => a.endTime >= now)
      const past = list.filter((a: any) => a.endTime < now)
      expect(upcoming.length).toBeGreaterThanOrEqual(6)
      expect(past.length).toBeGreaterThanOrEqual(3)
      expect(list.slice(0, upcoming.length)).toEqual(upcoming)
      const starts = upcoming.map((a: any) => a.startTime)
      expect(starts).toEqual([...starts].sort())
      const pastStarts = past.map((a: any) => a.startTime)
      expect(pastStarts).toEqual([...pastStarts].sort().reverse())
      expect(new Set(list.map((a: any) => a.type))).toEqual(new Set(['online', 'offline', 'both']))
      expect(new Set(list.map((a: any) => a.timeZone)).size).toBeGreaterThanOrEqual(5)

      const page2 = await h.api('GET', '/activity/info/list?page=2&pageSize=5')
      expect(page2.body.result).toMatchObject({ page: 2, pageSize: 5, total })
      expect(page2.body.result.list.map((a: any) => a.id)).toEqual(list.slice(5, 10).map((a: any) => a.id))

      const online = await h.api('GET', '/activity/info/list?type=online')
      expect(online.body.result.list.every((a: any) => a.type === 'online')).toBe(true)
      const kw = await h.api('GET', '/activity/info/list?keyword=shenzhen')
      expect(kw.body.result.list.map((a: any) => a.titleZh)).toContain('深圳湾科技成果转化路演')
      expect(kw.body.result.list.every((a: any) => `${a.titleEn} ${a.summaryEn}`.toLowerCase().includes('shenzhen'))).toBe(true)
      const kwZh = await h.api('GET', '/activity/info/list?keyword=' + encodeURIComponent('招聘'))
      expect(kwZh.body.result.total).toBeGreaterThanOrEqual(1)
      expect(kwZh.body.result.list.every((a: any) => `${a.titleZh} ${a.summaryZh}`.includes('招聘'))).toBe(true)
    })

    it('activity detail has the summary fields plus bilingual details; drafts and unknown ids are 302', async () => {
      const list = (await h.api('GET', '/activity/info/list?pageSize=1')).body.result.list
      const d = await h.api('GET', `/activity/info/detail?id=${list[0].id}`)
      // reading a detail counts a view
      expect(d.body.result).toMatchObject({ ...list[0], viewCount: list[0].viewCount + 1, detailZh: expect.any(String), detailEn: expect.any(String) })
      const draft = await h.db.selectFrom('activities').select('id').where('status', '=', 'draft').executeTakeFirstOrThrow()
      expect((await h.api('GET', `/activity/info/detail?id=${draft.id}`)).body.code).toBe(302)
      expect((await h.api('GET', '/activity/info/detail?id=99999')).body.code).toBe(302)
    })

    it('the seed is idempotent: a second run creates nothing and keeps admin edits', async () => {
      const count = async (t: 'users' | 'activities' | 'menus' | 'role_buttons' | 'organizations') =>
        Number((await h.db.selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
      const before = await Promise.all([count('users'), count('activities'), count('menus'), count('role_buttons'), count('organizations')])
      const role = await h.db.selectFrom('roles').select('id').where('code', '=', 'operations').executeTakeFirstOrThrow()
      const oneButton = await h.db.selectFrom('role_buttons').selectAll().where('role_id', '=', role.id).executeTakeFirstOrThrow()
      await h.db.deleteFrom('role_buttons').where('role_id', '=', role.id).where('button_id', '=', oneButton.button_id).execute()
      const report = await seed(h.db)
      expect(report.created).toEqual({})
      const after = await Promise.all([count('users'), count('activities'), count('menus'), count('role_buttons'), count('organizations')])
      expect(after).toEqual([before[0], before[1], before[2], before[3] - 1, before[4]])
      await h.db.insertInto('role_buttons').values(oneButton).execute()
    })

    it('the OpenAPI page is served at /api/docs', async () => {
      const r = await h.app.inject({ method: 'GET', url: '/api/docs/json' })
      expect(r.statusCode).toBe(200)
      expect(Object.keys(r.json().paths)).toContain('/api/v1/system/user/login')
      const ui = await h.app.inject({ method: 'GET', url: '/api/docs/' })
      expect(ui.statusCode).toBe(200)
      expect(ui.body).toContain('swagger')
    })
  },
  { build: { extraApiPlugins: [crashPlugin] } },
)

describeEachDb(
  'login rate limit',
  (get) => {
    it('too many login calls from one IP get HTTP 429 with the envelope and its own code (432, not "wrong request parameters")', async () => {
      const h = get()
      const body = { email: 'user@haijiao.demo', password: 'wrong-one' }
      expect((await h.api('POST', '/system/user/login', { client: 'h5', body })).body.code).toBe(401)
      expect((await h.api('POST', '/system/user/login', { client: 'h5', body })).body.code).toBe(401)
      const r = await h.api('POST', '/system/user/login', { client: 'h5', body })
      expect(r.status).toBe(429)
      expect(r.body).toEqual({ code: 432, result: null, message: '请求过于频繁，请稍后再试' })
      const en = await h.api('POST', '/system/user/login', { client: 'h5', body, headers: { lang: 'en' } })
      expect(en.body).toEqual({ code: 432, result: null, message: 'Too many requests, try again later' })
    })
  },
  { env: { LOGIN_RATE_LIMIT_PER_MINUTE: '2' } },
)

describeEachDb(
  'mail outbox without SMTP_URL',
  (get) => {
    it('writes a real .eml into DATA_DIR/outbox carrying the code', async () => {
      const h = get()
      const fs = await import('node:fs')
      const path = await import('node:path')
      const { simpleParser } = await import('mailparser')
      const r = await h.api('GET', '/system/user/send/verify/code?email=outbox@haijiao.test&type=register', { headers: { 'accept-language': 'en' } })
      expect(r.body.code).toBe(200)
      const dir = path.join(h.config.dataDir, 'outbox')
      const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'))
      expect(files).toHaveLength(1)
      const mail = await simpleParser(fs.readFileSync(path.join(dir, files[0])))
      expect((mail.to as any).text).toContain('outbox@haijiao.test')
      expect(mail.subject).toMatch(/^Haijiao verification code/)
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]
      const reg = await h.api('POST', '/system/user/register', {
        body: { email: 'outbox@haijiao.test', code, nickName: 'Outbox', password: 'secret1', confirmPassword: 'secret1', agree: true },
      })
      expect(reg.body.code).toBe(200)
      expect(h.mail.count('outbox@haijiao.test')).toBe(0)
    })
  },
  { env: { SMTP_URL: '' } },
)
