/**
 * Account rules (spec sections 3-8): registration, logins, freezing, codes, recovery, tokens.
 */
import crypto from 'node:crypto'
import type { AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { addMs, iso } from '../../lib/clock'
import { checkEmail } from '../../lib/email'
import { hashPassword, verifyPassword } from '../../lib/password'
import type { TokenClient } from '../../lib/tokens'
import { AccountRepository } from './account.repository'
import { VerificationRepository } from './verification.repository'
import type { OrganizationService } from '../organization/organization.service'
import { randomDigits, renderCaptchaSvg } from './captcha'
import {
  type CaptchaResult,
  type CurrentUser,
  type EmailAccountResult,
  type EmailStatusResult,
  type LoginBody,
  type LoginResult,
  type OrganizerRegisterBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '@contracts/api'
import type { Lang } from '@contracts/error-codes'

export const CODE_TTL_MS = 10 * 60 * 1000
export const CAPTCHA_TTL_MS = 5 * 60 * 1000
export const FREEZE_WINDOW_MS = 15 * 60 * 1000
export const FREEZE_DURATION_MS = 15 * 60 * 1000
export const MAX_WRONG_PASSWORDS = 5
/** from this many wrong passwords in the window, a consumer-app login needs the captcha too (431 without) */
export const CAPTCHA_AFTER_FAILURES = 3
export const CODE_RESEND_INTERVAL_MS = 60 * 1000
export const CODES_PER_ADDRESS_PER_DAY = 10
const MAX_CODE_ATTEMPTS = 5
const ADMIN_KINDS = ['ouser', 'auser', 'kefu']

let dummyHashPromise: Promise<string> | null = null
const dummyHash = () => (dummyHashPromise ??= hashPassword('haijiao-timing-equaliser'))

type Account = Awaited<ReturnType<AccountRepository['listAccounts']>>[number]
type User = NonNullable<Awaited<ReturnType<AccountRepository['findUserById']>>>

function checkPasswords(password: unknown, confirm: unknown) {
  const p = String(password ?? '')
  if (p.length < 6) throw paramError('password')
  if (p.length > 128) throw paramError('password')
  if (String(confirm ?? '') !== p) throw paramError('confirmPassword')
  return p
}

function accountBlockCode(a: Account, now: string): 202 | 203 | 204 | null {
  if (a.forbidden) return 202
  if (a.locked) return 203
  if (a.expires_at && a.expires_at <= now) return 204
  return null
}

export class AccountService {
  private readonly repo: AccountRepository
  private readonly codes: VerificationRepository

  constructor(
    private readonly ctx: AppContext,
    private readonly organizations: OrganizationService,
  ) {
    this.repo = new AccountRepository(ctx.db)
    this.codes = new VerificationRepository(ctx.db)
  }

  private now() {
    return this.ctx.clock.now()
  }

  private hashCode(email: string, purpose: string, code: string) {
    return crypto.createHmac('sha256', this.ctx.config.jwtSecret).update(`${email}:${purpose}:${code}`).digest('hex')
  }

  // ---- e-mail verification codes ---------------------------------------------------------------

  async sendVerifyCode(rawEmail: unknown, purpose: 'register' | 'recovery' | 'modify', ip: string, lang: Lang) {
    const email = checkEmail(rawEmail)
    const user = await this.repo.findUserByEmail(email)
    if (purpose === 'register' || purpose === 'modify') {
      if (user) await this.refuseExisting(user.id)
    } else if (purpose === 'recovery' && !user) {
      throw new AppError(412)
    }
    const now = this.now()
    // Throttles: per address (1 per minute, 10 per day) and per IP (per hour), counted in the DB.
    if ((await this.codes.countForEmailSince(email, iso(addMs(now, -CODE_RESEND_INTERVAL_MS)))) > 0) {
      throw new AppError(501)
    }
    if ((await this.codes.countForEmailSince(email, iso(addMs(now, -24 * 3600 * 1000)))) >= CODES_PER_ADDRESS_PER_DAY) {
      throw new AppError(501)
    }
    if ((await this.codes.countForIpSince(ip, iso(addMs(now, -3600 * 1000)))) >= this.ctx.config.codeSendPerIpPerHour) {
      throw new AppError(501)
    }
    const code = randomDigits(6)
    const row = await this.codes.insertCode({
      email,
      purpose,
      codeHash: this.hashCode(email, purpose, code),
      expiresAt: iso(addMs(now, CODE_TTL_MS)),
      ip,
      now: iso(now),
    })
    try {
      await this.ctx.mail.sendVerificationCode(email, code, purpose, lang)
    } catch (err) {
      await this.codes.deleteCode(row.id)
      throw Object.assign(new AppError(407), { cause: err })
    }
    return null
  }

  /** 404 when the e-mail already has a personal account, 406 when it has an organizer account. */
  async refuseExisting(userId: number) {
    const accounts = await this.repo.listAccounts(userId)
    if (accounts.some((a) => a.kind === 'cuser')) throw new AppError(404)
    if (accounts.some((a) => a.kind === 'ouser')) throw new AppError(406)
    throw new AppError(404)
  }

  /** One use, 10 minutes, 410 when wrong, expired, used or tried too often (also used by the profile module). */
  async consumeCode(email: string, purpose: string, rawCode: unknown) {
    const code = String(rawCode ?? '').trim()
    if (!code) throw new AppError(409, { field: 'code' })
    const row = await this.codes.latestUnusedCode(email, purpose)
    const now = this.now()
    if (!row || row.expires_at <= iso(now) || row.attempts >= MAX_CODE_ATTEMPTS) throw new AppError(410)
    const expected = Buffer.from(row.code_hash, 'hex')
    const actual = Buffer.from(this.hashCode(email, purpose, code), 'hex')
    if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
      await this.codes.countFailedAttempt(row.id)
      throw new AppError(410)
    }
    if (!(await this.codes.markCodeUsed(row.id, iso(now)))) throw new AppError(410)
  }

  // ---- registration --------------------------------------------------------------------------

  async register(body: RegisterBody, lang: Lang): Promise<LoginResult> {
    const email = checkEmail(body.email)
    if (!String(body.code ?? '').trim()) throw new AppError(409, { field: 'code' })
    const nickName = String(body.nickName ?? '').trim()
    if (!nickName) throw new AppError(411, { field: 'nickName' })
    if (nickName.length > 50) throw paramError('nickName')
    const password = checkPasswords(body.password, body.confirmPassword)
    const existing = await this.repo.findUserByEmail(email)
    if (existing) await this.refuseExisting(existing.id)
    await this.consumeCode(email, 'register', body.code)
    const passwordHash = await hashPassword(password)
    const now = iso(this.now())
    const userId = await this.repo.transaction(async (repo) => {
      const id = await repo.createUser({ email, passwordHash, nickName, lang, now })
      await repo.createAccount({ userId: id, kind: 'cuser', now })
      return id
    })
    return this.issue(userId)
  }

  /**
   * Organizer registration from /admRegister. A new e-mail needs a register code; an existing
   * personal account proves ownership with its password and gains an organizer account.
   */
  async registerOrganizer(body: OrganizerRegisterBody, lang: Lang): Promise<LoginResult> {
    const email = checkEmail(body.email)
    // an invitation (organisation users view) binds the account to an existing organisation
    const invited = body.invite ? await this.organizations.verifyInvite(body.invite) : null
    const orgName = String(body.organizationName ?? '').trim()
    if (!invited && (!orgName || orgName.length > 100)) throw paramError('organizationName')
    const organizationFor = async (repo: AccountRepository, now: string) =>
      invited ? invited.organizationId : repo.createOrganization({ nameZh: orgName, nameEn: orgName, now })
    const nickName = String(body.nickName ?? '').trim()
    if (!nickName) throw new AppError(411, { field: 'nickName' })
    if (nickName.length > 50) throw paramError('nickName')
    const password = checkPasswords(body.password, body.confirmPassword)
    const existing = await this.repo.findUserByEmail(email)
    const role = await this.repo.findRoleIdByCode('organizer')
    const now = iso(this.now())
    if (existing) {
      const accounts = await this.repo.listAccounts(existing.id)
      if (accounts.some((a) => a.kind === 'ouser')) throw new AppError(406)
      if (!(await verifyPassword(existing.password_hash, password))) throw new AppError(401)
      await this.repo.transaction(async (repo) => {
        const orgId = await organizationFor(repo, now)
        await repo.createAccount({ userId: existing.id, kind: 'ouser', organizationId: orgId, roleId: role?.id, now })
      })
      return this.issue(existing.id)
    }
    if (!String(body.code ?? '').trim()) throw new AppError(409, { field: 'code' })
    await this.consumeCode(email, 'register', body.code)
    const passwordHash = await hashPassword(password)
    const userId = await this.repo.transaction(async (repo) => {
      const id = await repo.createUser({ email, passwordHash, nickName, lang, now })
      const orgId = await organizationFor(repo, now)
      await repo.createAccount({ userId: id, kind: 'ouser', organizationId: orgId, roleId: role?.id, now })
      return id
    })
    return this.issue(userId)
  }

  // ---- captcha ---------------------------------------------------------------------------------

  async createCaptcha(): Promise<CaptchaResult> {
    const now = this.now()
    const code = randomDigits(4)
    const codeKey = crypto.randomUUID()
    await this.codes.pruneCaptchas(iso(addMs(now, -3600 * 1000)))
    await this.codes.insertCaptcha({ codeKey, code, expiresAt: iso(addMs(now, CAPTCHA_TTL_MS)), now: iso(now) })
    return { codeKey, image: renderCaptchaSvg(code) }
  }

  /** 427 empty, 428 unknown/used/expired, 429 wrong. A captcha is spent by any attempt. */
  private async checkCaptcha(code: unknown, codeKey: unknown) {
    const c = String(code ?? '').trim()
    const k = String(codeKey ?? '').trim()
    if (!c || !k) throw new AppError(427)
    const row = await this.codes.findCaptcha(k)
    const now = iso(this.now())
    if (!row || row.used_at || row.expires_at <= now) throw new AppError(428)
    if (!(await this.codes.markCaptchaUsed(k, now))) throw new AppError(428)
    if (row.code !== c) throw new AppError(429)
  }

  // ---- login -----------------------------------------------------------------------------------

  /**
   * `admin` mode (admin client or the ouser/login path) needs the captcha and an admin-side account
   * (ouser, auser or kefu) — 207 otherwise. Consumer apps accept any account, and need the captcha
   * once the account has CAPTCHA_AFTER_FAILURES wrong passwords in the window (431 without it).
   */
  async login(body: LoginBody, mode: 'consumer' | 'admin'): Promise<LoginResult> {
    const email = checkEmail(body.email)
    const password = String(body.password ?? '')
    if (!password) throw paramError('password')
    if (mode === 'admin') await this.checkCaptcha(body.code, body.codeKey)

    const user = await this.repo.findUserByEmail(email)
    if (!user) {
      // same answer and similar timing as a wrong password: no account enumeration
      await verifyPassword(await dummyHash(), password)
      throw new AppError(401)
    }
    const now = this.now()
    if (user.frozen_until && user.frozen_until > iso(now)) throw new AppError(516)
    // After a few wrong passwords every client needs the captcha, so nobody freezes an account they
    // do not own by scripting wrong passwords: only attempts that passed a captcha are counted.
    if (mode === 'consumer' && this.recentFailures(user, now) >= CAPTCHA_AFTER_FAILURES) {
      if (!String(body.code ?? '').trim() && !String(body.codeKey ?? '').trim()) throw new AppError(431)
      await this.checkCaptcha(body.code, body.codeKey)
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.recordFailure(user, now)
    }
    await this.repo.clearLoginFailures(user.id)

    const accounts = await this.repo.listAccounts(user.id)
    const relevant = mode === 'admin' ? accounts.filter((a) => ADMIN_KINDS.includes(a.kind)) : accounts
    if (mode === 'admin' && !relevant.length) throw new AppError(207)
    if (relevant.length && relevant.every((a) => accountBlockCode(a, iso(now)))) {
      throw new AppError(accountBlockCode(relevant[0], iso(now))!)
    }
    return this.issue(user.id, mode === 'admin' ? 'admin' : 'consumer')
  }

  /** wrong passwords in the current 15-minute window */
  private recentFailures(user: User, now: Date): number {
    const windowOpen =
      user.failed_login_window_start && user.failed_login_window_start > iso(addMs(now, -FREEZE_WINDOW_MS))
    return windowOpen ? user.failed_login_count : 0
  }

  /** Counts wrong passwords in a 15-minute window; the fifth freezes the account for 15 minutes. */
  private async recordFailure(user: User, now: Date): Promise<never> {
    const windowOpen =
      user.failed_login_window_start && user.failed_login_window_start > iso(addMs(now, -FREEZE_WINDOW_MS))
    const count = windowOpen ? user.failed_login_count + 1 : 1
    const windowStart = windowOpen ? user.failed_login_window_start! : iso(now)
    if (count >= MAX_WRONG_PASSWORDS) {
      await this.repo.recordLoginFailure(user.id, 0, iso(now), iso(addMs(now, FREEZE_DURATION_MS)), iso(now))
      throw new AppError(516)
    }
    await this.repo.recordLoginFailure(user.id, count, windowStart, null, iso(now))
    throw new AppError(401)
  }

  async issue(userId: number, client: TokenClient = 'consumer'): Promise<LoginResult> {
    const user = await this.repo.findUserById(userId)
    if (!user) throw new AppError(402, { httpStatus: 401 })
    const token = await this.ctx.tokens.sign({ userId: user.id, tv: user.token_version, client }, this.now())
    return { token, userInfo: await this.currentUser(user.id) }
  }

  async currentUser(userId: number): Promise<CurrentUser> {
    const user = await this.repo.findUserById(userId)
    if (!user) throw new AppError(402, { httpStatus: 401 })
    const accounts = await this.repo.listAccounts(userId)
    const idOf = (kind: string) => accounts.find((a) => a.kind === kind)?.id ?? null
    return {
      id: user.id,
      nickName: user.nick_name,
      avatarUrl: user.avatar_url,
      auserId: idOf('auser'),
      cuserId: idOf('cuser'),
      ouserId: idOf('ouser'),
      kefuId: idOf('kefu'),
      isPromoter: !!user.is_promoter,
      email: user.email,
      phone: user.phone,
      lang: user.lang === 'en' || user.lang === 'zh' ? user.lang : null,
    }
  }

  /** the new token keeps the client of the one it replaces: refreshing never upgrades a consumer token */
  async refreshToken(userId: number, client: TokenClient = 'consumer'): Promise<string> {
    return (await this.issue(userId, client)).token
  }

  async logout(userId: number) {
    await this.repo.bumpTokenVersion(userId, iso(this.now()))
    return null
  }

  async resetPassword(body: ResetPasswordBody) {
    const email = checkEmail(body.email)
    if (!String(body.code ?? '').trim()) throw new AppError(409, { field: 'code' })
    const password = checkPasswords(body.password, body.confirmPassword)
    const user = await this.repo.findUserByEmail(email)
    if (!user) throw new AppError(412)
    await this.consumeCode(email, 'recovery', body.code)
    await this.repo.resetPassword(user.id, await hashPassword(password), iso(this.now()))
    return null
  }

  async judgeEmailAccount(rawEmail: unknown): Promise<EmailAccountResult> {
    const email = checkEmail(rawEmail)
    const user = await this.repo.findUserByEmail(email)
    if (!user) return { exists: false, personal: false, organizer: false }
    const accounts = await this.repo.listAccounts(user.id)
    return {
      exists: true,
      personal: accounts.some((a) => a.kind === 'cuser'),
      organizer: accounts.some((a) => a.kind === 'ouser'),
    }
  }

  async emailStatus(rawEmail: unknown): Promise<EmailStatusResult> {
    const email = checkEmail(rawEmail)
    const user = await this.repo.findUserByEmail(email)
    if (!user) return { registered: false, status: 'none' }
    const now = iso(this.now())
    if (user.frozen_until && user.frozen_until > now) return { registered: true, status: 'frozen' }
    const accounts = await this.repo.listAccounts(user.id)
    if (accounts.length && accounts.every((a) => accountBlockCode(a, now))) {
      const code = accountBlockCode(accounts[0], now)
      return { registered: true, status: code === 202 ? 'disabled' : code === 203 ? 'locked' : 'expired' }
    }
    return { registered: true, status: 'normal' }
  }

  async visualOrganizers() {
    const rows = await this.repo.listVisualOrganizers()
    return rows.map((o) => ({
      id: o.id,
      nameZh: o.name_zh,
      nameEn: o.name_en,
      logoUrl: o.logo_url,
      website: o.website,
      introZh: o.intro_zh,
      introEn: o.intro_en,
    }))
  }
}
