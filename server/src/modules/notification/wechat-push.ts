/**
 * WeChat subscribe messages (`subscribeMessage.send`) with the access token every instance shares.
 * - The token is kept in the database (wechat_access_tokens) and used until 5 minutes before it expires;
 *   one refresh at a time across instances (a lease row), and within this instance concurrent callers
 *   share one refresh. A caller that finds another instance refreshing waits for its token.
 * - A token WeChat calls invalid or expired (40001, 42001) is dropped and the send is tried once more
 *   with a fresh one; 43101 (the person refused or has no accept left) and 40003 (unknown openid) are
 *   final: the delivery is failed with that reason and never retried; anything else is retried later.
 */
import crypto from 'node:crypto'
import type { Clock } from '../../lib/clock'
import type { WeChatConfig } from '../../config'
import { WECHAT_SEND_ERRORS } from '@contracts/notification'
import { FinalDeliveryError } from '../../jobs/deliveries'
import { WeChatApiError, WeChatClient, WX_ERR } from '../../lib/wechat-client'
import { WechatPushRepository } from './wechat-push.repository'

/** a token is replaced this long before WeChat's expiry */
const EARLY_REFRESH_MS = 5 * 60_000
const REFRESH_LEASE_MS = 15_000

export interface SubscribeMessage {
  openid: string
  templateId: string
  /** the mini-program page the message opens, e.g. pages/activity-detail/index?id=3 */
  page: string
  data: Record<string, { value: string }>
  lang: 'zh_CN' | 'en_US'
}

export class WechatPush {
  readonly repo: WechatPushRepository
  private readonly client: WeChatClient
  private refreshing: Promise<string> | null = null
  /** the shared token as this instance last read it: a fan-out's sends do not each read the row */
  private known: { token: string; usableUntil: number } | null = null
  private readonly owner = `${process.pid}:${crypto.randomBytes(4).toString('hex')}`

  constructor(
    private readonly config: WeChatConfig,
    db: ConstructorParameters<typeof WechatPushRepository>[0],
    private readonly clock: Clock,
  ) {
    this.repo = new WechatPushRepository(db)
    this.client = new WeChatClient(config)
  }

  /** the mini-program app, when its id and secret are configured */
  get app() {
    return this.config.mini
  }

  /** a valid access token: the shared one, or a fresh one fetched by exactly one caller */
  async accessToken(): Promise<string> {
    const app = this.app
    if (!app) throw new FinalDeliveryError('WeChat mini-program app id/secret not configured')
    const now = this.clock.now().getTime()
    if (this.known && this.known.usableUntil > now) return this.known.token
    const row = await this.repo.token(app.appId)
    if (row?.token && row.expires_at && Date.parse(row.expires_at) - EARLY_REFRESH_MS > now) return this.remember(row.token, row.expires_at)
    if (!this.refreshing) {
      this.refreshing = this.refresh(app).finally(() => {
        this.refreshing = null
      })
    }
    return this.refreshing
  }

  private async refresh(app: { appId: string; appSecret: string }): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const nowMs = this.clock.now().getTime()
      const row = await this.repo.token(app.appId)
      if (row?.token && row.expires_at && Date.parse(row.expires_at) - EARLY_REFRESH_MS > nowMs) return this.remember(row.token, row.expires_at)
      const nowIso = new Date(nowMs).toISOString()
      if (await this.repo.claimRefresh(app.appId, this.owner, nowIso, new Date(nowMs + REFRESH_LEASE_MS).toISOString(), new Date(nowMs + EARLY_REFRESH_MS).toISOString())) {
        try {
          const b = await this.client.call('/cgi-bin/token', { grant_type: 'client_credential', appid: app.appId, secret: app.appSecret })
          const token = String(b.access_token ?? '')
          if (!token) throw new WeChatApiError(WX_ERR.unreachable, 'no access_token in answer', '/cgi-bin/token')
          const expiresAt = new Date(this.clock.now().getTime() + Number(b.expires_in ?? 7200) * 1000).toISOString()
          await this.repo.storeToken(app.appId, this.owner, token, expiresAt)
          return this.remember(token, expiresAt)
        } catch (err) {
          await this.repo.releaseRefresh(app.appId, this.owner)
          throw err
        }
      }
      // another instance is refreshing (its token appears in the shared row shortly) or has just stored one
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new WeChatApiError(WX_ERR.systemBusy, 'access token refresh by another instance did not finish', '/cgi-bin/token')
  }

  /**
   * Keeps a token this instance read or fetched, for at most a minute and never past its early-refresh
   * time: another instance's refresh reaches this one within the minute, and a token WeChat calls stale
   * before then is dropped at once (see send).
   */
  private remember(token: string, expiresAt: string): string {
    const now = this.clock.now().getTime()
    this.known = { token, usableUntil: Math.min(Date.parse(expiresAt) - EARLY_REFRESH_MS, now + 60_000) }
    return token
  }

  /** Sends one message; FinalDeliveryError = never retry (refused, unknown openid), other errors = retry later. */
  async send(msg: SubscribeMessage): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken()
      try {
        await this.client.call('/cgi-bin/message/subscribe/send', { access_token: token }, {
          touser: msg.openid,
          template_id: msg.templateId,
          page: msg.page,
          data: msg.data,
          lang: msg.lang,
          miniprogram_state: 'formal',
        })
        return
      } catch (err) {
        if (!(err instanceof WeChatApiError)) throw err
        const stale = err.errcode === WECHAT_SEND_ERRORS.invalidToken || err.errcode === WECHAT_SEND_ERRORS.tokenExpired
        if (stale && attempt === 0) {
          this.known = null
          await this.repo.dropToken(this.app!.appId, token)
          continue
        }
        if (err.errcode === WECHAT_SEND_ERRORS.refused) throw new FinalDeliveryError(`43101 refused by the person (no accepted subscription left): ${err.errmsg}`)
        if (err.errcode === WECHAT_SEND_ERRORS.invalidOpenId) throw new FinalDeliveryError(`40003 invalid openid: ${err.errmsg}`)
        throw err
      }
    }
  }
}
