/**
 * The infrastructure every service receives (configuration, database, clock, tokens, mail, job queue,
 * upload storage), built once per app by the composition root (app.ts), and who is calling (AuthInfo).
 * It names only the pieces below it, never a module: the services' own type (`Services`, `app.services`)
 * lives with the code that builds them (services.ts), so a module importing the context does not
 * import every other module with it.
 */
import type { Config } from './config'
import type { Database, DbKind } from './db/database'
import type { Clock } from './lib/clock'
import type { MailService } from './lib/mail'
import type { TokenClient, TokenService } from './lib/tokens'
import type { JobQueue } from './jobs/job-queue'
import type { Storage } from './storage'

export interface AppContext {
  config: Config
  db: Database
  dbKind: DbKind
  clock: Clock
  tokens: TokenService
  mail: MailService
  /** scheduled work (notices, subscription digests), run by the job worker of server.ts */
  jobs: JobQueue
  /** where uploads live (storage/): local disk or an S3-compatible bucket */
  storage: Storage
}

/** Who is calling, filled by the auth preHandler. */
export interface AuthInfo {
  /** the login the token came from: admin APIs accept only `admin` (lib/tokens.ts) */
  client?: TokenClient
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
  }
  interface FastifyRequest {
    auth: AuthInfo | null
  }
}
