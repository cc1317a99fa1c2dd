import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../lib/app-error'
import { ok, langOf } from '../../lib/envelope'
import { clientFromBasic } from '../../plugins/auth'
import type {
  LoginBody,
  LoginResult,
  OrganizerRegisterBody,
  RegisterBody,
  ResetPasswordBody,
} from '@contracts/api'

const str = { type: 'string', maxLength: 256 } as const
const emailQuery = {
  type: 'object',
  required: ['email'],
  properties: { email: str },
} as const
const registerProps = {
  email: str,
  code: str,
  nickName: str,
  password: str,
  confirmPassword: str,
} as const

export default async function accountRoutes(app: FastifyInstance) {
  const service = app.services.account
  const tags = ['account']
  const loginLimit = { rateLimit: { max: app.ctx.config.loginRateLimitPerMinute, timeWindow: '1 minute' } }

  app.get<{ Querystring: { email: string; type: 'register' | 'recovery' } }>(
    '/system/user/send/verify/code',
    {
      schema: {
        tags,
        summary: 'Send a 6-digit e-mail code (10 min) for registration or recovery (recovery: sent if the account exists; within the lookup budget)',
        querystring: {
          type: 'object',
          required: ['email', 'type'],
          properties: { email: str, type: { type: 'string', enum: ['register', 'recovery'] } },
        },
      },
    },
    async (req) => ok(req, await service.sendVerifyCode(req.query.email, req.query.type, req.ip, langOf(req))),
  )

  app.get<{ Querystring: { email: string } }>(
    '/system/user/send/modify/verify/code',
    {
      schema: { tags, summary: 'Send a code to a new address (e-mail change)', querystring: emailQuery },
      preHandler: app.authorize('user'),
    },
    async (req) => ok(req, await service.sendVerifyCode(req.query.email, 'modify', req.ip, langOf(req))),
  )

  app.post<{ Body: RegisterBody }>(
    '/system/user/register',
    {
      schema: {
        tags,
        summary: 'Register a personal (consumer) account; agree: true (the User Agreement and Privacy Policy) is required, else 670',
        body: { type: 'object', required: ['email', 'password'], properties: { ...registerProps, agree: { type: 'boolean' } } },
      },
    },
    async (req) => ok(req, await service.register(req.body, langOf(req), req.ip)),
  )

  app.post<{ Body: OrganizerRegisterBody }>(
    '/system/user/ouser/register',
    {
      schema: {
        tags,
        summary: 'Register an organizer (new person with code, or existing personal account with password); agree: true (the User Agreement and Privacy Policy) is required, else 670',
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { ...registerProps, organizationName: str, invite: { type: 'string', maxLength: 200 }, agree: { type: 'boolean' } },
        },
      },
    },
    async (req) => ok(req, await service.registerOrganizer(req.body, langOf(req), req.ip)),
  )

  const loginBody = {
    type: 'object',
    required: ['email', 'password'],
    properties: { email: str, password: str, code: str, codeKey: str },
  } as const

  /**
   * An admin sign-in and a failed one each leave an audit row, written before the answer:
   * a sign-in whose row cannot be written is refused.
   */
  const auditedAdminLogin = async (req: FastifyRequest<{ Body: LoginBody }>) => {
    const route = `POST ${req.routeOptions.url}`
    const ua = req.headers['user-agent']
    let result: LoginResult
    try {
      result = await service.login(req.body, 'admin', req.ip)
    } catch (err) {
      if (app.services.audit.enabled) {
        const code = err instanceof AppError ? err.code : 500
        const userId = await app.services.audit.accountIdOf(String(req.body.email ?? ''))
        await app.services.audit.signIn(String(req.body.email ?? ''), userId, code, req.ip, ua, route)
      }
      throw err
    }
    if (app.services.audit.enabled) {
      const access = (await app.services.permission.adminAccess(result.userInfo.id)) ?? undefined
      await app.services.audit.signIn(req.body.email, result.userInfo.id, 200, req.ip, ua, route, access)
    }
    return result
  }

  app.post<{ Body: LoginBody }>(
    '/system/user/login',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Log in (Authorization: Basic client credential); the admin client also needs the captcha',
        body: loginBody,
      },
    },
    async (req) => {
      const client = clientFromBasic(req.headers.authorization)
      if (client !== 'admin') return ok(req, await service.login(req.body, 'consumer', req.ip))
      return ok(req, await auditedAdminLogin(req))
    },
  )

  app.post<{ Body: LoginBody }>(
    '/system/user/ouser/login',
    {
      config: loginLimit,
      schema: { tags, summary: 'Admin-side login with captcha (ouser, auser, kefu)', body: loginBody },
    },
    async (req) => {
      clientFromBasic(req.headers.authorization)
      return ok(req, await auditedAdminLogin(req))
    },
  )

  app.get(
    '/system/user/code/verification',
    { schema: { tags, summary: '4-digit captcha (5 min, one use) as an SVG data URL' } },
    async (req) => ok(req, await service.createCaptcha()),
  )

  app.get(
    '/system/user/current/user',
    { schema: { tags, summary: 'The logged-in user' }, preHandler: app.authorize('user', { consentExempt: true }) },
    async (req) => ok(req, await service.currentUser(req.auth!.userId)),
  )

  app.get(
    '/system/user/refresh/token',
    { schema: { tags, summary: 'A new 24 h token' }, preHandler: app.authorize('user', { consentExempt: true }) },
    async (req) => ok(req, await service.refreshToken(req.auth!.userId, req.auth!.client)),
  )

  app.post(
    '/system/user/logout',
    { schema: { tags, summary: 'Log out: revokes every token issued so far' }, preHandler: app.authorize('user', { consentExempt: true }) },
    async (req) => ok(req, await service.logout(req.auth!.userId)),
  )

  app.post<{ Body: ResetPasswordBody }>(
    '/system/user/reset/password',
    {
      schema: {
        tags,
        summary: 'Reset the password with a recovery code (an unknown e-mail answers like a wrong code, 410)',
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: str, code: str, password: str, confirmPassword: str },
        },
      },
    },
    async (req) => ok(req, await service.resetPassword(req.body, req.ip)),
  )

  app.get<{ Querystring: { email: string } }>(
    '/system/user/judge/email/account',
    { schema: { tags, summary: 'Which kinds of account an e-mail holds (within the lookup budget)', querystring: emailQuery } },
    async (req) => ok(req, await service.judgeEmailAccount(req.query.email, req.ip)),
  )

  app.get<{ Querystring: { email: string } }>(
    '/system/user/email/status',
    { schema: { tags, summary: 'Whether an e-mail is registered and usable (within the lookup budget)', querystring: emailQuery } },
    async (req) => ok(req, await service.emailStatus(req.query.email, req.ip)),
  )

  app.get(
    '/system/user/list/visual/ouser',
    { schema: { tags, summary: 'Public list of organizers (for display)' } },
    async (req) => ok(req, await service.visualOrganizers()),
  )
}
