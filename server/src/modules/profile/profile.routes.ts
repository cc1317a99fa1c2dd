import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { contentPageSchema, objectSchema, text } from '../../lib/route-schemas'
import {
  PARTICIPATION_API,
  type BecomePromoterBody,
  type ChangeEmailBody,
  type ChangePhoneBody,
  type ProfileBody,
} from '@contracts/participation'


export default async function profileRoutes(app: FastifyInstance) {
  const service = app.services.profile
  const tags = ['profile']
  const user = app.authorize('user')

  app.post<{ Body: ProfileBody }>(
    PARTICIPATION_API.updateProfile,
    {
      schema: {
        tags,
        summary: 'Edit nickname and/or avatar (an uploaded image of at most 400 KB: upload with kind=avatar)',
        body: { type: 'object', properties: { nickName: text(200), avatarUrl: { type: ['string', 'null'], maxLength: 300 } } },
      },
      preHandler: user,
    },
    async (req) => ok(req, await service.updateProfile(req.auth!.userId, req.body ?? {})),
  )
  app.post<{ Body: ChangeEmailBody }>(
    PARTICIPATION_API.updateEmail,
    {
      schema: { tags, summary: 'Change the e-mail with the code GET /system/user/send/modify/verify/code sent to the new address', body: objectSchema({ email: text(256), code: text(20) }) },
      preHandler: user,
    },
    async (req) => ok(req, await service.changeEmail(req.auth!.userId, req.body ?? ({} as ChangeEmailBody))),
  )
  app.post<{ Body: ChangePhoneBody }>(
    PARTICIPATION_API.updatePhone,
    {
      schema: { tags, summary: "Edit the phone ('' clears it)", body: { type: 'object', properties: { phone: text(40) } } },
      preHandler: user,
    },
    async (req) => ok(req, await service.changePhone(req.auth!.userId, req.body?.phone)),
  )
  app.get(
    PARTICIPATION_API.promoterInfo,
    { schema: { tags, summary: 'My promoter state, share code and attributed enrolment count' }, preHandler: user },
    async (req) => ok(req, await service.promoterInfo(req.auth!.userId)),
  )
  app.post<{ Body: BecomePromoterBody }>(
    PARTICIPATION_API.promoterApply,
    {
      schema: { tags, summary: 'Become a promoter: real name and e-mail required (301 names the missing field)', body: objectSchema({ realName: text(200), email: text(256) }) },
      preHandler: user,
    },
    async (req) => ok(req, await service.becomePromoter(req.auth!.userId, req.body ?? ({} as BecomePromoterBody))),
  )
  app.get<{ Querystring: { page?: number; pageSize?: number; activityId?: number } }>(
    PARTICIPATION_API.promoterTalent,
    {
      schema: {
        tags,
        summary: 'People who enrolled through my share link or code (promoters only), newest first',
        querystring: { type: 'object', properties: { ...contentPageSchema, activityId: { type: 'integer', minimum: 1 } } },
      },
      preHandler: user,
    },
    async (req) => ok(req, await service.talentList(req.auth!.userId, req.query)),
  )
}
