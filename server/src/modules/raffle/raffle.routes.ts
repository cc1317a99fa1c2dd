/** The raffle page, the draw and "my prizes". */
import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import { optionalUserId } from '../../plugins/auth'
import { idSchema, objectSchema } from '../../lib/route-schemas'
import { RAFFLE_API, RAFFLE_LIMITS, type RaffleDrawBody } from '@contracts/raffle'

export default async function raffleRoutes(app: FastifyInstance) {
  const service = app.services.raffle
  const tags = ['raffle']

  app.get<{ Querystring: { id: number } }>(
    RAFFLE_API.info,
    { schema: { tags, summary: "A raffle: window, gifts with what is left, and the caller's remaining draws (token optional)", querystring: objectSchema({ id: idSchema }, ['id']) } },
    async (req) => ok(req, await service.info(req.query.id, await optionalUserId(app, req))),
  )

  app.get<{ Querystring: { activityId: number } }>(
    RAFFLE_API.ofActivity,
    { schema: { tags, summary: "An activity's raffles (the entry on its detail page)", querystring: objectSchema({ activityId: idSchema }, ['activityId']) } },
    async (req) => ok(req, await service.ofActivity(req.query.activityId)),
  )

  app.post<{ Body: RaffleDrawBody }>(
    RAFFLE_API.draw,
    {
      schema: {
        tags,
        summary: 'Draw once: stored before answering; the same clientKey returns the same result. 640 not started, 641 ended, 642 closed, 643 not eligible, 644 no draws left',
        body: objectSchema({ raffleId: idSchema, clientKey: { type: 'string', pattern: RAFFLE_LIMITS.clientKeyPattern } }, ['raffleId', 'clientKey']),
      },
      preHandler: app.authorize('user'),
    },
    async (req) => ok(req, await service.draw(req.body.raffleId, req.body.clientKey, req.auth!.userId)),
  )

  app.get<{ Querystring: PageQuery }>(
    RAFFLE_API.myPrizes,
    { schema: { tags, summary: 'What the caller won, newest first', querystring: { type: 'object', properties: { ...pageQuerySchema } } }, preHandler: app.authorize('user') },
    async (req) => ok(req, await service.myPrizes(req.auth!.userId, req.query)),
  )
}
