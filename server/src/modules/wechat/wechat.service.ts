/**
 * WeChat sign-in (spec sections 4 and 7).
 *
 * Step 1 proves an identity with WeChat (H5: official-account OAuth code; mini-program: wx.login code →
 * jscode2session) and answers the id plus a 5-minute signed ticket. Step 2 (cuser/wechat/login) needs
 * that ticket: the unionId in the body must be the one the ticket was issued for, so a bare unionId
 * from a client logs nobody in. The person is found by unionid when WeChat gives one (same person across
 * the mini-program and the official account), otherwise by (app, openid); a first visit creates a user
 * with a consumer account, a placeholder e-mail and no usable password.
 *
 * WeChat errors → catalogue: 40029 invalid code and 40163 code already used → 301 (field `code`);
 * 45011 rate limit, -1 busy, bad app credentials, network failure/timeout, unconfigured app → 500.
 * `result.wechatErrcode` carries WeChat's number for support. No user is created on any error.
 */
import crypto from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { iso } from '../../lib/clock'
import {
  WECHAT_OAUTH_STATE,
  WECHAT_PLACEHOLDER_EMAIL_DOMAIN,
  type WechatLoginBody,
  type WxAuthorizeUrlResult,
  type WxLoginResult,
} from '@contracts/wechat'
import type { Lang } from '@contracts/error-codes'
import { WeChatApiError, WeChatClient, WX_ERR } from '../../lib/wechat-client'
import { isUniqueViolation, WechatRepository } from './wechat.repository'
import { WechatTicketService, type TicketClaims } from './wechat.ticket'
import type { ConsentService } from '../consent/consent.service'
import type { ConsentChannel, PolicyVersions } from '@contracts/consent'

/** Not an argon2 hash, so verifyPassword is always false: WeChat-created users cannot log in by password. */
export const NO_PASSWORD_HASH = '!wechat-sign-in-no-password'
const NICKNAME_MAX = 50

function safeAvatar(raw: unknown): string | null {
  const v = String(raw ?? '').trim()
  if (!v || v.length > 512) return null
  if (/^https?:\/\/[^\s]+$/i.test(v)) return v
  if (v.startsWith('/') && !v.startsWith('//') && !/\s/.test(v)) return v
  return null
}

export class WechatService {
  private readonly repo: WechatRepository
  private readonly tickets: WechatTicketService
  /** set by the composition root: a sign-in cancels the person's pending account deletion (privacy module) */
  signedIn: ((userId: number) => Promise<void>) | null = null

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly consent: ConsentService,
    private readonly client: WeChatClient = new WeChatClient(ctx.config.wechat),
  ) {
    this.repo = new WechatRepository(ctx.db)
    this.tickets = new WechatTicketService(ctx.config.jwtSecret)
  }

  private fail(err: unknown): never {
    if (err instanceof WeChatApiError) {
      const wechat = { wechatErrcode: err.errcode }
      if (err.errcode === WX_ERR.invalidCode || err.errcode === WX_ERR.codeUsed) {
        throw new AppError(301, { field: 'code', result: { field: 'code', ...wechat } })
      }
      this.log.warn({ errcode: err.errcode, errmsg: err.errmsg, api: err.api }, 'WeChat API call failed')
      throw new AppError(500, { result: wechat })
    }
    throw err
  }

  private async issueTicket(c: TicketClaims, userInfo: WxLoginResult['userInfo']): Promise<WxLoginResult> {
    return { userInfo, unionId: c.id, ticket: await this.tickets.sign(c, this.ctx.clock.now()) }
  }

  /** GET wx/login?code= — H5 inside WeChat, official-account OAuth (scope snsapi_userinfo). */
  async h5Login(code: string): Promise<WxLoginResult> {
    try {
      const token = await this.client.oauthAccessToken(code)
      const info = await this.client.userInfo(token.accessToken, token.openid)
      const unionid = info.unionid || token.unionid
      const claims: TicketClaims = {
        id: unionid || token.openid,
        app: 'mp',
        openid: token.openid,
        unionid,
        nickname: info.nickname,
        headimgurl: info.headimgurl,
      }
      return await this.issueTicket(claims, { headimgurl: info.headimgurl, nickname: info.nickname })
    } catch (err) {
      this.fail(err)
    }
  }

  /** POST wx/mini/login { code } — the mini-program's Taro.login code through jscode2session. */
  async miniLogin(code: string): Promise<WxLoginResult> {
    try {
      const s = await this.client.code2Session(code)
      const claims: TicketClaims = {
        id: s.unionid || s.openid,
        app: 'mini',
        openid: s.openid,
        unionid: s.unionid,
        nickname: '',
        headimgurl: '',
      }
      return await this.issueTicket(claims, null)
    } catch (err) {
      this.fail(err)
    }
  }

  /**
   * The user a step-1 ticket's WeChat identity belongs to (the one cuser/wechat/login would sign in), or
   * null when the ticket is forged or expired or the identity is linked to nobody: the account-deletion
   * proof of an account made by WeChat sign-in (privacy module).
   */
  async userOfTicket(ticket: string): Promise<number | null> {
    const claims = await this.tickets.verify(ticket, this.ctx.clock.now())
    if (!claims) return null
    const own = await this.repo.findByOpenId(claims.app, claims.openid)
    if (own) return own.user_id
    const sibling = claims.unionid ? await this.repo.findByUnionId(claims.unionid) : undefined
    return sibling?.user_id ?? null
  }

  /** GET wx/authorize/url?redirect= — WeChat's consent page, coming back to this site's `redirect`. */
  authorizeUrl(rawRedirect: string | undefined): WxAuthorizeUrlResult {
    const redirect = String(rawRedirect ?? '').trim() || '/'
    if (!redirect.startsWith('/') || redirect.startsWith('//') || /[\s\\]/.test(redirect)) throw paramError('redirect')
    const url = this.client.authorizeUrl(`${this.ctx.config.publicUrl}${redirect}`, WECHAT_OAUTH_STATE)
    if (!url) {
      this.log.warn('WeChat H5 sign-in asked for but WECHAT_MP_APP_ID/WECHAT_MP_APP_SECRET are not set')
      throw new AppError(500)
    }
    return { url }
  }

  /**
   * POST cuser/wechat/login → the login token (result is the token string, spec section 7). A first
   * sign-in creates the account, which needs `agree: true` (670 otherwise, nothing created); the agreement
   * is stored with the account. A known person who ticks the box and owes an agreement has it renewed.
   */
  async login(body: WechatLoginBody, lang: Lang, ip: string | null = null): Promise<string> {
    const now = this.ctx.clock.now()
    const claims = await this.tickets.verify(String(body.ticket ?? ''), now)
    if (!claims) throw new AppError(402, { field: 'ticket' })
    if (String(body.unionId ?? '') !== claims.id) throw paramError('unionId')

    const versions = await this.consent.versions()
    const channel: ConsentChannel = claims.app === 'mini' ? 'weapp' : 'wechat_h5'
    const agreement = body.agree === true ? { versions, channel, ip } : null
    const { userId, created } = await this.findOrCreateUser(claims, body, lang, iso(now), agreement)
    if (!created && agreement && (await this.consent.required(userId))) {
      await this.repo.insertConsent({ userId, versions, channel, kind: 'renew', ip, now: iso(now) })
    }
    const user = await this.repo.findUser(userId)
    if (!user) throw new AppError(206)

    const accounts = await this.repo.listAccounts(userId)
    const consumer = accounts.find((a) => a.kind === 'cuser')
    if (consumer?.forbidden) throw new AppError(202)
    if (consumer?.locked) throw new AppError(203)
    if (consumer?.expires_at && consumer.expires_at <= iso(now)) throw new AppError(204)

    // a sign-in within the cooling-off period cancels a pending account deletion (the next user info says so)
    if (this.signedIn) await this.signedIn(user.id)
    return this.ctx.tokens.sign({ userId: user.id, tv: user.token_version, client: 'consumer' }, now)
  }

  private async findOrCreateUser(
    claims: TicketClaims,
    body: WechatLoginBody,
    lang: Lang,
    now: string,
    agreement: { versions: PolicyVersions; channel: ConsentChannel; ip: string | null } | null,
  ): Promise<{ userId: number; created: boolean }> {
    const avatar = safeAvatar(body.avatarUrl) ?? safeAvatar(claims.headimgurl)

    const own = await this.repo.findByOpenId(claims.app, claims.openid)
    if (own) {
      if (claims.unionid && !own.union_id) await this.repo.setUnionId(own.id, claims.unionid, now)
      if (avatar) await this.repo.fillMissingAvatar(own.user_id, avatar, now)
      return { userId: own.user_id, created: false }
    }
    const sibling = claims.unionid ? await this.repo.findByUnionId(claims.unionid) : undefined
    if (sibling) {
      // same person, first time through this app (e.g. mini-program after the official account)
      try {
        await this.repo.insertIdentity({ userId: sibling.user_id, app: claims.app, openId: claims.openid, unionId: claims.unionid, now })
      } catch (err) {
        if (!isUniqueViolation(err)) throw err
      }
      if (avatar) await this.repo.fillMissingAvatar(sibling.user_id, avatar, now)
      return { userId: sibling.user_id, created: false }
    }

    // a new account: only with the agreement to the User Agreement and Privacy Policy
    if (!agreement) throw new AppError(670, { field: 'agree' })

    const fallbackName = `${lang === 'en' ? 'WeChat user' : '微信用户'} ${claims.openid.slice(-4)}`
    const nickName = (String(body.nickName ?? '').trim() || claims.nickname.trim() || fallbackName).slice(0, NICKNAME_MAX)
    try {
      const userId = await this.repo.createWechatUser({
        email: `wx-${crypto.randomBytes(12).toString('hex')}@${WECHAT_PLACEHOLDER_EMAIL_DOMAIN}`,
        passwordHash: NO_PASSWORD_HASH,
        nickName,
        avatarUrl: avatar,
        app: claims.app,
        openId: claims.openid,
        unionId: claims.unionid,
        consent: { versions: agreement.versions, channel: agreement.channel, ip: agreement.ip },
        now,
      })
      return { userId, created: true }
    } catch (err) {
      // a concurrent first login of the same person won the race: use the user it created
      if (!isUniqueViolation(err)) throw err
      const winner = await this.repo.findByOpenId(claims.app, claims.openid)
      if (!winner) throw err
      return { userId: winner.user_id, created: true }
    }
  }
}
