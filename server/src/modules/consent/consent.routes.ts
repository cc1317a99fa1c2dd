import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { CONSENT_API, RENEW_CHANNELS, type ConsentAgreeBody } from '@contracts/consent'

const version = { type: 'integer', minimum: 1, maximum: 1_000_000 } as const

export default async function consentRoutes(app: FastifyInstance) {
  const service = app.services.consent
  const tags = ['consent']

  app.get(
    CONSENT_API.status,
    { schema: { tags, summary: 'The policy versions in force, the person’s newest agreement, and whether they must agree again' }, preHandler: app.authorize('user', { consentExempt: true }) },
    async (req) => ok(req, await service.status(req.auth!.userId)),
  )

  app.post<{ Body: ConsentAgreeBody }>(
    CONSENT_API.agree,
    {
      preHandler: app.authorize('user', { consentExempt: true }),
      schema: {
        tags,
        summary: 'Agree to the User Agreement and Privacy Policy versions shown (671 when they are no longer the ones in force)',
        body: {
          type: 'object',
          required: ['agreementVersion', 'privacyVersion'],
          properties: { agreementVersion: version, privacyVersion: version, channel: { type: 'string', enum: [...RENEW_CHANNELS] } },
        },
      },
    },
    async (req) => ok(req, await service.agree(req.auth!.userId, req.body, req.ip)),
  )

  app.post(
    CONSENT_API.refuse,
    { schema: { tags, summary: 'Refuse the new User Agreement / Privacy Policy: signs the person out (every token revoked)' }, preHandler: app.authorize('user', { consentExempt: true }) },
    async (req) => ok(req, await service.refuse(req.auth!.userId)),
  )
}
