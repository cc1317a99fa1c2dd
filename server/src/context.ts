/** What every module receives: built once per app in buildApp. */
import type { Config } from './config'
import type { Database, DbKind } from './db/database'
import type { Clock } from './lib/clock'
import type { TokenService } from './lib/tokens'
import type { MailService } from './modules/mail/mail.service'
import type { RouteAccess, RouteAuth } from './plugins/auth'

export interface AppContext {
  config: Config
  db: Database
  dbKind: DbKind
  clock: Clock
  tokens: TokenService
  mail: MailService
}

/** Who is calling, filled by the auth preHandler. */
export interface AuthInfo {
  userId: number
  /** admin-side grants, loaded only for routes that need them */
  access?: AdminAccess
}

export interface AdminAccess {
  roleIds: number[]
  /** 'all' when any granted role has data scope all; 'org' limits to organizationIds */
  dataScope: 'all' | 'org'
  organizationIds: number[]
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
    authorize(auth: RouteAuth): (req: FastifyRequest) => Promise<void>
    /** routes with an authorize() declaration, filled as routes register */
    routeAccess: RouteAccess[]
  }
  interface FastifyRequest {
    auth: AuthInfo | null
  }
}
