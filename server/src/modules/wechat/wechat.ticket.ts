/**
 * The proof that binds step 1 (WeChat vouched for an identity) to step 2 (cuser/wechat/login): an HS256
 * JWT signed with the server secret, valid 5 minutes. Its issuer/audience differ from login tokens, so a
 * ticket is never accepted as a login token (TokenService wants issuer `haijiao`) nor a token as a ticket.
 */
import { SignJWT, jwtVerify } from 'jose'
import { WECHAT_TICKET_TTL_SECONDS } from '@contracts/wechat'

const ISSUER = 'haijiao-wechat'
const AUDIENCE = 'cuser-wechat-login'

export type WechatAppKind = 'mini' | 'mp'

export interface TicketClaims {
  /** the id the client sends as unionId: unionid, or openid without one */
  id: string
  app: WechatAppKind
  openid: string
  unionid: string | null
  /** profile WeChat gave (H5 flow) — the default for a new user when the client sends none */
  nickname: string
  headimgurl: string
}

export class WechatTicketService {
  private readonly key: Uint8Array
  constructor(secret: string) {
    this.key = new TextEncoder().encode(`wechat-ticket:${secret}`)
  }

  sign(c: TicketClaims, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000)
    return new SignJWT({ app: c.app, oid: c.openid, uid: c.unionid, nn: c.nickname, av: c.headimgurl })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(c.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + WECHAT_TICKET_TTL_SECONDS)
      .sign(this.key)
  }

  /** null when missing, malformed, forged or expired (`now` from the app clock, so tests can age it) */
  async verify(ticket: string, now: Date): Promise<TicketClaims | null> {
    try {
      const { payload } = await jwtVerify(ticket, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
      })
      const app = payload.app
      const openid = payload.oid
      if ((app !== 'mini' && app !== 'mp') || typeof openid !== 'string' || !openid || typeof payload.sub !== 'string') {
        return null
      }
      return {
        id: payload.sub,
        app,
        openid,
        unionid: typeof payload.uid === 'string' && payload.uid ? payload.uid : null,
        nickname: typeof payload.nn === 'string' ? payload.nn : '',
        headimgurl: typeof payload.av === 'string' ? payload.av : '',
      }
    } catch {
      return null
    }
  }
}
