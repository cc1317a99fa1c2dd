/**
 * Activity publishing (steps, form builder) and the manager list. Publish-view routes are
 * authorized on the menu 'activity/publish/index' (buttons add, edit, publish), manager-list routes on
 * 'activity/manager/list' (buttons publish, hot, department, share, delete). The organisation boundary
 * is the service's (302 for another organisation's activity).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import {
  ACTIVITY_COMPONENTS,
  ADMIN_ACTIVITY_API as API,
  ADMIN_ACTIVITY_FILTERS,
  type AdminActivityListQuery,
  type AdminActivitySaveBody,
} from '@contracts/admin-activity'
import { boolSchema, idQuerySchema, idSchema, nullableText, objectSchema, ownFileUrlSchema, text, webUrlSchema } from '../../lib/route-schemas'

const strList = { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 1000 } } as const

const time = nullableText(60)
const int = { type: 'integer' } as const
const objects = (maxItems: number) => ({ type: 'array', maxItems, items: { type: 'object' } }) as const

/** what a save may carry (bounds of size and type only: activity-publish.fields.ts checks each field), in the form's order */
const saveBody = objectSchema({
  id: idSchema,
  titleZh: text(1000), titleEn: text(1000), type: text(20), categoryCodes: strList, tagsZh: strList, tagsEn: strList,
  posterUrl: ownFileUrlSchema, bannerUrl: ownFileUrlSchema, peopleCount: int, organizationId: int, startTime: time, endTime: time,
  addresses: objects(100), enrollForm: objects(200),
  summaryZh: text(5000), summaryEn: text(5000), detailZh: text(200_000), detailEn: text(200_000), highlightsZh: strList, highlightsEn: strList,
  isOpen: boolSchema, isNeedLoginEnroll: boolSchema, signUpOnce: boolSchema, enrollNeedProcess: boolSchema, entrustHaijiaoProcess: boolSchema,
  enrollNotesZh: text(10000), enrollNotesEn: text(10000), enrollDeadline: time, isDeadlineEqualEnd: boolSchema, isSyncProject: boolSchema,
  liveUrl: webUrlSchema, liveQrUrl: ownFileUrlSchema, wechatGroupQrUrl: ownFileUrlSchema,
})

/** the consumer site's origin for share links: the admin's own origin (same server), as the browser sent it */
function originOf(req: FastifyRequest, asked?: string): string {
  if (asked && /^https?:\/\/[^/\s?#]+$/i.test(asked)) return asked
  const proto = String(req.headers['x-forwarded-proto'] ?? req.protocol ?? 'http').split(',')[0].trim()
  const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? 'localhost').split(',')[0].trim()
  return `${proto}://${host}`
}

export default async function activityAdminRoutes(app: FastifyInstance) {
  const service = app.services.activityAdmin
  const tags = ['activity-admin']
  const publishMenu = ACTIVITY_COMPONENTS.publish
  const managerMenu = ACTIVITY_COMPONENTS.manager

  app.get<{ Querystring: AdminActivityListQuery }>(
    API.list,
    {
      schema: {
        tags,
        summary: 'Manager list: filter all/in_process/ended/draft, keyword, sort (startTime, createdAt, enrolledCount)',
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            filter: { type: 'string', enum: [...ADMIN_ACTIVITY_FILTERS, ''] },
            keyword: text(100),
            sortField: { type: 'string', enum: ['startTime', 'createdAt', 'enrolledCount', ''] },
            sortOrder: { type: 'string', enum: ['ascend', 'descend', ''] },
          },
        },
      },
      preHandler: app.authorize({ menu: managerMenu }),
    },
    async (req) => ok(req, await service.list({ ...req.query, filter: req.query.filter || undefined, sortField: req.query.sortField || undefined }, req.auth!.access!)),
  )

  app.get<{ Querystring: { id: number } }>(
    API.detail,
    { schema: { tags, summary: 'One activity with every publish step, for editing', querystring: idQuerySchema }, preHandler: app.authorize({ menu: publishMenu }) },
    async (req) => ok(req, await service.detail(req.query.id, req.auth!.access!)),
  )

  app.get(
    API.options,
    { schema: { tags, summary: 'Choices of the publish steps: categories, countries, time zones, organisations' }, preHandler: app.authorize({ menu: publishMenu }) },
    async (req) => ok(req, await service.options(req.auth!.access!)),
  )

  app.post<{ Body: AdminActivitySaveBody }>(
    API.add,
    { schema: { tags, summary: 'Create a draft (any step may be missing) → { id }', body: saveBody }, preHandler: app.authorize({ menu: publishMenu, button: 'add' }) },
    async (req) => ok(req, await service.add(req.body, req.auth!.access!)),
  )

  app.post<{ Body: AdminActivitySaveBody }>(
    API.save,
    {
      schema: { tags, summary: 'Save a step of an existing activity (draft may be incomplete; a published one must stay complete)', body: { ...saveBody, required: ['id'] } },
      preHandler: app.authorize({ menu: publishMenu, button: 'edit' }),
    },
    async (req) => ok(req, await service.save(req.body, req.auth!.access!, (change) => app.auditNote(req, change))),
  )

  app.post<{ Body: AdminActivitySaveBody }>(
    API.publish,
    {
      schema: { tags, summary: 'Save the given fields and publish, everything validated', body: { ...saveBody, required: ['id'] } },
      preHandler: app.authorize({ menu: publishMenu, button: 'publish' }),
    },
    async (req) => ok(req, await service.publish(req.body, req.auth!.access!, (change) => app.auditNote(req, change))),
  )

  app.post<{ Body: { id: number } }>(
    API.republish,
    { schema: { tags, summary: 'Manager toggle: publish the stored activity (validated)', body: idQuerySchema }, preHandler: app.authorize({ menu: managerMenu, button: 'publish' }) },
    async (req) => ok(req, await service.republish(req.body.id, req.auth!.access!, (change) => app.auditNote(req, change))),
  )

  app.post<{ Body: { id: number } }>(
    API.unpublish,
    { schema: { tags, summary: 'Manager toggle: back to draft (hidden from consumers)', body: idQuerySchema }, preHandler: app.authorize({ menu: managerMenu, button: 'publish' }) },
    async (req) => ok(req, await service.unpublish(req.body.id, req.auth!.access!, (change) => app.auditNote(req, change))),
  )

  app.post<{ Body: { id: number; isHot: boolean } }>(
    API.hot,
    { schema: { tags, summary: 'Hot flag (operations)', body: objectSchema({ id: idSchema, isHot: boolSchema }, ['id', 'isHot']) }, preHandler: app.authorize({ menu: managerMenu, button: 'hot' }) },
    async (req) => ok(req, await service.setHot(req.body.id, req.body.isHot, req.auth!.access!)),
  )

  app.post<{ Body: { id: number; departmentId: number | null } }>(
    API.department,
    {
      schema: {
        tags,
        summary: "Department setting: a department below the activity's organisation, or null",
        body: objectSchema({ id: idSchema, departmentId: { type: ['integer', 'null'], minimum: 1 } }, ['id', 'departmentId']),
      },
      preHandler: app.authorize({ menu: managerMenu, button: 'department' }),
    },
    async (req) => ok(req, await service.setDepartment(req.body.id, req.body.departmentId, req.auth!.access!)),
  )

  app.get<{ Querystring: { id: number; origin?: string } }>(
    API.share,
    {
      schema: {
        tags,
        summary: 'Share: consumer link /activityDetail?id=N on the given (or request) origin and its QR code (PNG data URL)',
        querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 }, origin: text(200) } },
      },
      preHandler: app.authorize({ menu: managerMenu, button: 'share' }),
    },
    async (req) => ok(req, await service.shareOf(req.query.id, originOf(req, req.query.origin), req.auth!.access!)),
  )

  app.delete<{ Querystring: { id: number } }>(
    API.delete,
    { schema: { tags, summary: 'Delete an activity (621 when hot)', querystring: idQuerySchema }, preHandler: app.authorize({ menu: managerMenu, button: 'delete' }) },
    async (req) => ok(req, await service.delete(req.query.id, req.auth!.access!)),
  )
}
