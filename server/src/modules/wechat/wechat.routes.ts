import type { FastifyInstance } from 'fastify'
import { AppError } from '../../lib/app-error'
import { ok, langOf } from '../../lib/envelope'
import { clientFromBasic } from '../../plugins/auth'
import { WECHAT_API, type WechatLoginBody } from '@contracts/wechat'

const code = { type: 'string', minLength: 1, maxLength: 512 } as const
const codeObject = { type: 'object', required: ['code'], properties: { code } } as const

export default async function wechatRoutes(app: FastifyInstance) {
  const service = app.services.wechat
  const tags = ['wechat']
  // these calls reach WeChat (whose quota is per app) or mint tokens: the login budget per IP applies
  const limit = { rateLimit: { max: app.ctx.config.loginRateLimitPerMinute, timeWindow: '1 minute' } }

  app.get<{ Querystring: { code: string } }>(
    WECHAT_API.h5Login,
    {
      config: limit,
      schema: {
        tags,
        summary: 'H5 inside WeChat: exchange the OAuth code → { userInfo { headimgurl, nickname }, unionId, ticket }',
        querystring: codeObject,
      },
    },
    async (req) => ok(req, await service.h5Login(req.query.code)),
  )

  app.post<{ Body: { code: string } }>(
    WECHAT_API.miniLogin,
    {
      config: limit,
      schema: {
        tags,
        summary: 'Mini-program: exchange the Taro.login code (jscode2session) → { userInfo: null, unionId, ticket }',
        body: codeObject,
      },
    },
    async (req) => ok(req, await service.miniLogin(req.body.code)),
  )

  app.get<{ Querystring: { redirect?: string } }>(
    WECHAT_API.authorizeUrl,
    {
      schema: {
        tags,
        summary: "H5 inside WeChat: the URL of WeChat's consent page, returning to `redirect` with ?code=",
        querystring: { type: 'object', properties: { redirect: { type: 'string', maxLength: 1024 } } },
      },
    },
    async (req) => ok(req, service.authorizeUrl(req.query.redirect)),
  )

  app.post<{ Body: WechatLoginBody }>(
    WECHAT_API.login,
    {
      config: limit,
      schema: {
        tags,
        summary:
          'Log in with a WeChat identity (Authorization: Basic h5/weapp client). Needs the ticket from wx/login or wx/mini/login; a first sign-in creates the account and needs agree: true (else 670); result is the token',
        body: {
          type: 'object',
          required: ['unionId', 'ticket'],
          properties: {
            unionId: { type: 'string', minLength: 1, maxLength: 128 },
            ticket: { type: 'string', minLength: 1, maxLength: 4096 },
            avatarUrl: { type: 'string', maxLength: 1024 },
            nickName: { type: 'string', maxLength: 256 },
            agree: { type: 'boolean' },
          },
        },
      },
    },
    async (req) => {
      // consumer apps only: WeChat sign-in yields a personal account, never an admin session
      if (clientFromBasic(req.headers.authorization) === 'admin') throw new AppError(402)
      return ok(req, await service.login(req.body, langOf(req), req.ip))
    },
  )
}
