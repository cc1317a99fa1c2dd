/**
 * The personal centre's account edits: nickname and avatar, e-mail change with a code sent to
 * the NEW address (the account module's codes, throttles and 404/406/410 rules), phone, and promoters:
 * becoming one (real name and e-mail required → a share code) and the talent list of the people who
 * enrolled through the promoter's link or code.
 */
import crypto from 'node:crypto'
import type { AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { parseJson } from '../../lib/json'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { checkEmail, isWellFormedEmail, normalizeEmail } from '../../lib/email'
import type { AccountService } from '../account/account.service'
import { ProfileRepository, isUniqueViolation } from './profile.repository'
import { UPLOAD_LIMITS, type CurrentUser } from '@contracts/api'
import type { EnrollAnswers, EnrollFormField, EnrollmentStatus } from '@contracts/enrollment'
import type {
  BecomePromoterBody,
  ChangeEmailBody,
  PromoterInfo,
  PromoterTalentItem,
  PromoterTalentPage,
  ProfileBody,
} from '@contracts/participation'

/** what POST /file/info/single/upload answers for images: /uploads/<yyyy-mm>/<32 hex>.<ext> */
const UPLOADED_IMAGE_RE = /^\/uploads\/(\d{4}-\d{2})\/([0-9a-f]{32}\.(?:png|jpg|gif|webp))$/
/** share codes avoid look-alike characters (0/O, 1/I/L) because people type them */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const PHONE_RE = /^\+?[0-9][0-9 -]{3,18}[0-9]$/

export function promoterCode(length = 8): string {
  const bytes = crypto.randomBytes(length)
  let out = ''
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[bytes[i] % CODE_ALPHABET.length]
  return out
}

export class ProfileService {
  private readonly repo: ProfileRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: AccountService,
  ) {
    this.repo = new ProfileRepository(ctx.db)
  }

  private now() {
    return this.ctx.clock.now().toISOString()
  }

  /** an avatar must be an image this server stored, within the avatar limit (400 KB) */
  private async checkAvatar(raw: unknown): Promise<string | null> {
    if (raw === null || raw === '') return null
    const m = UPLOADED_IMAGE_RE.exec(String(raw))
    if (!m) throw paramError('avatarUrl')
    const stored = await this.ctx.storage.head(`${m[1]}/${m[2]}`)
    if (!stored) throw paramError('avatarUrl')
    const size = stored.size
    if (size > UPLOAD_LIMITS.avatar) {
      throw new AppError(301, { field: 'avatarUrl', result: { field: 'avatarUrl', reason: 'tooLarge', maxBytes: UPLOAD_LIMITS.avatar } })
    }
    return String(raw)
  }

  async updateProfile(userId: number, body: ProfileBody): Promise<CurrentUser> {
    const patch: { nick_name?: string; avatar_url?: string | null } = {}
    if (body.nickName !== undefined) {
      const nickName = String(body.nickName ?? '').trim()
      if (!nickName) throw new AppError(411, { field: 'nickName' })
      if (nickName.length > 50) throw paramError('nickName')
      patch.nick_name = nickName
    }
    if (body.avatarUrl !== undefined) patch.avatar_url = await this.checkAvatar(body.avatarUrl)
    if (!Object.keys(patch).length) throw paramError('nickName')
    await this.repo.updateUser(userId, patch, this.now())
    return this.accounts.currentUser(userId)
  }

  /** 404/406 when the address is taken (also by the caller), 409/410 for the code, then the switch. */
  async changeEmail(userId: number, body: ChangeEmailBody): Promise<CurrentUser> {
    const email = checkEmail(body.email)
    const taken = await this.repo.findUserIdByEmail(email)
    if (taken) await this.accounts.refuseExisting(taken.id)
    await this.accounts.consumeCode(email, 'modify', body.code)
    try {
      await this.repo.updateUser(userId, { email }, this.now())
    } catch (err) {
      // someone registered the address between the check and the update
      if (isUniqueViolation(err)) throw new AppError(404)
      throw err
    }
    return this.accounts.currentUser(userId)
  }

  async changePhone(userId: number, raw: unknown): Promise<CurrentUser> {
    const phone = String(raw ?? '').trim()
    if (phone && (phone.length > 20 || !PHONE_RE.test(phone))) throw paramError('phone')
    await this.repo.updateUser(userId, { phone: phone || null }, this.now())
    return this.accounts.currentUser(userId)
  }

  // ---- promoters ---------------------------------------------------------------------------------

  async promoterInfo(userId: number): Promise<PromoterInfo> {
    const u = await this.repo.findUser(userId)
    if (!u) throw new AppError(402, { httpStatus: 401 })
    const isPromoter = !!u.is_promoter
    const counts = isPromoter ? await this.repo.talentCounts(userId) : { confirmed: 0, unconfirmed: 0 }
    return {
      isPromoter,
      realName: u.real_name,
      email: u.promoter_email ?? u.email,
      promoterCode: isPromoter ? u.promoter_code : null,
      talentCount: counts.confirmed,
      unconfirmedTalentCount: counts.unconfirmed,
    }
  }

  /** real name and e-mail are both required (301 names the missing one); a promoter keeps their code */
  async becomePromoter(userId: number, body: BecomePromoterBody): Promise<PromoterInfo> {
    const realName = String(body.realName ?? '').trim()
    if (!realName || realName.length > 50) throw paramError('realName')
    const email = normalizeEmail(body.email)
    if (!email || !isWellFormedEmail(email)) throw paramError('email')
    for (let attempt = 0; ; attempt++) {
      try {
        await this.repo.setPromoter(userId, { realName, email, code: promoterCode() }, this.now())
        break
      } catch (err) {
        // a code collision (31^8 codes): draw again
        if (!isUniqueViolation(err) || attempt >= 4) throw err
      }
    }
    return this.promoterInfo(userId)
  }

  /** only the caller's own attributions; a non-promoter is refused like any missing permission */
  async talentList(userId: number, q: PageQuery & { activityId?: number }): Promise<PromoterTalentPage> {
    const u = await this.repo.findUser(userId)
    if (!u?.is_promoter) throw new AppError(402, { httpStatus: 403 })
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.talentPage(userId, offset, pageSize, q.activityId || undefined)
    const list: PromoterTalentItem[] = rows.map((r) => {
      const form = parseJson<EnrollFormField[]>(r.enroll_form, [])
      return {
        enrollmentId: r.id,
        status: r.status as EnrollmentStatus,
        createdAt: r.created_at,
        person: {
          id: r.user_id,
          nickName: r.nick_name ?? null,
          avatarUrl: r.avatar_url ?? null,
          guestEmail: r.user_id ? null : r.guest_email,
          confirmed: r.user_id !== null || r.guest_account_id !== null,
        },
        activity: {
          id: r.activity_id,
          titleZh: r.title_zh,
          titleEn: r.title_en,
          startTime: r.start_time,
          endTime: r.end_time,
          timeZone: r.time_zone,
        },
        answers: parseJson<EnrollAnswers>(r.form_answers, {}),
        fields: (Array.isArray(form) ? form : []).map((f) => ({ key: f.key, labelZh: f.labelZh, labelEn: f.labelEn })),
      }
    })
    return toPage(list, total, page, pageSize)
  }
}
