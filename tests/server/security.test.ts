/**
 * Issue 12 (security hardening): one test per finding, on both databases.
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

describeEachDb('security: finding 1, no secret from the source signs anything', (get) => {
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

describeEachDb('security: finding 2, tokens carry the client they were issued to', (get) => {
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

describeEachDb('security: finding 3, wrong passwords cannot freeze an account without captchas', (get) => {
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

describeEachDb('security: finding 4, the captcha takes OCR to read', (get) => {
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
