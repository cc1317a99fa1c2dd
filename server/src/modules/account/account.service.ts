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
import { AbuseCounters } from '../../db/abuse-counters'
import type { OrganizationService } from '../organization/organization.service'
import type { ConsentService } from '../consent/consent.service'
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
/**
 * The routes that tell whether an address has an account (code sending, recovery, the e-mail lookups,
 * organizer registration) share one budget per hour: per address the configured CODE_SEND_PER_IP_PER_HOUR,
 * per e-mail this many. Past it: 432 (HTTP 429), like the rate limiter.
 */
export const LOOKUPS_PER_EMAIL_PER_HOUR = 10
/** wrong passwords from one address in the window after which every login from it needs the captcha */
export const CAPTCHA_AFTER_ADDRESS_FAILURES = 20
const MAX_CODE_ATTEMPTS = 5
const ADMIN_KINDS = ['ouser', 'auser', 'kefu']

let dummyHashPromise: Promise<string> | null = null
const dummyHash = () => (dummyHashPromise ??= hashPassword('haijiao-timing-equaliser'))

/** wrong-password state of one e-mail: a user row's columns, or an abuse counter for an e-mail without an account */
interface FailureState {
  count: number
  windowStart: string | null
  frozenUntil: string | null
}

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
  private readonly counters: AbuseCounters

  constructor(
    private readonly ctx: AppContext,
    private readonly organizations: OrganizationService,
    private readonly consent: ConsentService,
  ) {
    this.repo = new AccountRepository(ctx.db)
    this.codes = new VerificationRepository(ctx.db)
    this.counters = new AbuseCounters(ctx.db)
  }

  private now() {
    return this.ctx.clock.now()
  }

  private hashCode(email: string, purpose: string, code: string) {
    return crypto.createHmac('sha256', this.ctx.config.jwtSecret).update(`${email}:${purpose}:${code}`).digest('hex')
  }

  // ---- e-mail verification codes ---------------------------------------------------------------

  /**
   * Spends one lookup of the shared budget (LOOKUPS_PER_EMAIL_PER_HOUR per e-mail, the configured
   * CODE_SEND_PER_IP_PER_HOUR per address), counted in the database so it holds across instances.
   */
  async spendLookup(email: string, ip: string) {
    const hour = iso(this.now()).slice(0, 13)
    const byAddress = await this.counters.add(`lookup:ip:${ip}`, hour, 1)
    const byEmail = await this.counters.add(`lookup:email:${email}`, hour, 1)
    if (byAddress > this.ctx.config.codeSendPerIpPerHour || byEmail > LOOKUPS_PER_EMAIL_PER_HOUR) {
      throw new AppError(432, { httpStatus: 429 })
    }
  }

  /**
   * A recovery code is sent if the account exists: an unknown address gets the same answer and the same
   * throttles (a code row is kept for it, no mail leaves), so the answer tells nothing.
   */
  async sendVerifyCode(rawEmail: unknown, purpose: 'register' | 'recovery' | 'modify' | 'deletion', ip: string, lang: Lang) {
    const email = checkEmail(rawEmail)
    await this.spendLookup(email, ip)
    const user = await this.repo.findUserByEmail(email)
    if ((purpose === 'register' || purpose === 'modify') && user) await this.refuseExisting(user.id)
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
    if (!user && purpose === 'recovery') return null
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

  /** `ip`: where the agreement to the User Agreement and Privacy Policy came from (stored with it) */
  async register(body: RegisterBody, lang: Lang, ip: string | null = null): Promise<LoginResult> {
    const email = checkEmail(body.email)
    if (!String(body.code ?? '').trim()) throw new AppError(409, { field: 'code' })
    const nickName = String(body.nickName ?? '').trim()
    if (!nickName) throw new AppError(411, { field: 'nickName' })
    if (nickName.length > 50) throw paramError('nickName')
    const password = checkPasswords(body.password, body.confirmPassword)
    // no account without the agreement: checked before the code is spent, so the person can tick and retry
    if (body.agree !== true) throw new AppError(670, { field: 'agree' })
    const versions = await this.consent.versions()
    // the code first: without one, a taken address answers like a free one (410)
    await this.consumeCode(email, 'register', body.code)
    const existing = await this.repo.findUserByEmail(email)
    if (existing) await this.refuseExisting(existing.id)
    const passwordHash = await hashPassword(password)
    const now = iso(this.now())
    const userId = await this.repo.transaction(async (repo) => {
      const id = await repo.createUser({ email, passwordHash, nickName, lang, now })
      await repo.createAccount({ userId: id, kind: 'cuser', now })
      await repo.createConsent({ userId: id, versions, channel: 'email', kind: 'register', ip, now })
      return id
    })
    return this.issue(userId)
  }

  /**
   * Organizer registration from /admRegister. A new e-mail needs a register code; an existing
   * personal account proves ownership with its password and gains an organizer account.
   */
  async registerOrganizer(body: OrganizerRegisterBody, lang: Lang, ip: string): Promise<LoginResult> {
    const email = checkEmail(body.email)
    // an existing address answers 406/401, a new one 409/410: within the lookup budget only
    await this.spendLookup(email, ip)
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
    // no organizer account without the agreement: checked before the code or the password is spent
    if (body.agree !== true) throw new AppError(670, { field: 'agree' })
    const versions = await this.consent.versions()
    const existing = await this.repo.findUserByEmail(email)
    const role = await this.repo.findRoleIdByCode('organizer')
    const now = iso(this.now())
    // the agreement is stored in the transaction that makes the account (channel admin)
    const consent = (repo: AccountRepository, userId: number) => repo.createConsent({ userId, versions, channel: 'admin', kind: 'register', ip, now })
    if (existing) {
      const accounts = await this.repo.listAccounts(existing.id)
      if (accounts.some((a) => a.kind === 'ouser')) throw new AppError(406)
      if (!(await verifyPassword(existing.password_hash, password))) throw new AppError(401)
      await this.repo.transaction(async (repo) => {
        const orgId = await organizationFor(repo, now)
        await repo.createAccount({ userId: existing.id, kind: 'ouser', organizationId: orgId, roleId: role?.id, now })
        await consent(repo, existing.id)
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
      await consent(repo, id)
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
  async login(body: LoginBody, mode: 'consumer' | 'admin', ip: string): Promise<LoginResult> {
    const email = checkEmail(body.email)
    const password = String(body.password ?? '')
    if (!password) throw paramError('password')
    if (mode === 'admin') await this.checkCaptcha(body.code, body.codeKey)

    const user = await this.repo.findUserByEmail(email)
    const now = this.now()
    // an e-mail without an account goes through the same steps (captcha, freeze) as one with it
    const failures = user ? this.userFailures(user) : await this.unknownFailures(email)
    if (failures.frozenUntil && failures.frozenUntil > iso(now)) throw new AppError(516)
    // After a few wrong passwords every client needs the captcha, so nobody freezes an account they
    // do not own by scripting wrong passwords: only attempts that passed a captcha are counted.
    if (mode === 'consumer' && (this.recentFailures(failures, now) >= CAPTCHA_AFTER_FAILURES || (await this.addressFailures(ip, now)) >= CAPTCHA_AFTER_ADDRESS_FAILURES)) {
      if (!String(body.code ?? '').trim() && !String(body.codeKey ?? '').trim()) throw new AppError(431)
      await this.checkCaptcha(body.code, body.codeKey)
    }
    // an unknown e-mail costs the same hash check as a wrong password
    const passwordOk = await verifyPassword(user ? user.password_hash : await dummyHash(), password)
    if (!user || !passwordOk) {
      await this.counters.add(`login-fail:ip:${ip}`, this.failureWindow(now), 1)
      return this.recordFailure(failures, now, (next) =>
        user
          ? this.repo.recordLoginFailure(user.id, next.count, next.windowStart!, next.frozenUntil, iso(now))
          : this.counters.put(`login-fail:email:${email}`, next.windowStart!, next.frozenUntil ? MAX_WRONG_PASSWORDS : next.count),
      )
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

  private userFailures(user: User): FailureState {
    return { count: user.failed_login_count, windowStart: user.failed_login_window_start, frozenUntil: user.frozen_until }
  }

  /** an e-mail without an account: its counter holds the count, or MAX_WRONG_PASSWORDS from the moment it froze */
  private async unknownFailures(email: string): Promise<FailureState> {
    const row = await this.counters.read(`login-fail:email:${email}`)
    if (!row) return { count: 0, windowStart: null, frozenUntil: null }
    if (Number(row.amount) >= MAX_WRONG_PASSWORDS) {
      return { count: 0, windowStart: row.window_start, frozenUntil: iso(addMs(new Date(row.window_start), FREEZE_DURATION_MS)) }
    }
    return { count: Number(row.amount), windowStart: row.window_start, frozenUntil: null }
  }

  /** the 15-minute window of the per-address count of wrong passwords */
  private failureWindow(now: Date): string {
    return iso(new Date(Math.floor(now.getTime() / FREEZE_WINDOW_MS) * FREEZE_WINDOW_MS))
  }

  private async addressFailures(ip: string, now: Date): Promise<number> {
    return this.counters.max([`login-fail:ip:${ip}`], this.failureWindow(now))
  }

  /** wrong passwords in the current 15-minute window */
  private recentFailures(f: FailureState, now: Date): number {
    const windowOpen = f.windowStart && f.windowStart > iso(addMs(now, -FREEZE_WINDOW_MS))
    return windowOpen ? f.count : 0
  }

  /** Counts wrong passwords in a 15-minute window; the fifth freezes the e-mail for 15 minutes. */
  private async recordFailure(f: FailureState, now: Date, save: (next: FailureState) => Promise<unknown>): Promise<never> {
    const windowOpen = f.windowStart && f.windowStart > iso(addMs(now, -FREEZE_WINDOW_MS))
    const count = windowOpen ? f.count + 1 : 1
    if (count >= MAX_WRONG_PASSWORDS) {
      await save({ count: 0, windowStart: iso(now), frozenUntil: iso(addMs(now, FREEZE_DURATION_MS)) })
      throw new AppError(516)
    }
    await save({ count, windowStart: windowOpen ? f.windowStart : iso(now), frozenUntil: null })
    throw new AppError(401)
  }

  /**
   * Set by the composition root: a sign-in cancels the person's pending account deletion (privacy
   * module), and the user info after it says so once.
   */
  signedIn: ((userId: number) => Promise<void>) | null = null
  deletionCancelled: ((userId: number) => Promise<boolean>) | null = null

  async issue(userId: number, client: TokenClient = 'consumer'): Promise<LoginResult> {
    const user = await this.repo.findUserById(userId)
    if (!user) throw new AppError(402, { httpStatus: 401 })
    if (this.signedIn) await this.signedIn(user.id)
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
      consentRequired: await this.consent.required(user.id),
      ...(this.deletionCancelled && (await this.deletionCancelled(user.id)) ? { deletionCancelled: true } : {}),
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

  /** an unknown e-mail answers like a wrong code (410), within the lookup budget */
  async resetPassword(body: ResetPasswordBody, ip: string) {
    const email = checkEmail(body.email)
    if (!String(body.code ?? '').trim()) throw new AppError(409, { field: 'code' })
    const password = checkPasswords(body.password, body.confirmPassword)
    await this.spendLookup(email, ip)
    const user = await this.repo.findUserByEmail(email)
    await this.consumeCode(email, 'recovery', body.code)
    if (!user) throw new AppError(410)
    await this.repo.resetPassword(user.id, await hashPassword(password), iso(this.now()))
    return null
  }

  async judgeEmailAccount(rawEmail: unknown, ip: string): Promise<EmailAccountResult> {
    const email = checkEmail(rawEmail)
    await this.spendLookup(email, ip)
    const user = await this.repo.findUserByEmail(email)
    if (!user) return { exists: false, personal: false, organizer: false }
    const accounts = await this.repo.listAccounts(user.id)
    return {
      exists: true,
      personal: accounts.some((a) => a.kind === 'cuser'),
      organizer: accounts.some((a) => a.kind === 'ouser'),
    }
  }

  async emailStatus(rawEmail: unknown, ip: string): Promise<EmailStatusResult> {
    const email = checkEmail(rawEmail)
    await this.spendLookup(email, ip)
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
