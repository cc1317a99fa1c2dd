/** HS256 JWTs (jose). `tv` is the user's token version: logout/reset bump it to revoke older tokens. */
import { SignJWT, jwtVerify } from 'jose'

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60

/**
 * The login a token came from. Only `admin` (the admin client's login, captcha passed) opens admin
 * APIs: an admin-side account that logs in through a consumer app gets a consumer token.
 */
export type TokenClient = 'admin' | 'consumer'

export interface TokenClaims {
  userId: number
  tv: number
  client: TokenClient
}

export class TokenService {
  private readonly key: Uint8Array
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret)
  }

  async sign(claims: TokenClaims, now: Date = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000)
    return new SignJWT({ tv: claims.tv, cl: claims.client })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer('haijiao')
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
      .sign(this.key)
  }

  /** null when the token is malformed, forged or expired */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: 'haijiao' })
      const userId = Number(payload.sub)
      const tv = Number(payload.tv)
      if (!Number.isInteger(userId) || !Number.isInteger(tv)) return null
      // tokens from before the claim existed count as consumer tokens
      return { userId, tv, client: payload.cl === 'admin' ? 'admin' : 'consumer' }
    } catch {
      return null
    }
  }
}
