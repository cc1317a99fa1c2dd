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

  it('reads the upload storage from STORAGE_URL or S3_* and refuses a bad one with the setting named', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' })
    expect(
      loadConfig({
        STORAGE_URL: 's3://uploads?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({ kind: 's3', bucket: 'uploads', prefix: '', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true, accessKeyId: 'id', secretAccessKey: 'secret' })
    expect(
      loadConfig({ S3_BUCKET: 'haijiao-prod', S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_REGION: 'oss-cn-hangzhou' }).storage,
    ).toMatchObject({ kind: 's3', bucket: 'haijiao-prod', endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', region: 'oss-cn-hangzhou', forcePathStyle: false, accessKeyId: null })
    expect(loadConfig({ STORAGE_URL: 's3://b-1/files/a' }).storage).toMatchObject({ bucket: 'b-1', prefix: 'files/a' })
    expect(() => loadConfig({ STORAGE_URL: 'ftp://bucket' })).toThrow(/STORAGE_URL/)
    expect(() => loadConfig({ STORAGE_URL: 'not a url' })).toThrow(/STORAGE_URL/)
    expect(() => loadConfig({ STORAGE_URL: 's3://Bad_Bucket' })).toThrow(/bucket/)
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket?endpoint=localhost:9000' })).toThrow(/endpoint/)
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket?forcePathStyle=maybe' })).toThrow(/forcePathStyle/)
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket?acl=public' })).toThrow(/acl/)
    expect(() => loadConfig({ S3_BUCKET: 'bucket', S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(/S3_SECRET_ACCESS_KEY/)
  })

  it('migrates on start unless MIGRATE_ON_START is off; METRICS_TOKEN must be long enough', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true)
    expect(loadConfig({ MIGRATE_ON_START: '0' }).migrateOnStart).toBe(false)
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false)
    expect(() => loadConfig({ MIGRATE_ON_START: 'later' })).toThrow(/MIGRATE_ON_START/)
    expect(loadConfig({}).metricsToken).toBeNull()
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16))
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
  })
})
