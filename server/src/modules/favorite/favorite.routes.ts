import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { contentPageSchema } from '../../lib/route-schemas'
import { FAVORITE_TYPES, PARTICIPATION_API, type FavoriteBody, type FavoriteType } from '@contracts/participation'

// types and ids are checked by the service so that 301 names the field the same way everywhere
const favoriteProps = { type: { type: 'string', maxLength: 20 }, id: { type: 'integer' } } as const

export default async function favoriteRoutes(app: FastifyInstance) {
  const service = app.services.favorite
  const tags = ['favorite']
  const user = app.authorize('user')

  app.post<{ Body: FavoriteBody }>(
    PARTICIPATION_API.favoriteAdd,
    {
      schema: { tags, summary: `Favourite an item (type: ${FAVORITE_TYPES.join(' | ')}); 430 when already a favourite`, body: { type: 'object', properties: favoriteProps } },
      preHandler: user,
    },
    async (req) => ok(req, await service.add(req.auth!.userId, req.body?.type, req.body?.id)),
  )
  app.post<{ Body: FavoriteBody }>(
    PARTICIPATION_API.favoriteRemove,
    {
      schema: { tags, summary: 'Remove a favourite; 518 when it was not one', body: { type: 'object', properties: favoriteProps } },
      preHandler: user,
    },
    async (req) => ok(req, await service.remove(req.auth!.userId, req.body?.type, req.body?.id)),
  )
  app.get<{ Querystring: { type: FavoriteType; page?: number; pageSize?: number } }>(
    PARTICIPATION_API.favoriteMy,
    {
      schema: { tags, summary: 'My favourites of one type, newest first', querystring: { type: 'object', properties: { ...contentPageSchema, type: { type: 'string', maxLength: 20 } } } },
      preHandler: user,
    },
    async (req) => ok(req, await service.mine(req.auth!.userId, req.query.type, req.query)),
  )
  app.get<{ Querystring: { type: FavoriteType; id: number } }>(
    PARTICIPATION_API.favoriteStatus,
    {
      schema: { tags, summary: 'Whether an item is my favourite', querystring: { type: 'object', properties: favoriteProps } },
      preHandler: user,
    },
    async (req) => ok(req, await service.status(req.auth!.userId, req.query.type, req.query.id)),
  )
}
