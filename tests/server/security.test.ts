/**
 * Security hardening: one test per finding of the outside attack, on both databases.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { SignJWT } from 'jose'
import { buildApp } from '../../server/src/app'
import { SECRET_FILE_NAME } from '../../server/src/db/server-secret'
import { newTouristId, verifyTouristId } from '../../server/src/modules/chat/tourist-id'
import { DEMO_PASSWORD, describeEachDb, type Harness } from './harness'

const SERVER_SRC = path.resolve(__dirname, '../../server/src')

/** Every string literal (and template text) written in the server's source. */
function serverStringLiterals(): string[] {
  const out = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.(ts|js)$/.test(entry.name)) {
        const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, fs.readFileSync(full, 'utf8'))
        for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
          if (
            kind === ts.SyntaxKind.StringLiteral ||
            kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
            kind === ts.SyntaxKind.TemplateHead
          ) {
            out.add(scanner.getTokenValue())
          }
        }
      }
    }
  }
  walk(SERVER_SRC)
  return [...out]
}

async function forge(secret: string, userId: number, tv: number): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return new SignJWT({ tv, cl: 'admin' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer('haijiao')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(new TextEncoder().encode(secret))
}

const ADMIN_API = '/system/user/list/auser?page=1&pageSize=20'

async function userRow(h: Harness, email: string) {
  return h.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
}

describeEachDb('security: no secret from the source signs anything', (get) => {
  it('a token signed with any string literal of the server source is refused; so is a tourist id', async () => {
    const h = get()
    const ops = await userRow(h, 'ops@haijiao.demo')
    const literals = serverStringLiterals()
    expect(literals.length).toBeGreaterThan(1000)
    const accepted: string[] = []
    for (const literal of literals) {
      if (!literal) continue // jose refuses an empty key outright
      const token = await forge(literal, ops.id, ops.token_version)
      const ok = await h.app.services.permission.verifyToken(token).then(
        () => true,
        () => false,
      )
      if (ok) accepted.push(literal)
      if (verifyTouristId(h.app.ctx.config.jwtSecret, newTouristId(literal))) accepted.push(`tourist:${literal}`)
    }
    expect(accepted).toEqual([])
    // the same through HTTP for a sample, and the real token still works
    for (const literal of literals.filter((l) => /secret|haijiao|jwt/i.test(l)).slice(0, 40)) {
      const r = await h.api('GET', ADMIN_API, { token: await forge(literal, ops.id, ops.token_version) })
      expect({ literal, status: r.status, code: r.body.code }).toEqual({ literal, status: 401, code: 402 })
    }
    expect((await h.api('GET', ADMIN_API, { token: await h.adminLogin('ops@haijiao.demo') })).status).toBe(200)
  })

  it('the generated secret is kept (DATA_DIR file mode 0600 on SQLite, the database on PostgreSQL) and reused by the next start', async () => {
    const h = get()
    const secret = h.app.ctx.config.jwtSecret
    expect(secret.length).toBeGreaterThanOrEqual(48)
    const file = path.join(h.config.dataDir, SECRET_FILE_NAME)
    if (h.target === 'sqlite') {
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret)
    } else {
      expect(fs.existsSync(file)).toBe(false)
      const row = await h.db.selectFrom('server_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow()
      expect(row.value).toBe(secret)
    }
    const token = await h.adminLogin('ops@haijiao.demo')
    // a second instance on the same data directory / database signs and verifies with the same secret
    const second = await buildApp(h.config, { migrate: true })
    try {
      expect(second.ctx.config.jwtSecret).toBe(secret)
      const r = await second.inject({ method: 'GET', url: `/api/v1${ADMIN_API}`, headers: { authorization: `Bearer ${token}` } })
      expect(r.statusCode).toBe(200)
    } finally {
      await second.close()
    }
  })
})

describeEachDb('security: tokens carry the client they were issued to', (get) => {
  it('an admin-side account logged in through a consumer app gets a token admin APIs refuse', async () => {
    const h = get()
    for (const email of ['ops@haijiao.demo', 'org@haijiao.demo', 'kefu@haijiao.demo']) {
      const consumerToken = await h.login(email)
      const r = await h.api('GET', '/system/user/tree/department', { token: consumerToken })
      expect({ email, status: r.status, code: r.body.code }).toEqual({ email, status: 403, code: 402 })
      // user-level calls still work, the menu is empty, and refreshing does not upgrade the token
      expect((await h.api('GET', '/system/user/current/user', { token: consumerToken })).body.code).toBe(200)
      const menu = await h.api('GET', '/system/menu/current/menu', { token: consumerToken })
      expect(menu.body.result.menuTreeList).toEqual([])
      const refreshed = (await h.api('GET', '/system/user/refresh/token', { token: consumerToken })).body.result
      expect((await h.api('GET', '/system/user/tree/department', { token: refreshed })).status).toBe(403)
    }
    const opsConsumer = await h.login('ops@haijiao.demo')
    expect((await h.api('GET', ADMIN_API, { token: opsConsumer })).status).toBe(403)
    const video = await h.api('POST', '/file/info/single/upload?kind=video', { token: opsConsumer })
    expect(video.status).toBe(403)
    // the admin login's token opens them, and its refresh stays an admin token
    const adminToken = await h.adminLogin('ops@haijiao.demo')
    expect((await h.api('GET', ADMIN_API, { token: adminToken })).status).toBe(200)
    const refreshed = (await h.api('GET', '/system/user/refresh/token', { token: adminToken })).body.result
    expect((await h.api('GET', ADMIN_API, { token: refreshed })).status).toBe(200)
    // the admin client credential on the consumer login path is the admin login: captcha required
    const viaAdminClient = await h.api('POST', '/system/user/login', { client: 'admin', body: { email: 'ops@haijiao.demo', password: DEMO_PASSWORD } })
    expect(viaAdminClient.body.code).toBe(427)
  })
})

describeEachDb('security: wrong passwords cannot freeze an account without captchas', (get) => {
  const wrong = { password: 'not-the-password' }
  const failures = async (h: Harness, email: string) => (await userRow(h, email)).failed_login_count

  it('after 3 failures every client needs the captcha (431), attempts without it count nothing, and 5 counted failures still freeze (516)', async () => {
    const h = get()
    const email = 'ops@haijiao.demo'
    for (let i = 0; i < 3; i++) {
      expect((await h.api('POST', '/system/user/login', { client: 'h5', body: { email, ...wrong } })).body.code).toBe(401)
    }
    // a script without captchas gets 431 forever and never freezes the account
    for (let i = 0; i < 10; i++) {
      const r = await h.api('POST', '/system/user/login', { client: i % 2 ? 'weapp' : 'h5', body: { email, ...wrong } })
      expect(r.body.code).toBe(431)
      expect(r.body.message).toBe('登录失败次数较多，请输入图形验证码')
    }
    expect(await failures(h, email)).toBe(3)
    // even the right password needs the captcha now
    expect((await h.api('POST', '/system/user/login', { client: 'h5', body: { email, password: DEMO_PASSWORD } })).body.code).toBe(431)
    // a wrong captcha is 429 and not counted
    const bad = await h.captcha()
    const wrongCode = bad.code === '0000' ? '1111' : '0000'
    expect((await h.api('POST', '/system/user/login', { client: 'h5', body: { email, ...wrong, code: wrongCode, codeKey: bad.codeKey } })).body.code).toBe(429)
    expect(await failures(h, email)).toBe(3)
    // the admin login counts only attempts that passed the captcha
    for (let i = 0; i < 6; i++) {
      const c = await h.captcha()
      const r = await h.api('POST', '/system/user/ouser/login', { client: 'admin', body: { email, ...wrong, code: c.code === '0000' ? '1111' : '0000', codeKey: c.codeKey } })
      expect(r.body.code).toBe(429)
    }
    expect(await failures(h, email)).toBe(3)
    expect((await userRow(h, email)).frozen_until).toBeNull()
    // with a solved captcha the spec's rule holds: the fifth wrong password freezes (516)
    const c4 = await h.captcha()
    expect((await h.api('POST', '/system/user/login', { client: 'h5', body: { email, ...wrong, ...c4 } })).body.code).toBe(401)
    const c5 = await h.captcha()
    expect((await h.api('POST', '/system/user/login', { client: 'h5', body: { email, ...wrong, ...c5 } })).body.code).toBe(516)
    h.clock.advance(16 * 60 * 1000)
    // after the freeze the window starts again: no captcha for the first attempt
    const ok = await h.api('POST', '/system/user/login', { client: 'h5', body: { email, password: DEMO_PASSWORD } })
    expect(ok.body.code).toBe(200)
  })

  it('a right password with a solved captcha logs in and clears the count', async () => {
    const h = get()
    const email = 'user@haijiao.demo'
    for (let i = 0; i < 3; i++) await h.api('POST', '/system/user/login', { client: 'h5', body: { email, ...wrong } })
    const c = await h.captcha()
    const r = await h.api('POST', '/system/user/login', { client: 'h5', body: { email, password: DEMO_PASSWORD, ...c } })
    expect(r.body.code).toBe(200)
    expect(await failures(h, email)).toBe(0)
    expect((await h.api('POST', '/system/user/login', { client: 'h5', body: { email, password: DEMO_PASSWORD } })).body.code).toBe(200)
  })
})

describeEachDb('security: the captcha takes OCR to read', (get) => {
  it('the SVG draws its digits as paths with noise: no <text>, no font, the digits nowhere as text', async () => {
    const h = get()
    for (let i = 0; i < 5; i++) {
      const r = await h.api('GET', '/system/user/code/verification')
      const { codeKey, image } = r.body.result
      expect(image).toMatch(/^data:image\/svg\+xml;base64,/)
      const svg = Buffer.from(image.split(',')[1], 'base64').toString('utf8')
      expect(svg).not.toMatch(/<text|<tspan|font-family|<foreignObject|<use/i)
      const { code } = await h.db.selectFrom('captchas').select('code').where('code_key', '=', codeKey).executeTakeFirstOrThrow()
      expect(code).toMatch(/^\d{4}$/)
      // one filled outline per digit plus noise curves
      expect((svg.match(/<path[^>]*fill="(?!none)/g) ?? []).length).toBeGreaterThanOrEqual(4)
      expect((svg.match(/<path[^>]*fill="none"/g) ?? []).length).toBeGreaterThanOrEqual(2)
      // no element carries the code (or a digit of it) as its content
      expect(svg).not.toMatch(/>\s*\d+\s*</)
    }
  })
})

describeEachDb(
  'security: findings 5, 12, 13 — limits on the identity and address actually used',
  (get) => {
    it('without TRUST_PROXY a client cannot pick its bucket with X-Forwarded-For', async () => {
      const h = get()
      const body = { email: 'nobody@haijiao.test', password: 'whatever' }
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) {
        const r = await h.api('POST', '/system/user/login', { client: 'h5', body, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } })
        statuses.push(r.status)
      }
      expect(statuses).toEqual([200, 200, 429])
    })

    it('an invalid Authorization header does not lift the guest enrolment limit; a real login is not limited', async () => {
      const h = get()
      const body = { activityId: 999999, answers: { email: 'x@example.com' } }
      const codes: number[] = []
      for (let i = 0; i < 3; i++) {
        codes.push((await h.api('POST', '/activity/enroll/submit', { body, headers: { authorization: `Bearer forged-${i}` } })).status)
      }
      expect(codes).toEqual([200, 200, 429])
      // signed by the app itself: this file's login budget (2 a minute) is spent by the finding-12 test
      const promoter = await userRow(h, 'promoter@haijiao.demo')
      const user = await h.app.ctx.tokens.sign({ userId: promoter.id, tv: promoter.token_version, client: 'consumer' })
      for (let i = 0; i < 4; i++) expect((await h.api('POST', '/activity/enroll/submit', { body, token: user })).status).toBe(200)
    })

    it('email/status and judge/email/account share one budget per IP with the code mail (HTTP 429, code 432)', async () => {
      const h = get()
      const urls = ['/system/user/email/status', '/system/user/judge/email/account', '/system/user/email/status']
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) statuses.push((await h.api('GET', `${urls[i]}?email=probe${i}@haijiao.test`)).status)
      expect(statuses).toEqual([200, 200, 429])
      for (const url of [...urls, '/system/user/send/verify/code?type=register&']) {
        const last = await h.api('GET', `${url}${url.endsWith('&') ? '' : '?'}email=probe@haijiao.test`, { headers: { lang: 'en' } })
        expect(last.body).toEqual({ code: 432, result: null, message: 'Too many requests, try again later' })
      }
    })
  },
  { env: { LOGIN_RATE_LIMIT_PER_MINUTE: '2', CODE_SEND_PER_IP_PER_HOUR: '2' } },
)

describeEachDb(
  'security: TRUST_PROXY set',
  (get) => {
    it('behind the named proxy each forwarded client has its own bucket', async () => {
      const h = get()
      const body = { email: 'nobody@haijiao.test', password: 'whatever' }
      for (let client = 1; client <= 3; client++) {
        for (let i = 0; i < 2; i++) {
          const r = await h.api('POST', '/system/user/login', { client: 'h5', body, headers: { 'x-forwarded-for': `198.51.100.${client}` } })
          expect({ client, i, status: r.status }).toEqual({ client, i, status: 200 })
        }
      }
      const third = await h.api('POST', '/system/user/login', { client: 'h5', body, headers: { 'x-forwarded-for': '198.51.100.1' } })
      expect(third.status).toBe(429)
    })
  },
  { env: { LOGIN_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' } },
)

const KEYWORD_LISTS = [
  '/activity/info/list', '/topic/info/list', '/information/info/list', '/policy/info/list', '/sponsor/info/list',
  '/platform/info/list', '/job/info/list', '/roadshow/project/list',
  '/activity/admin/list', '/topic/admin/list', '/information/admin/list', '/policy/admin/list', '/cms/platform/list',
  '/cms/job/list', '/cms/roadshow/list', '/hot/admin/list?type=activity', '/system/organization/page', '/system/user/list/auser',
]
const HOSTILE_KEYWORDS = [
  'abc"', '"abc', 'abc*', 'NEAR(abc def)', 'abc OR def', 'abc AND NOT def', '^abc', 'title_zh:abc', '(abc', "abc'--", "'; drop table users; --",
  '%_%', '\\\\\\', '"""', '{abc}', 'abc\u0001def', '\u200b\u200babc', '😀😀😀', 'a'.repeat(40),
]

describeEachDb('security: keywords reach FTS5 / pg_trgm only as safe terms', (get) => {
  it('no keyword (FTS syntax, SQL, control characters, NUL) answers HTTP 500 on any keyword list', async () => {
    const h = get()
    const ops = await h.adminLogin('ops@haijiao.demo')
    const failures: string[] = []
    for (const url of [...KEYWORD_LISTS, '/search/all']) {
      const param = url === '/search/all' ? 'keywords' : 'keyword'
      for (const kw of [...HOSTILE_KEYWORDS, 'abc\u0000', 'abc\u0000def', 'a\u0000']) {
        const r = await h.api('GET', `${url}${url.includes('?') ? '&' : '?'}${param}=${encodeURIComponent(kw)}&page=1&pageSize=10`, { token: ops })
        const want = kw.includes('\u0000') ? 301 : 200
        if (r.status !== 200 || r.body?.code !== want) failures.push(`${url} ${JSON.stringify(kw)} → ${r.status} ${r.body?.code}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('keywordMatch itself turns NUL and control characters into a plain term (3+ characters: FTS5 on SQLite)', async () => {
    const h = get()
    const { keywordMatch, safeSearchTerm } = await import('../../server/src/db/keyword-match')
    expect(safeSearchTerm(' abc\u0000def\u001f ')).toBe('abc def')
    expect(safeSearchTerm('ab\ud800c')).toBe('abc')
    for (const kw of ['abc\u0000', 'abc\u0000def', '\u0000\u0000\u0000', 'NEAR(a b)', 'x"y"z*']) {
      const rows = await h.db.selectFrom('activities as a').select('a.id').where(keywordMatch(h.app.ctx.dbKind, 'activities', 'a', kw)).limit(5).execute()
      expect(Array.isArray(rows)).toBe(true)
    }
    // the term still finds what it names
    const title = (await h.db.selectFrom('activities').select('title_en').where('title_en', '!=', '').executeTakeFirstOrThrow()).title_en
    const word = title.split(/\s+/).find((w) => w.length >= 4)!
    const found = await h.db.selectFrom('activities as a').select('a.id').where(keywordMatch(h.app.ctx.dbKind, 'activities', 'a', `${word}\u0000`)).execute()
    expect(found.length).toBeGreaterThan(0)
  })
})

describe('the URL schemas of route-schemas.ts', () => {
  // the same Ajv options as the app (app.ts)
  const Ajv = require('ajv') as typeof import('ajv').default
  const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, allErrors: false })
  const { webUrlSchema, appLinkSchema, ownFileUrlSchema } = require('../../server/src/lib/route-schemas') as typeof import('../../server/src/lib/route-schemas')
  const cases: Array<[string, object, string[], string[]]> = [
    ['webUrlSchema', webUrlSchema, ['https://example.com', 'http://a.b/c?d=1#e', '', null as unknown as string], ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://x', 'https://', 'https://a b', 'https://x"onerror=1', '/uploads/a.png']],
    ['appLinkSchema', appLinkSchema, ['/activityDetail?id=3', 'https://example.com/x', ''], ['javascript:alert(1)', '//evil.example', 'activity', 'data:x', '/a<script>']],
    ['ownFileUrlSchema', ownFileUrlSchema, ['/uploads/2026-11/0123abcd.png', '/static/posters/x.svg', ''], ['https://tracker.example/p.gif', 'javascript:alert(1)', '/uploads/../jwt-secret', '/api/v1/x.png', '//x/uploads/a.png', '/uploads/a b.png']],
  ]
  for (const [name, schema, good, bad] of cases) {
    it(`${name} accepts ${good.length} and refuses ${bad.length} values`, () => {
      const check = ajv.compile(schema)
      for (const v of good) expect({ v, ok: check(v) }).toEqual({ v, ok: true })
      for (const v of bad) expect({ v, ok: check(v) }).toEqual({ v, ok: false })
    })
  }
})

describeEachDb('security: stored URLs, active uploads, blocked static paths', (get) => {
  it("an organisation's logoUrl / website, an activity poster, a banner image and a topic cover take only our files / http(s)", async () => {
    const h = get()
    const org = await h.adminLogin('org@haijiao.demo')
    const ops = await h.adminLogin('ops@haijiao.demo')
    const before = await h.api('GET', '/system/organization/current', { token: org })
    for (const [field, value] of [
      ['logoUrl', 'javascript:alert(1)'],
      ['logoUrl', 'https://tracker.example/pixel.gif'],
      ['logoUrl', '//tracker.example/pixel.gif'],
      ['website', 'javascript:alert(1)'],
      ['website', 'data:text/html,<script>alert(1)</script>'],
    ]) {
      const r = await h.api('POST', '/system/organization/update', { token: org, body: { [field]: value } })
      expect({ field, value, code: r.body.code, at: r.body.result?.field }).toEqual({ field, value, code: 301, at: field })
    }
    expect((await h.api('GET', '/system/organization/current', { token: org })).body.result).toEqual(before.body.result)
    const good = await h.api('POST', '/system/organization/update', { token: org, body: { logoUrl: '/uploads/2026-11/0123456789abcdef0123456789abcdef.png', website: 'https://org.example.com' } })
    expect(good.body.code).toBe(200)

    const poster = await h.api('POST', '/activity/admin/add', { token: ops, body: { titleZh: '追踪', titleEn: 'Tracker', posterUrl: 'https://tracker.example/p.gif' } })
    expect(poster.body).toMatchObject({ code: 301, result: { field: 'posterUrl' } })
    const banner = await h.api('POST', '/cms/banner/add', { token: ops, body: { titleZh: 'x', titleEn: 'x', imageUrl: 'https://tracker.example/p.gif', position: 'home' } })
    expect(banner.body).toMatchObject({ code: 301, result: { field: 'imageUrl' } })
    const cover = await h.api('POST', '/topic/admin/add', { token: ops, body: { titleZh: 'x', titleEn: 'x', coverUrl: 'javascript:alert(1)' } })
    expect(cover.body).toMatchObject({ code: 301, result: { field: 'coverUrl' } })
  })

  it('chat uploads of active types are refused; other files are served as downloads, images inline', async () => {
    const h = get()
    const { multipart } = await import('../support/multipart')
    const token = await h.login('user@haijiao.demo')
    const upload = (name: string, content: Buffer) => {
      const m = multipart(name, content)
      return h.api('POST', '/file/info/single/upload?kind=chat', { token, headers: m.headers, payload: m.payload })
    }
    for (const name of ['x.html', 'x.htm', 'x.svg', 'x.js', 'x.xhtml', 'x.mjs', 'noext', 'x.png']) {
      const r = await upload(name, Buffer.from('<script>alert(document.cookie)</script>'))
      expect({ name, code: r.body.code, reason: r.body.result?.reason }).toEqual({ name, code: 301, reason: 'type' })
    }
    const pdf = await upload('notes.pdf', Buffer.from('%PDF-1.4 hello'))
    expect(pdf.body.code).toBe(200)
    const served = await h.app.inject({ method: 'GET', url: pdf.body.result })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-disposition']).toBe('attachment')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    const png = await upload('p.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]))
    expect(png.body.code).toBe(200)
    expect((await h.app.inject({ method: 'GET', url: png.body.result })).headers['content-disposition']).toBeUndefined()
    // an active file already on disk (from before the allow-list) is a download, never a page
    const legacy = path.join(h.config.dataDir, 'uploads', 'legacy.html')
    fs.writeFileSync(legacy, '<script>alert(1)</script>')
    const old = await h.app.inject({ method: 'GET', url: '/uploads/legacy.html' })
    expect(old.headers['content-disposition']).toBe('attachment')
    expect(old.headers['content-security-policy']).toContain('sandbox')
  })

  it('dotfiles, traversal, NUL and the uploads directory answer 404, not the app or a redirect', async () => {
    const h = get()
    fs.writeFileSync(path.join(h.config.dataDir, 'uploads', '.hidden'), 'x')
    for (const url of ['/.env', '/.git/config', '/admin/.env', '/uploads', '/uploads/', '/uploads/.hidden', '/uploads/..%2f..%2fhaijiao.db', '/uploads/..%2fjwt-secret', '/%00', '/js/%00', '/uploads/%00', '/locales/']) {
      const r = await h.app.inject({ method: 'GET', url })
      expect({ url, status: r.statusCode }).toEqual({ url, status: 404 })
    }
  })
})

describeEachDb('security: security headers', (get) => {
  it("the app, the admin and the API carry a CSP, nosniff and a Referrer-Policy; the admin cannot be framed; no HSTS on http", async () => {
    const h = get()
    for (const url of ['/', '/activity', '/admin/', '/admin/admLogin', '/api/v1/health', '/api/v1/activity/info/list']) {
      const r = await h.app.inject({ method: 'GET', url })
      const csp = String(r.headers['content-security-policy'] ?? '')
      expect({ url, csp }).toEqual({ url, csp: expect.stringContaining("script-src 'self';") })
      expect(csp).toContain("object-src 'none'")
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
      expect(csp).toContain(url.startsWith('/admin') ? "frame-ancestors 'none'" : "frame-ancestors 'self'")
      expect(r.headers['x-content-type-options']).toBe('nosniff')
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(r.headers['strict-transport-security']).toBeUndefined()
      if (url.startsWith('/admin')) expect(r.headers['x-frame-options']).toBe('DENY')
    }
  })
})

describeEachDb(
  'security: HSTS behind https',
  (get) => {
    it('PUBLIC_URL https adds Strict-Transport-Security and upgrade-insecure-requests', async () => {
      const r = await get().app.inject({ method: 'GET', url: '/api/v1/health' })
      expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/)
      expect(String(r.headers['content-security-policy'])).toContain('upgrade-insecure-requests')
    })
  },
  { env: { PUBLIC_URL: 'https://haijiao.example.com' } },
)

describeEachDb('security: numbers too large for a page or an offset', (get) => {
  it('a page or page size of 1e309 (Infinity after coercion) or 1e20 is a wrong parameter, not a 500 or a null page', async () => {
    const h = get()
    const seen: string[] = []
    for (const url of ['/content/case/list', '/activity/info/list', '/information/info/list']) {
      for (const [param, value] of [['page', '1e309'], ['page', '1e20'], ['pageSize', '1e309'], ['page', '-1e309']]) {
        const r = await h.api('GET', `${url}?${param}=${value}`)
        seen.push(`${url} ${param}=${value} → ${r.status} ${r.body?.code} ${r.body?.result?.field}`)
      }
    }
    expect(seen.filter((s) => !/→ 200 301 page(Size)?$/.test(s))).toEqual([])
    // a JSON body's 1e309 parses to Infinity too
    const ops = await h.adminLogin('ops@haijiao.demo')
    const r = await h.api('POST', '/message/message/list/message', { token: ops, payload: '{"page":1e309,"pageSize":20}', headers: { 'content-type': 'application/json' } })
    expect([r.status, r.body?.code, r.body?.result?.field]).toEqual([200, 301, 'page'])
  })
})
