import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { contentPageSchema } from '../../lib/route-schemas'
import { PARTICIPATION_API, type FollowBody } from '@contracts/participation'

const followProps = { organizationId: { type: 'integer' } } as const

export default async function followRoutes(app: FastifyInstance) {
  const service = app.services.follow
  const tags = ['follow']
  const user = app.authorize('user')

  app.post<{ Body: FollowBody }>(
    PARTICIPATION_API.followAdd,
    { schema: { tags, summary: 'Follow an organizer; 517 when already followed', body: { type: 'object', properties: followProps } }, preHandler: user },
    async (req) => ok(req, await service.follow(req.auth!.userId, req.body?.organizationId)),
  )
  app.post<{ Body: FollowBody }>(
    PARTICIPATION_API.followRemove,
    { schema: { tags, summary: 'Unfollow an organizer; 518 when not followed', body: { type: 'object', properties: followProps } }, preHandler: user },
    async (req) => ok(req, await service.unfollow(req.auth!.userId, req.body?.organizationId)),
  )
  app.get<{ Querystring: { page?: number; pageSize?: number } }>(
    PARTICIPATION_API.followMy,
    { schema: { tags, summary: 'Organizers I follow, newest first', querystring: { type: 'object', properties: contentPageSchema } }, preHandler: user },
    async (req) => ok(req, await service.mine(req.auth!.userId, req.query)),
  )
  app.get<{ Querystring: { organizationId: number } }>(
    PARTICIPATION_API.followStatus,
    { schema: { tags, summary: 'Whether I follow an organizer, and its follower count', querystring: { type: 'object', properties: followProps } }, preHandler: user },
    async (req) => ok(req, await service.status(req.auth!.userId, req.query.organizationId)),
  )
}
