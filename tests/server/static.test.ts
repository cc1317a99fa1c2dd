import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describeEachDb, type Harness } from './harness'

// A fake repository root with tiny builds, so the test does not depend on real builds existing.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-root-'))
fs.mkdirSync(path.join(root, 'dist/h5/js'), { recursive: true })
fs.mkdirSync(path.join(root, 'dist/admin'), { recursive: true })
fs.mkdirSync(path.join(root, 'src/shared/i18n/locales'), { recursive: true })
fs.writeFileSync(path.join(root, 'dist/h5/index.html'), '<html>consumer app</html>')
fs.writeFileSync(path.join(root, 'dist/h5/js/app.js'), 'console.log(1)')
fs.writeFileSync(path.join(root, 'dist/h5/version.json'), '{"version":"h5-123"}')
fs.writeFileSync(path.join(root, 'dist/admin/index.html'), '<html>admin app</html>')
fs.writeFileSync(path.join(root, 'dist/admin/version.json'), '{"version":"admin-456"}')
fs.writeFileSync(path.join(root, 'src/shared/i18n/locales/en.json'), '{"hello":"Hello"}')
fs.writeFileSync(path.join(root, 'src/shared/i18n/locales/zh-cn.json'), '{"hello":"你好"}')
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describeEachDb(
  'static builds',
  (get) => {
    let h: Harness
    const get_ = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers })
    beforeAll(() => {
      h = get()
    })

    it('serves the consumer app at / and falls back to its index.html for history-mode routes', async () => {
      for (const url of ['/', '/activity', '/center/userinfo?x=1', '/accountCuser/recovery']) {
        const r = await get_(url)
        expect({ url, status: r.statusCode, body: r.body }).toEqual({ url, status: 200, body: '<html>consumer app</html>' })
      }
      expect((await get_('/js/app.js')).body).toBe('console.log(1)')
      expect((await get_('/js/missing.js')).statusCode).toBe(404)
    })

    it('serves the admin at /admin/ with its own fallback', async () => {
      for (const url of ['/admin', '/admin/', '/admin/admLogin', '/admin/system/user']) {
        const r = await get_(url)
        expect({ url, body: r.body }).toEqual({ url, body: '<html>admin app</html>' })
      }
    })

    it('serves /version.json, /admin/version.json and the translation files', async () => {
      expect((await get_('/version.json?t=1')).json()).toEqual({ version: 'h5-123' })
      expect((await get_('/admin/version.json')).json()).toEqual({ version: 'admin-456' })
      expect((await get_('/locales/en.json?t=2')).json()).toEqual({ hello: 'Hello' })
      expect((await get_('/locales/zh-cn.json')).json()).toEqual({ hello: '你好' })
      expect((await get_('/locales/../../package.json')).statusCode).toBe(404)
    })

    it('serves the generated demo posters the seeded activities point to', async () => {
      const list = (await h.api('GET', '/activity/info/list?pageSize=3')).body.result.list
      for (const a of list) {
        const r = await get_(a.posterUrl)
        expect(r.statusCode).toBe(200)
        expect(r.headers['content-type']).toContain('image/svg+xml')
        expect(r.body).toContain('<svg')
      }
      expect((await get_('/static/posters/..%2Fx.svg')).statusCode).toBe(404)
    })

    it('unknown API paths still get the envelope, not the SPA', async () => {
      const r = await get_('/api/v1/unknown')
      expect(r.statusCode).toBe(404)
      expect(r.json().code).toBe(302)
    })
  },
  { rootDir: root },
)

const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-empty-'))
afterAll(() => fs.rmSync(empty, { recursive: true, force: true }))

describeEachDb(
  'missing builds',
  (get) => {
    it('answers a page that says how to build, for the app and the admin', async () => {
      const h = get()
      const app = await h.app.inject({ method: 'GET', url: '/activity' })
      expect(app.statusCode).toBe(503)
      expect(app.body).toContain('npm run build:h5')
      const admin = await h.app.inject({ method: 'GET', url: '/admin/admLogin' })
      expect(admin.body).toContain('npm run build:admin')
      expect((await h.app.inject({ method: 'GET', url: '/version.json' })).json()).toEqual({ version: 'unbuilt' })
    })
  },
  { rootDir: empty },
)
