import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { loadConfig } from '../../server/src/config'

describe('config', () => {
  it('without JWT_SECRET no secret comes from the source: the app generates one (security.test.ts)', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).jwtSecret).toBe('')
    expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).toBe('')
  })

  it('refuses a short secret in every environment', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/at least 32/)
    expect(() => loadConfig({ NODE_ENV: 'development', JWT_SECRET: 'short' })).toThrow(/at least 32/)
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32))
  })

  it('rejects bad values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/)
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/)
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
  })

  it('defaults: port 8080, host 0.0.0.0, SQLite under ./data', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: null, smtpUrl: null })
    expect(c.dataDir).toBe(path.resolve(__dirname, '../../data'))
  })

  it('the server process exits with the message instead of starting', () => {
    const root = path.resolve(__dirname, '../..')
    const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['server/src/server.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: '0', JWT_SECRET: 'short' } as unknown as NodeJS.ProcessEnv,
      encoding: 'utf8',
      timeout: 30000,
    })
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('JWT_SECRET must be at least 32 characters')
  })
})
