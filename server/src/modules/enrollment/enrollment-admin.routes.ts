/** Enrolment management per activity (answers, approval, export, promoters). */
import type { FastifyInstance } from 'fastify'
import { ok, langOf } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import {
  ADMIN_ENROLL_API as A,
  ADMIN_TALENT_API as T,
  ENROLL_LIST_MENU,
  ENROLL_REMARK_MAX,
  TALENT_LIST_MENU,
  type AdminEnrollListQuery,
  type AdminEnrollRemarkBody,
  type AdminEnrollStatusBody,
  type AdminEnrollUpdateBody,
} from '@contracts/admin-enrollment'
import type { EnrollmentStatus } from '@contracts/enrollment'
import { idSchema, objectSchema } from '../../lib/route-schemas'

const STATUS = ['pending', 'approved', 'rejected']
/** the list and export also filter the cancelled (contracts/ticket.ts); cancelling has its own route */
const LIST_STATUS = [...STATUS, 'cancelled']
const keyword = { type: 'string', maxLength: 100 } as const
const activityListQuery = { type: 'object', properties: { ...pageQuerySchema, keyword } } as const
const enrollListQuery = {
  type: 'object',
  required: ['activityId'],
  properties: {
    ...pageQuerySchema,
    activityId: { type: 'integer', minimum: 1 },
    keyword,
    status: { type: 'string', enum: ['', ...LIST_STATUS] },
    sortField: { type: 'string', enum: ['createdAt'] },
    sortOrder: { type: 'string', enum: ['asc', 'desc'] },
  },
} as const
const enrollmentIdQuery = { type: 'object', required: ['enrollmentId'], properties: { enrollmentId: { type: 'integer', minimum: 1 } } } as const

export default async function enrollmentAdminRoutes(app: FastifyInstance) {
  const service = app.services.enrollmentAdmin
  const tags = ['enrollment-admin']

  // ---- the enrolment list of one activity ('activity/enroll/list')
  app.get<{ Querystring: PageQuery & { keyword?: string } }>(
    A.activities,
    { schema: { tags, summary: 'Activities whose enrolments the caller manages (picker): newest first, keyword on the titles', querystring: activityListQuery }, preHandler: app.authorize({ menu: ENROLL_LIST_MENU }) },
    async (req) => ok(req, await service.activities(req.query, req.auth!.access!)),
  )

  app.get<{ Querystring: AdminEnrollListQuery }>(
    A.list,
    {
      schema: { tags, summary: "An activity's enrolments with the form's fields (columns) and answers; keyword on name, e-mail, answers; status; time order", querystring: enrollListQuery },
      preHandler: app.authorize({ menu: ENROLL_LIST_MENU }),
    },
    async (req) => ok(req, await service.list(req.query, req.auth!.access!)),
  )

  app.post<{ Body: AdminEnrollStatusBody }>(
    A.status,
    {
      schema: {
        tags,
        summary: 'Approve or reject an enrolment (rejecting frees the seat); 425 { reason: no_process } when the activity needs no approval, 519 no seat to re-approve',
        body: objectSchema({ id: idSchema, status: { type: 'string', enum: STATUS }, reason: { type: ['string', 'null'], maxLength: 1000 } }, ['id', 'status']),
      },
      preHandler: app.authorize({ menu: ENROLL_LIST_MENU, button: 'approve' }),
    },
    async (req) => ok(req, await service.setStatus(req.body.id, req.body.status as EnrollmentStatus, req.auth!.access!, req.body.reason ?? null)),
  )

  app.post<{ Body: AdminEnrollUpdateBody }>(
    A.update,
    {
      schema: { tags, summary: "Edit an enrolment's answers (validated like the consumer form: 301 { field, reason })", body: objectSchema({ id: idSchema, answers: { type: 'object' } }, ['id', 'answers']) },
      preHandler: app.authorize({ menu: ENROLL_LIST_MENU, button: 'edit' }),
    },
    async (req) => ok(req, await service.updateAnswers(req.body.id, req.body.answers, req.auth!.access!)),
  )

  app.post<{ Body: AdminEnrollRemarkBody }>(
    A.remark,
    {
      schema: {
        tags,
        summary: "The admin's custom input (remark) of an enrolment; '' clears",
        body: { type: 'object', required: ['id', 'remark'], properties: { id: { type: 'integer', minimum: 1 }, remark: { type: 'string', maxLength: ENROLL_REMARK_MAX * 4 } } },
      },
      preHandler: app.authorize({ menu: ENROLL_LIST_MENU, button: 'edit' }),
    },
    async (req) => ok(req, await service.updateRemark(req.body.id, req.body.remark, req.auth!.access!)),
  )

  app.get<{ Querystring: { activityId: number; keyword?: string; status?: EnrollmentStatus | '' } }>(
    A.export,
    {
      schema: {
        tags,
        summary: "The activity's enrolments as an .xlsx file (field labels in the caller's language, status, time, promoter)",
        querystring: { type: 'object', required: ['activityId'], properties: { activityId: { type: 'integer', minimum: 1 }, keyword, status: { type: 'string', enum: ['', ...LIST_STATUS] } } },
      },
      preHandler: app.authorize({ menu: ENROLL_LIST_MENU, button: 'export' }),
    },
    async (req, reply) => {
      const { filename, asciiName, body } = await service.exportXlsx(req.query, req.auth!.access!, langOf(req))
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .header('cache-control', 'no-store')
        .send(body)
    },
  )

  app.get<{ Querystring: { enrollmentId: number } }>(
    A.talent,
    { schema: { tags, summary: "Talent detail: the person's profile and all their enrolments in this organization's activities", querystring: enrollmentIdQuery }, preHandler: app.authorize({ menu: ENROLL_LIST_MENU }) },
    async (req) => ok(req, await service.talent(req.query.enrollmentId, req.auth!.access!)),
  )

  // ---- my talent activity: the people promoters brought ('activity/talent/list')
  app.get<{ Querystring: PageQuery & { keyword?: string } }>(
    T.activities,
    { schema: { tags, summary: 'Activities with enrolments attributed to promoters (newest first)', querystring: activityListQuery }, preHandler: app.authorize({ menu: TALENT_LIST_MENU }) },
    async (req) => ok(req, await service.activities(req.query, req.auth!.access!, true)),
  )

  app.get<{ Querystring: AdminEnrollListQuery }>(
    T.list,
    {
      schema: { tags, summary: "An activity's enrolments attributed to promoters; keyword on the person, answers or the promoter", querystring: enrollListQuery },
      preHandler: app.authorize({ menu: TALENT_LIST_MENU }),
    },
    async (req) => ok(req, await service.list(req.query, req.auth!.access!, true)),
  )

  app.get<{ Querystring: { enrollmentId: number } }>(
    T.detail,
    { schema: { tags, summary: 'Activity talent detail (a promoted enrolment)', querystring: enrollmentIdQuery }, preHandler: app.authorize({ menu: TALENT_LIST_MENU }) },
    async (req) => ok(req, await service.talent(req.query.enrollmentId, req.auth!.access!, true)),
  )
}
