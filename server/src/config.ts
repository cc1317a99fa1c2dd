/**
 * Environment, read and validated once. Everything else receives a Config object, so tests build
 * apps with their own config and never touch process.env.
 */
import path from 'node:path'

export interface Config {
  nodeEnv: 'development' | 'production' | 'test'
  port: number
  host: string
  /** postgres://… selects PostgreSQL; null selects SQLite at DATA_DIR/haijiao.db */
  databaseUrl: string | null
  /** PostgreSQL schema (search_path); tests use one schema per run */
  databaseSchema: string | null
  dataDir: string
  /**
   * JWT_SECRET; empty = not configured, and buildApp replaces it with the generated secret kept in
   * DATA_DIR (SQLite) or the database (PostgreSQL) — db/server-secret.ts. Never a literal of the source.
   */
  jwtSecret: string
  smtpUrl: string | null
  mailFrom: string
  redisUrl: string | null
  /**
   * REDIS_PREFIX (default "haijiao:"): the start of every Redis key and channel this server uses (chat
   * channel, rate-limit counters, micro-cache invalidation), so several deployments or test runs can
   * share one Redis without seeing each other.
   */
  redisPrefix: string
  /**
   * SHUTDOWN_TIMEOUT_MS (default 10000): on SIGTERM/SIGINT the server stops taking connections and lets
   * requests in flight finish for at most this long, then exits anyway (server.ts).
   */
  shutdownTimeoutMs: number
  publicUrl: string
  logLevel: string
  /** repository root: dist/ and src/shared/i18n/locales are resolved from here */
  rootDir: string
  /** per-IP request budget of the login calls (per minute) and of code sending (per hour) */
  loginRateLimitPerMinute: number
  codeSendPerIpPerHour: number
  /** PUBLIC_CACHE_MS: micro-cache of public list/search answers (plugins/public-cache.ts); 0 = off */
  publicCacheMs: number
  /** WeChat sign-in (server side only; secrets never reach a client). See modules/wechat. */
  wechat: WeChatConfig
  /** the background job worker of this instance (jobs/index.ts) */
  jobs: { disabled: boolean; pollMs: number; leaseMs: number; mailConcurrency: number }
  /** ANALYSIS_CACHE_MS: how long an analysis card's answer is reused for the same filter and scope; 0 = off */
  analysisCacheMs: number
  /**
   * The audit log (modules/audit): AUDIT_RETENTION_DAYS (default 1095, three years) = rows older than
   * this are removed by the daily audit.purge job. `enabled` is false only with AUDIT_DISABLED=1, which
   * tests/bench/audit-bench.mjs sets to time an admin write without its row; never set it in production.
   */
  audit: { enabled: boolean; retentionDays: number }
  /**
   * TRUST_PROXY: whose X-Forwarded-For to believe, so rate limits see the real client behind a reverse
   * proxy. false (unset) = nobody: the socket address counts and a client cannot spoof its address;
   * a number = that many proxy hops; otherwise a list of proxy addresses/CIDRs (Fastify's trustProxy).
   */
  trustProxy: boolean | number | string[]
  /** where uploads live: local disk under DATA_DIR/uploads (default), or an S3-compatible bucket (storage/) */
  storage: StorageConfig
  /** METRICS_TOKEN: bearer token of GET /metrics (Prometheus); null = the endpoint answers 404 */
  metricsToken: string | null
  /**
   * MIGRATE_ON_START (default on): the server migrates (and seeds what is missing) before listening.
   * Off (0/false): a deploy runs `npm run migrate` (and `npm run seed`) once, and instances only start.
   */
  migrateOnStart: boolean
}

export type StorageConfig = { kind: 'local' } | S3StorageConfig

export interface S3StorageConfig {
  kind: 's3'
  bucket: string
  /** key prefix inside the bucket (s3://bucket/prefix), no slashes at either end; '' = none */
  prefix: string
  /** null = AWS's own endpoint for the region */
  endpoint: string | null
  region: string
  forcePathStyle: boolean
  /** null = the SDK's default credential chain (instance role, AWS_* variables, profile) */
  accessKeyId: string | null
  secretAccessKey: string | null
}

export interface WeChatConfig {
  /** WECHAT_API_BASE, default https://api.weixin.qq.com (tests point it at a local fake) */
  apiBase: string
  /** WECHAT_OAUTH_BASE: where the H5 authorize page lives, default https://open.weixin.qq.com */
  oauthBase: string
  /** mini-program (jscode2session): WECHAT_APP_ID / WECHAT_APP_SECRET; null = not configured */
  mini: { appId: string; appSecret: string } | null
  /** official account, H5 OAuth: WECHAT_MP_APP_ID / WECHAT_MP_APP_SECRET; null = not configured */
  mp: { appId: string; appSecret: string } | null
  /**
   * subscribe-message template ids (WECHAT_TEMPLATE_RESULT, _CHANGE, _REMINDER), chosen in the mini-program
   * admin; their field mapping is modules/notification/wechat-templates.ts. A missing one turns that
   * event's WeChat message off (the admin shows why); start-up never fails for it.
   */
  templates: { result: string | null; change: string | null; reminder: string | null }
}

export class ConfigError extends Error {}

const ROOT_DIR = path.resolve(__dirname, '..', '..')

function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`)
  }
  return n
}

export type Env = Record<string, string | undefined>

function trustProxy(env: Env): Config['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim() ?? ''
  if (!raw || /^(0|false|no|off)$/i.test(raw)) return false
  if (/^(true|yes|on)$/i.test(raw)) return true
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw)
    if (hops < 1 || hops > 10) throw new ConfigError('TRUST_PROXY hop count must be between 1 and 10')
    return hops
  }
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean)
  for (const entry of list) {
    if (!/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry)) {
      throw new ConfigError(`TRUST_PROXY must be off, true, a hop count or a comma-separated list of proxy addresses/CIDRs (got "${entry}")`)
    }
  }
  return list
}

function bool(name: string, raw: string | undefined | null, fallback: boolean): boolean {
  if (raw === undefined || raw === null || raw.trim() === '') return fallback
  if (/^(1|true|yes|on)$/i.test(raw.trim())) return true
  if (/^(0|false|no|off)$/i.test(raw.trim())) return false
  throw new ConfigError(`${name} must be true or false (got "${raw}")`)
}

const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

/**
 * STORAGE_URL=s3://<bucket>[/<prefix>]?endpoint=https://…&region=…&forcePathStyle=true, or the same
 * as S3_BUCKET / S3_ENDPOINT / S3_REGION / S3_FORCE_PATH_STYLE (these fill what the URL leaves out);
 * keys in S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY. Neither STORAGE_URL nor S3_BUCKET = local disk.
 */
export function storageConfig(env: Env): StorageConfig {
  const raw = env.STORAGE_URL?.trim() || ''
  let bucket = env.S3_BUCKET?.trim() || ''
  let prefix = ''
  let endpoint = env.S3_ENDPOINT?.trim() || ''
  let region = env.S3_REGION?.trim() || ''
  let pathStyle: string | null = env.S3_FORCE_PATH_STYLE ?? null
  if (raw && !/^(local|disk|file)$/i.test(raw)) {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw new ConfigError(`STORAGE_URL must look like s3://<bucket>?endpoint=https://…&region=…&forcePathStyle=true (got "${raw}")`)
    }
    if (url.protocol !== 's3:') throw new ConfigError(`STORAGE_URL must start with s3:// (got "${raw}"); leave it unset for local disk`)
    bucket = url.hostname
    prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '')
    for (const key of url.searchParams.keys()) {
      if (!['endpoint', 'region', 'forcePathStyle'].includes(key)) throw new ConfigError(`STORAGE_URL: unknown parameter "${key}" (endpoint, region, forcePathStyle)`)
    }
    endpoint = url.searchParams.get('endpoint') || endpoint
    region = url.searchParams.get('region') || region
    pathStyle = url.searchParams.get('forcePathStyle') ?? pathStyle
  } else if (!bucket) {
    return { kind: 'local' }
  }
  if (!BUCKET_RE.test(bucket)) throw new ConfigError(`the storage bucket name must be 3-63 lower-case letters, digits, dots or hyphens (got "${bucket}")`)
  if (prefix && !/^[A-Za-z0-9_.\-/]+$/.test(prefix)) throw new ConfigError('the STORAGE_URL prefix may hold only letters, digits and _ . - /')
  endpoint = endpoint.replace(/\/+$/, '')
  if (endpoint && !/^https?:\/\/[^\s/]+$/.test(endpoint)) throw new ConfigError(`the storage endpoint must be http(s)://host[:port] (got "${endpoint}")`)
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || null
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || null
  if (!accessKeyId !== !secretAccessKey) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together')
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint: endpoint || null,
    region: region || 'us-east-1',
    forcePathStyle: bool('forcePathStyle', pathStyle, false),
    accessKeyId,
    secretAccessKey,
  }
}

function redisPrefix(env: Env): string {
  const raw = env.REDIS_PREFIX?.trim()
  if (!raw) return 'haijiao:'
  if (!/^[A-Za-z0-9_:.-]{1,64}$/.test(raw)) throw new ConfigError('REDIS_PREFIX must be 1-64 letters, digits, _ : . or -')
  return raw
}

/** a template id as WeChat issues it (letters, digits, - and _); anything else counts as not set */
function template(raw: string | undefined): string | null {
  const v = raw?.trim() || ''
  return /^[A-Za-z0-9_-]{1,128}$/.test(v) ? v : null
}

function wechatConfig(env: Env): WeChatConfig {
  const base = (name: string, fallback: string) => {
    const raw = (env[name] || fallback).trim().replace(/\/+$/, '')
    if (!/^https?:\/\/[^\s/]+/.test(raw)) throw new ConfigError(`${name} must start with http:// or https://`)
    return raw
  }
  const pair = (idName: string, secretName: string) => {
    const appId = env[idName]?.trim() || ''
    const appSecret = env[secretName]?.trim() || ''
    if (!appId && !appSecret) return null
    if (!appId || !appSecret) throw new ConfigError(`${idName} and ${secretName} must be set together`)
    return { appId, appSecret }
  }
  return {
    apiBase: base('WECHAT_API_BASE', 'https://api.weixin.qq.com'),
    oauthBase: base('WECHAT_OAUTH_BASE', 'https://open.weixin.qq.com'),
    mini: pair('WECHAT_APP_ID', 'WECHAT_APP_SECRET'),
    mp: pair('WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET'),
    templates: {
      result: template(env.WECHAT_TEMPLATE_RESULT),
      change: template(env.WECHAT_TEMPLATE_CHANGE),
      reminder: template(env.WECHAT_TEMPLATE_REMINDER),
    },
  }
}

function metricsToken(env: Env): string | null {
  const raw = env.METRICS_TOKEN?.trim() || ''
  if (!raw) return null
  if (raw.length < 16 || !/^[\x21-\x7e]+$/.test(raw)) throw new ConfigError('METRICS_TOKEN must be at least 16 printable characters without spaces')
  return raw
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnvRaw = env.NODE_ENV || 'development'
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test (got "${nodeEnvRaw}")`)
  }
  const nodeEnv = nodeEnvRaw as Config['nodeEnv']

  const databaseUrl = env.DATABASE_URL ? env.DATABASE_URL.trim() : null
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// (leave it empty for the embedded SQLite database)')
  }
  const databaseSchema = env.DATABASE_SCHEMA?.trim() || null
  if (databaseSchema && !/^[a-z_][a-z0-9_]*$/.test(databaseSchema)) {
    throw new ConfigError('DATABASE_SCHEMA must be a plain lower-case identifier')
  }

  const jwtSecret = env.JWT_SECRET || ''
  // unset: buildApp generates and keeps one; a short one is guessable wherever it runs
  if (jwtSecret && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters (leave it unset to have a random one generated and kept)')
  }

  const smtpUrl = env.SMTP_URL?.trim() || null
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://')
  }
  const port = int(env, 'PORT', 8080, 0, 65535)
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '')
  if (!/^https?:\/\//.test(publicUrl)) throw new ConfigError('PUBLIC_URL must start with http:// or https://')

  const logLevel = env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info')
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`)
  }

  return {
    nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    databaseSchema,
    dataDir: path.resolve(env.DATA_DIR || path.join(ROOT_DIR, 'data')),
    jwtSecret,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Haijiao 海交 <no-reply@haijiao.demo>',
    redisUrl: env.REDIS_URL || null,
    redisPrefix: redisPrefix(env),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    publicUrl,
    logLevel,
    rootDir: ROOT_DIR,
    loginRateLimitPerMinute: int(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 60, 1),
    codeSendPerIpPerHour: int(env, 'CODE_SEND_PER_IP_PER_HOUR', 30, 1),
    // off under test: tests write and read back at once and move an injected clock
    publicCacheMs: int(env, 'PUBLIC_CACHE_MS', nodeEnv === 'test' ? 0 : 2000, 0, 60_000),
    wechat: wechatConfig(env),
    jobs: {
      // JOBS_DISABLED=1: no worker on this instance (e.g. an API-only replica)
      disabled: env.JOBS_DISABLED === '1',
      pollMs: Math.max(200, Number(env.JOB_POLL_MS) || 5000),
      // JOB_LEASE_MS: how long a job stays with a worker that stopped renewing it (died) before another
      // instance takes it over; renewed at every batch, so it must exceed the time of one batch
      leaseMs: int(env, 'JOB_LEASE_MS', 60_000, 2000, 3_600_000),
      // JOB_MAIL_CONCURRENCY: mails of one batch in flight at once (pair it with the SMTP pool size of SMTP_URL)
      mailConcurrency: int(env, 'JOB_MAIL_CONCURRENCY', 8, 1, 256),
    },
    // off under test for the same reason as the public micro-cache
    analysisCacheMs: int(env, 'ANALYSIS_CACHE_MS', nodeEnv === 'test' ? 0 : 10_000, 0, 600_000),
    audit: { enabled: env.AUDIT_DISABLED !== '1', retentionDays: int(env, 'AUDIT_RETENTION_DAYS', 1095, 1, 36_500) },
    trustProxy: trustProxy(env),
    storage: storageConfig(env),
    metricsToken: metricsToken(env),
    migrateOnStart: bool('MIGRATE_ON_START', env.MIGRATE_ON_START, true),
    ...overrides,
  }
}

/** For CLIs: print the problem and exit instead of a stack trace. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`)
      process.exit(1)
    }
    throw err
  }
}

/**
 * argon2 cost of this process (lib/password.ts): cheap under NODE_ENV=test, where the suites hash
 * hundreds of passwords. Hashes carry their parameters, so verification works across both costs.
 */
export const CHEAP_PASSWORD_HASHES = process.env.NODE_ENV === 'test'

/** The environment `npm start` builds a missing front-end in: this one, for production unless it says development. */
export function frontEndBuildEnv(): NodeJS.ProcessEnv {
  const nodeEnv = process.env.NODE_ENV === 'test' ? 'production' : process.env.NODE_ENV || 'production'
  return { ...process.env, NODE_ENV: nodeEnv }
}
