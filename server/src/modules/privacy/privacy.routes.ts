/**
 * Deleting one's account and downloading one's data (contracts/privacy.ts); every route is the signed-in
 * person's own.
 */
import type { FastifyInstance } from 'fastify'
import { langOf, ok } from '../../lib/envelope'
import { objectSchema, text } from '../../lib/route-schemas'
import { PRIVACY_API, type DeletionRequestBody } from '@contracts/privacy'

export default async function privacyRoutes(app: FastifyInstance) {
  const service = app.services.privacy
  const tags = ['privacy']
  // a person who owes the agreement to new policy versions can still delete their account or take their data
  const user = app.authorize('user', { consentExempt: true })

  app.get(
    PRIVACY_API.deletionStatus,
    { schema: { tags, summary: 'Whether the account’s deletion is pending, when it will be erased, and which proofs the account can give' }, preHandler: user },
    async (req) => ok(req, await service.status(req.auth!.userId)),
  )
  app.post(
    PRIVACY_API.deletionSendCode,
    { schema: { tags, summary: 'Send a 6-digit code (10 minutes) to the account’s e-mail, to confirm its deletion (672 when pending)' }, preHandler: user },
    async (req) => ok(req, await service.sendCode(req.auth!.userId, req.ip, langOf(req))),
  )
  app.post<{ Body: DeletionRequestBody }>(
    PRIVACY_API.deletionRequest,
    {
      preHandler: user,
      schema: {
        tags,
        summary:
          'Ask for the account’s deletion with the password, the e-mail code or a fresh WeChat ticket of a linked WeChat identity: signs the person out, erased after the cooling-off period (401 wrong password, 410 wrong code or ticket, 672 already pending)',
        body: objectSchema({ password: text(200), code: text(20), wechatTicket: text(4096) }, []),
      },
    },
    async (req) => ok(req, await service.request(req.auth!.userId, req.body ?? {})),
  )
  app.delete(
    PRIVACY_API.deletionCancel,
    { schema: { tags, summary: 'Cancel the pending deletion (673 when none is pending)' }, preHandler: user },
    async (req) => ok(req, await service.cancel(req.auth!.userId)),
  )

  app.get(
    PRIVACY_API.exportList,
    { schema: { tags, summary: 'The person’s data downloads of the last 30 days, newest first' }, preHandler: user },
    async (req) => ok(req, await service.exports(req.auth!.userId)),
  )
  app.post(
    PRIVACY_API.exportRequest,
    { schema: { tags, summary: 'Ask for a copy of one’s data (a zip, announced by inbox and e-mail when ready; one a day, 674)' }, preHandler: user },
    async (req) => ok(req, await service.requestExport(req.auth!.userId)),
  )
  app.get<{ Params: { id: number } }>(
    PRIVACY_API.exportDownload,
    {
      preHandler: user,
      schema: { tags, summary: 'The zip, for its owner while it is kept (675 when not ready, expired or not theirs)', params: objectSchema({ id: { type: 'integer', minimum: 1 } }, ['id']) },
    },
    async (req, reply) => {
      const file = await service.download(req.auth!.userId, req.params.id)
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('content-length', String(file.size))
        .header('cache-control', 'no-store')
      return reply.send(file.body)
    },
  )
}
