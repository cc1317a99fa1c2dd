/** Direct HTTP calls to the server under test, and reads of its SQLite file (captchas only). */
import Database from 'better-sqlite3'
import { CLIENT_CREDENTIALS, type ClientId, type Envelope, type LoginResult } from '@contracts/api'

export const DEMO_PASSWORD = 'Haijiao2026'
export const DEMO = {
  consumer: 'user@haijiao.demo',
  promoter: 'promoter@haijiao.demo',
  organizer: 'org@haijiao.demo',
  operations: 'ops@haijiao.demo',
  kefu: 'kefu@haijiao.demo',
} as const

export interface ApiAnswer<T = any> {
  status: number
  body: Envelope<T>
}

export async function api<T = any>(
  baseUrl: string,
  path: string,
  opts: { method?: string; body?: unknown; token?: string; basic?: ClientId; lang?: 'zh-CN' | 'en' } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { 'Accept-Language': opts.lang ?? 'zh-CN' }
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
  if (opts.basic) {
    const c = CLIENT_CREDENTIALS[opts.basic]
    headers.Authorization = `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`
  } else if (opts.token) {
    headers.Authorization = `Bearer ${opts.token}`
  }
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  })
  const text = await res.text()
  let body: any
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 300)}`)
  }
  return { status: res.status, body }
}

/** Consumer-side login (h5 credential, no captcha); accepts any account. */
export async function loginAsConsumerApp(baseUrl: string, email: string, password = DEMO_PASSWORD) {
  const r = await api<LoginResult>(baseUrl, '/system/user/login', { basic: 'h5', body: { email, password } })
  if (r.status !== 200 || r.body.code !== 200 || !r.body.result?.token) {
    throw new Error(`login of ${email} failed: HTTP ${r.status} ${JSON.stringify(r.body)}`)
  }
  return r.body.result
}

/**
 * Admin-side login as the admin app does it (admin credential + captcha read from the database): only
 * its token opens admin APIs — a consumer-app login of an admin account gets a consumer token.
 */
export async function loginAsAdminApp(server: { baseUrl: string; dbFile: string }, email: string, password = DEMO_PASSWORD) {
  const captcha = await api<{ codeKey: string }>(server.baseUrl, '/system/user/code/verification')
  const code = readCaptcha(server.dbFile, captcha.body.result.codeKey)
  const r = await api<LoginResult>(server.baseUrl, '/system/user/ouser/login', { basic: 'admin', body: { email, password, code, codeKey: captcha.body.result.codeKey } })
  if (r.status !== 200 || r.body.code !== 200 || !r.body.result?.token) {
    throw new Error(`admin login of ${email} failed: HTTP ${r.status} ${JSON.stringify(r.body)}`)
  }
  return r.body.result
}

/** The captcha code the server stored for `codeKey` (table captchas, shared by all server instances). */
export function readCaptcha(dbFile: string, codeKey: string): string {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true })
  try {
    const row = db.prepare('SELECT code FROM captchas WHERE code_key = ?').get(codeKey) as { code?: string } | undefined
    if (!row?.code) throw new Error(`no captcha row for code_key ${codeKey} in ${dbFile}`)
    return String(row.code)
  } finally {
    db.close()
  }
}

/**
 * Operations publish a new version of a policy text (site text `user_agreement` or `privacy_policy`)
 * through the admin route, as the texts view does with "publish as a new version": every person is asked
 * to agree again at their next sign-in. Answers the new version.
 */
export async function publishPolicyVersion(server: { baseUrl: string; dbFile: string }, code: 'user_agreement' | 'privacy_policy'): Promise<number> {
  const ops = await loginAsAdminApp(server, DEMO.operations)
  const info = await api(server.baseUrl, `/system/text/info?code=${code}`, { token: ops.token })
  const t = info.body.result
  const r = await api(server.baseUrl, '/system/text/update', {
    token: ops.token,
    body: { code, titleZh: t.titleZh, titleEn: t.titleEn, contentZh: t.contentZh, contentEn: t.contentEn, publishVersion: true },
  })
  if (r.body.code !== 200) throw new Error(`publishing ${code} failed: ${JSON.stringify(r.body)}`)
  return r.body.result.version
}
