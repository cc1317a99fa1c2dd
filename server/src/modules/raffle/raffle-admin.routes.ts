/** Raffle management: raffles, gifts, draw times, winners (claim, export, close early). */
import type { FastifyInstance } from 'fastify'
import { ok, langOf } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import { idSchema, objectSchema, ownFileUrlSchema } from '../../lib/route-schemas'
import {
  ADMIN_RAFFLE_API as A,
  RAFFLE_ELIGIBILITY,
  RAFFLE_LIMITS as L,
  RAFFLE_MENU,
  type AdminRaffleBody,
  type AdminRaffleGiftBody,
  type AdminRaffleGrantBody,
  type AdminWinnerQuery,
} from '@contracts/raffle'

const keyword = { type: 'string', maxLength: 100 } as const
const name = { type: 'string', maxLength: L.nameMax * 4 } as const
const time = { type: 'string', minLength: 10, maxLength: 40 } as const
const raffleFields = {
  nameZh: name,
  nameEn: name,
  images: { type: 'array', maxItems: L.imagesMax, items: { ...ownFileUrlSchema, type: 'string', minLength: 1 } },
  activityId: { type: ['integer', 'null'], minimum: 1 },
  startTime: time,
  endTime: time,
  timeZone: { type: 'string', maxLength: 20 },
  eligibility: { type: 'string', enum: [...RAFFLE_ELIGIBILITY] },
  defaultTimes: { type: 'integer', minimum: 0, maximum: L.defaultTimesMax },
  noPrizeWeight: { type: 'integer', minimum: 0, maximum: L.weightMax },
}
const raffleRequired = ['nameZh', 'nameEn', 'activityId', 'startTime', 'endTime', 'timeZone', 'eligibility', 'defaultTimes', 'noPrizeWeight'] as const
const giftFields = {
  raffleId: idSchema,
  nameZh: name,
  nameEn: name,
  imageUrl: ownFileUrlSchema,
  stock: { type: 'integer', minimum: 0, maximum: L.stockMax },
  sequence: { type: 'integer', minimum: 0, maximum: 100000 },
  weight: { type: 'integer', minimum: 0, maximum: L.weightMax },
}
const giftRequired = ['raffleId', 'nameZh', 'nameEn', 'stock', 'sequence', 'weight'] as const
const winnerQuery = {
  type: 'object',
  required: ['raffleId'],
  properties: { ...pageQuerySchema, raffleId: idSchema, keyword, giftId: idSchema, claimed: { type: 'string', enum: ['', 'yes', 'no'] } },
} as const
const raffleIdQuery = objectSchema({ raffleId: idSchema }, ['raffleId'])

export default async function raffleAdminRoutes(app: FastifyInstance) {
  const service = app.services.raffleAdmin
  const tags = ['raffle-admin']
  const menu = RAFFLE_MENU

  app.get<{ Querystring: PageQuery & { keyword?: string } }>(
    A.activities,
    { schema: { tags, summary: 'Activities a raffle may belong to (caller scope; picker)', querystring: { type: 'object', properties: { ...pageQuerySchema, keyword } } }, preHandler: app.authorize({ menu }) },
    async (req) => ok(req, await service.activities(req.query, req.auth!.access!)),
  )

  app.get<{ Querystring: PageQuery & { keyword?: string; activityId?: number } }>(
    A.list,
    { schema: { tags, summary: 'Raffles in the caller scope, newest first; keyword on the names; one activity', querystring: { type: 'object', properties: { ...pageQuerySchema, keyword, activityId: idSchema } } }, preHandler: app.authorize({ menu }) },
    async (req) => ok(req, await service.list(req.query, req.auth!.access!)),
  )

  app.get<{ Querystring: { id: number } }>(
    A.detail,
    { schema: { tags, summary: 'One raffle', querystring: objectSchema({ id: idSchema }, ['id']) }, preHandler: app.authorize({ menu }) },
    async (req) => ok(req, await service.detail(req.query.id, req.auth!.access!)),
  )

  app.post<{ Body: AdminRaffleBody }>(
    A.add,
    { schema: { tags, summary: 'Create a raffle (activity in scope, or none: then anyone logged in may draw)', body: objectSchema(raffleFields, raffleRequired) }, preHandler: app.authorize({ menu, button: 'add' }) },
    async (req) => ok(req, await service.add(req.body, req.auth!.access!, req.auth!.userId)),
  )

  app.post<{ Body: AdminRaffleBody & { id: number } }>(
    A.update,
    { schema: { tags, summary: 'Edit a raffle', body: objectSchema({ id: idSchema, ...raffleFields }, ['id', ...raffleRequired]) }, preHandler: app.authorize({ menu, button: 'edit' }) },
    async (req) => ok(req, await service.update(req.body.id, req.body, req.auth!.access!)),
  )

  app.post<{ Body: { id: number } }>(
    A.close,
    { schema: { tags, summary: 'Close a raffle early: no draw after this', body: objectSchema({ id: idSchema }, ['id']) }, preHandler: app.authorize({ menu, button: 'close' }) },
    async (req) => ok(req, await service.close(req.body.id, req.auth!.access!)),
  )

  // ---- gifts
  app.get<{ Querystring: { raffleId: number } }>(
    A.gifts,
    { schema: { tags, summary: "A raffle's gifts by sequence (stock, won, weight)", querystring: raffleIdQuery }, preHandler: app.authorize({ menu }) },
    async (req) => ok(req, await service.gifts(req.query.raffleId, req.auth!.access!)),
  )

  app.post<{ Body: AdminRaffleGiftBody }>(
    A.giftAdd,
    { schema: { tags, summary: 'Add a gift', body: objectSchema(giftFields, giftRequired) }, preHandler: app.authorize({ menu, button: 'edit' }) },
    async (req) => ok(req, await service.giftAdd(req.body, req.auth!.access!)),
  )

  app.post<{ Body: AdminRaffleGiftBody & { id: number } }>(
    A.giftUpdate,
    { schema: { tags, summary: 'Edit a gift; 645 when the number is below those won', body: objectSchema({ id: idSchema, ...giftFields }, ['id', ...giftRequired]) }, preHandler: app.authorize({ menu, button: 'edit' }) },
    async (req) => ok(req, await service.giftUpdate(req.body.id, req.body, req.auth!.access!)),
  )

  app.post<{ Body: { id: number } }>(
    A.giftDelete,
    { schema: { tags, summary: 'Delete a gift nobody has won (425 { reason: won } otherwise)', body: objectSchema({ id: idSchema }, ['id']) }, preHandler: app.authorize({ menu, button: 'edit' }) },
    async (req) => ok(req, await service.giftDelete(req.body.id, req.auth!.access!)),
  )

  // ---- draw times
  app.get<{ Querystring: PageQuery & { raffleId: number; keyword?: string } }>(
    A.times,
    { schema: { tags, summary: 'People with draw times: default + extra + used', querystring: { type: 'object', required: ['raffleId'], properties: { ...pageQuerySchema, raffleId: idSchema, keyword } } }, preHandler: app.authorize({ menu }) },
    async (req) => ok(req, await service.times(req.query, req.auth!.access!)),
  )

  app.get<{ Querystring: { raffleId: number; keyword?: string } }>(
    A.candidates,
    { schema: { tags, summary: "People to grant draws to: the activity's enrolled people, or one person by full e-mail", querystring: objectSchema({ raffleId: idSchema, keyword }, ['raffleId']) }, preHandler: app.authorize({ menu, button: 'times' }) },
    async (req) => ok(req, await service.candidates(req.query, req.auth!.access!)),
  )

  app.post<{ Body: AdminRaffleGrantBody }>(
    A.grant,
    {
      schema: {
        tags,
        summary: 'Grant extra draws to a person, with a reason',
        body: objectSchema({ raffleId: idSchema, userId: idSchema, times: { type: 'integer', minimum: 1, maximum: L.grantMax }, reason: { type: 'string', minLength: 1, maxLength: L.reasonMax * 4 } }, ['raffleId', 'userId', 'times', 'reason']),
      },
      preHandler: app.authorize({ menu, button: 'times' }),
    },
    async (req) => ok(req, await service.grant(req.body, req.auth!.access!, req.auth!.userId)),
  )

  // ---- winners
  app.get<{ Querystring: AdminWinnerQuery }>(
    A.winners,
    { schema: { tags, summary: 'Winners: keyword on the person or gift, one gift, claim status', querystring: winnerQuery }, preHandler: app.authorize({ menu }) },
    async (req) => ok(req, await service.winners(req.query, req.auth!.access!)),
  )

  app.post<{ Body: { id: number; claimed: boolean } }>(
    A.claim,
    { schema: { tags, summary: 'Mark a prize claimed (who and when) or unclaimed', body: objectSchema({ id: idSchema, claimed: { type: 'boolean' } }, ['id', 'claimed']) }, preHandler: app.authorize({ menu, button: 'claim' }) },
    async (req) => ok(req, await service.claim(req.body.id, req.body.claimed, req.auth!.access!, req.auth!.userId)),
  )

  app.get<{ Querystring: AdminWinnerQuery }>(
    A.export,
    { schema: { tags, summary: "The winners as an .xlsx file (the list's filters), in the caller's language", querystring: winnerQuery }, preHandler: app.authorize({ menu, button: 'export' }) },
    async (req, reply) => {
      const { filename, asciiName, body } = await service.exportXlsx(req.query, req.auth!.access!, langOf(req))
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .header('cache-control', 'no-store')
        .send(body)
    },
  )
}
