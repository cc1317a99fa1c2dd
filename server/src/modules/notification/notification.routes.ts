import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import { NOTIFICATION_ADMIN_API, NOTIFICATION_API, type NotificationSettings } from '@contracts/notification'

/** operations see the channels and the failed sends beside the group notices (the same menu and button) */
const NOTICE_MENU = 'message/notice/list'

export default async function notificationRoutes(app: FastifyInstance) {
  const inbox = app.services.inbox
  const notifications = app.services.notification
  const tags = ['notification']
  const user = app.authorize('user')

  app.get<{ Querystring: PageQuery }>(
    NOTIFICATION_API.list,
    { schema: { tags, summary: 'My inbox, newest first, with the unread count', querystring: { type: 'object', properties: pageQuerySchema } }, preHandler: user },
    async (req) => ok(req, await inbox.list(req.auth!.userId, req.query)),
  )
  app.get(NOTIFICATION_API.unread, { schema: { tags, summary: 'How many of my notifications are unread' }, preHandler: user }, async (req) => ok(req, await inbox.unread(req.auth!.userId)))
  app.post<{ Body: { ids?: number[]; all?: boolean } }>(
    NOTIFICATION_API.read,
    {
      schema: {
        tags,
        summary: 'Mark some ({ ids }, at most 200) or all ({ all: true }) of my notifications read; answers the unread left',
        body: { type: 'object', properties: { ids: { type: 'array', maxItems: 200, items: { type: 'integer' } }, all: { type: 'boolean' } } },
      },
      preHandler: user,
    },
    async (req) => ok(req, await inbox.read(req.auth!.userId, req.body ?? {})),
  )
  app.get(NOTIFICATION_API.settings, { schema: { tags, summary: 'My notification channels' }, preHandler: user }, async (req) => ok(req, await inbox.settings(req.auth!.userId)))
  app.post<{ Body: Partial<NotificationSettings> }>(
    NOTIFICATION_API.saveSettings,
    {
      schema: {
        tags,
        summary: 'Change my notification channels (e-mail reminders, e-mail notices, WeChat) and the zone my times are shown in',
        body: { type: 'object', properties: { emailReminders: {}, emailNotices: {}, wechat: {}, timeZone: {} } },
      },
      preHandler: user,
    },
    async (req) => ok(req, await inbox.saveSettings(req.auth!.userId, req.body ?? {})),
  )
  app.get(NOTIFICATION_API.wechatTemplates, { schema: { tags, summary: 'Template ids the mini-program asks to subscribe at enrolment (empty: channel off)' } }, async (req) => ok(req, inbox.wechatTemplates()))
  app.post<{ Body: { results?: Record<string, string> } }>(
    NOTIFICATION_API.wechatSubscribe,
    {
      schema: { tags, summary: "Record the templates the person accepted in wx.requestSubscribeMessage (one accept allows one message)", body: { type: 'object', properties: { results: { type: 'object', maxProperties: 20 } } } },
      preHandler: user,
    },
    async (req) => ok(req, await inbox.wechatSubscribe(req.auth!.userId, req.body ?? {})),
  )
  // the link in reminder and notice mails, and the RFC 8058 one-click POST mail providers send
  const tokenQuery = { type: 'object', properties: { token: { type: 'string', maxLength: 80 } } } as const
  app.get<{ Querystring: { token: string } }>('/notification/unsubscribe', { schema: { tags, summary: 'Stop reminder or notice e-mails (signed link)', querystring: tokenQuery } }, async (req) =>
    ok(req, await inbox.unsubscribe(req.query.token)),
  )
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body))
    scope.post<{ Querystring: { token: string } }>('/notification/unsubscribe', { schema: { tags, summary: 'RFC 8058 one-click unsubscribe', querystring: tokenQuery } }, async (req) =>
      ok(req, await inbox.unsubscribe(req.query.token)),
    )
  })

  // ---- operations
  app.get(NOTIFICATION_ADMIN_API.channels, { schema: { tags, summary: 'Notification channels: on or off, and why' }, preHandler: app.authorize({ menu: NOTICE_MENU }) }, async (req) =>
    ok(req, notifications.channels()),
  )
  app.get<{ Querystring: PageQuery & { channel?: 'email' | 'wechat' | '' } }>(
    NOTIFICATION_ADMIN_API.failed,
    {
      schema: { tags, summary: 'Failed notification sends with their reason', querystring: { type: 'object', properties: { ...pageQuerySchema, channel: { type: 'string', enum: ['', 'email', 'wechat'] } } } },
      preHandler: app.authorize({ menu: NOTICE_MENU }),
    },
    async (req) => ok(req, await notifications.failed(req.query)),
  )
  app.post<{ Body: { ids: number[] } }>(
    NOTIFICATION_ADMIN_API.resend,
    {
      schema: { tags, summary: 'Send failed notifications again', body: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 1 } } } } },
      preHandler: app.authorize({ menu: NOTICE_MENU, button: 'send' }),
    },
    async (req) => ok(req, await notifications.resend(req.body.ids)),
  )
}
