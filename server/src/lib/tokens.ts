/** HS256 JWTs (jose). `tv` is the user's token version: logout/reset bump it to revoke older tokens. */
import { SignJWT, jwtVerify } from 'jose'

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60

export interface TokenClaims {
  userId: number
  tv: number
}

export class TokenService {
  private readonly key: Uint8Array
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret)
  }

  async sign(claims: TokenClaims, now: Date = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000)
    return new SignJWT({ tv: claims.tv })
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
      return { userId, tv }
    } catch {
      return null
    }
  }
}
