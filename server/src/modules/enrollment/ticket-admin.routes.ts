/**
 * Admin side of tickets and check-in (contracts/ticket.ts): check-in (menu CHECKIN_MENU; writes need button
 * 'checkin'), cancelling an enrolment, the waiting list and its settings (the enrolment list's menu;
 * writes need 'approve', settings 'edit'). Every handler starts from the activity in the caller's scope.
 */
import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import { idSchema, objectSchema } from '../../lib/route-schemas'
import { ENROLL_LIST_MENU } from '@contracts/admin-enrollment'
import {
  ADMIN_TICKET_API as T,
  CANCEL_REASON_MAX,
  CHECKIN_API as C,
  CHECKIN_BATCH_MAX,
  CHECKIN_BUTTON,
  CHECKIN_MENU,
  OFFER_HOURS_MAX,
  type AdminCancelBody,
  type AdminWaitlistQuery,
  type CheckinBatchBody,
  type CheckinLogQuery,
  type CheckinScanBody,
  type CheckinUndoBody,
  type TicketSettingsBody,
} from '@contracts/ticket'

const activityId = { type: 'integer', minimum: 1 } as const
const activityQuery = { type: 'object', required: ['activityId'], properties: { activityId } } as const
const deviceOrNonce = { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const
const code = { type: 'string', minLength: 1, maxLength: 200 } as const
const isoTime = { type: 'string', minLength: 10, maxLength: 40 } as const
const WAITLIST_STATES = ['', 'waiting', 'offered', 'confirmed', 'expired', 'removed', 'left']

export default async function ticketAdminRoutes(app: FastifyInstance) {
  const checkin = app.services.checkin
  const tickets = app.services.ticket
  const tags = ['checkin-admin']
  const read = app.authorize({ menu: CHECKIN_MENU })
  const write = app.authorize({ menu: CHECKIN_MENU, button: CHECKIN_BUTTON })

  app.get<{ Querystring: PageQuery & { keyword?: string } }>(
    C.activities,
    { schema: { tags, summary: 'Activities to check in (caller scope), upcoming first, with their counters', querystring: { type: 'object', properties: { ...pageQuerySchema, keyword: { type: 'string', maxLength: 100 } } } }, preHandler: read },
    async (req) => ok(req, await checkin.activities(req.query, req.auth!.access!)),
  )

  app.post<{ Body: CheckinScanBody }>(
    C.scan,
    {
      schema: {
        tags,
        summary: 'One scan or typed code → checked_in / already (at, by) / wrong_activity / cancelled_or_rejected / not_confirmed / unknown; the same nonce again answers replayed',
        body: objectSchema({ activityId, code, nonce: deviceOrNonce, scannedAt: isoTime, deviceId: deviceOrNonce }, ['activityId', 'code', 'nonce', 'deviceId']),
      },
      preHandler: write,
    },
    async (req) => ok(req, await checkin.scan(req.body, req.auth!.access!, req.auth!.userId)),
  )

  app.post<{ Body: CheckinBatchBody }>(
    C.batch,
    {
      schema: {
        tags,
        summary: 'Offline scans uploaded together (each nonce counted once; a ticket another device checked in is flagged conflict)',
        body: objectSchema(
          {
            activityId,
            deviceId: deviceOrNonce,
            scans: { type: 'array', minItems: 1, maxItems: CHECKIN_BATCH_MAX, items: objectSchema({ code, nonce: deviceOrNonce, scannedAt: isoTime }, ['code', 'nonce', 'scannedAt']) },
          },
          ['activityId', 'deviceId', 'scans'],
        ),
      },
      preHandler: write,
    },
    async (req) => ok(req, await checkin.batch(req.body, req.auth!.access!, req.auth!.userId)),
  )

  app.post<{ Body: CheckinUndoBody }>(
    C.undo,
    { schema: { tags, summary: 'Undo a check-in (recorded in the log); 666 when not checked in', body: objectSchema({ enrollmentId: idSchema, reason: { type: 'string', maxLength: 200 } }, ['enrollmentId']) }, preHandler: write },
    async (req) => ok(req, await checkin.undo(req.body.enrollmentId, req.body.reason, req.auth!.access!, req.auth!.userId)),
  )

  app.get<{ Querystring: { activityId: number; keyword: string } }>(
    C.search,
    { schema: { tags, summary: "An activity's enrolled people by name, e-mail or phone (≤ 20)", querystring: { type: 'object', required: ['activityId', 'keyword'], properties: { activityId, keyword: { type: 'string', minLength: 1, maxLength: 100 } } } }, preHandler: read },
    async (req) => ok(req, await checkin.search(req.query.activityId, req.query.keyword, req.auth!.access!)),
  )

  app.get<{ Querystring: { activityId: number } }>(
    C.counter,
    { schema: { tags, summary: 'Checked in / expected (approved) of an activity', querystring: activityQuery }, preHandler: read },
    async (req) => ok(req, await checkin.counter(req.query.activityId, req.auth!.access!)),
  )

  app.get<{ Querystring: CheckinLogQuery }>(
    C.log,
    { schema: { tags, summary: 'The scan and undo log, newest first; conflict=true for the offline conflicts only', querystring: { type: 'object', required: ['activityId'], properties: { ...pageQuerySchema, activityId, conflict: { type: 'boolean' } } } }, preHandler: read },
    async (req) => ok(req, await checkin.log(req.query, req.auth!.access!)),
  )

  // ---- cancellation, the waiting list and its settings (the enrolment list's menu)
  const etags = ['enrollment-admin']
  app.post<{ Body: AdminCancelBody }>(
    T.cancel,
    { schema: { tags: etags, summary: "Cancel someone's enrolment with a reason (told to them); the seat goes to the waiting list", body: objectSchema({ id: idSchema, reason: { type: 'string', minLength: 1, maxLength: CANCEL_REASON_MAX * 4 } }, ['id', 'reason']) }, preHandler: app.authorize({ menu: ENROLL_LIST_MENU, button: 'approve' }) },
    async (req) => ok(req, await tickets.adminCancel(req.body.id, req.body.reason, req.auth!.access!, req.auth!.userId)),
  )

  app.get<{ Querystring: { activityId: number } }>(
    T.settings,
    { schema: { tags: etags, summary: "An activity's cancel deadline, waiting list switch and offer hours", querystring: activityQuery }, preHandler: app.authorize({ menu: ENROLL_LIST_MENU }) },
    async (req) => ok(req, await tickets.settings(req.query.activityId, req.auth!.access!)),
  )

  app.post<{ Body: TicketSettingsBody }>(
    T.saveSettings,
    {
      schema: {
        tags: etags,
        summary: 'Save the cancel deadline (null = the start), the waiting list switch and the offer hours (1–168); turning the list on offers free seats',
        body: objectSchema({ activityId, cancelDeadline: { type: ['string', 'null'], maxLength: 40 }, waitlistEnabled: { type: 'boolean' }, offerHours: { type: 'integer', minimum: 1, maximum: OFFER_HOURS_MAX } }, ['activityId', 'waitlistEnabled', 'offerHours']),
      },
      preHandler: app.authorize({ menu: ENROLL_LIST_MENU, button: 'edit' }),
    },
    async (req) => ok(req, await tickets.saveSettings({ ...req.body, cancelDeadline: req.body.cancelDeadline ?? null }, req.auth!.access!)),
  )

  app.get<{ Querystring: AdminWaitlistQuery }>(
    T.waitlist,
    { schema: { tags: etags, summary: "An activity's waiting list in queue order", querystring: { type: 'object', required: ['activityId'], properties: { ...pageQuerySchema, activityId, state: { type: 'string', enum: WAITLIST_STATES } } } }, preHandler: app.authorize({ menu: ENROLL_LIST_MENU }) },
    async (req) => ok(req, await tickets.adminList(req.query, req.auth!.access!)),
  )

  app.post<{ Body: { id: number } }>(
    T.offer,
    { schema: { tags: etags, summary: 'Offer a free seat to this waiting person now (519 none free, 664 not waiting)', body: objectSchema({ id: idSchema }, ['id']) }, preHandler: app.authorize({ menu: ENROLL_LIST_MENU, button: 'approve' }) },
    async (req) => ok(req, await tickets.adminOffer(req.body.id, req.auth!.access!)),
  )

  app.post<{ Body: { id: number } }>(
    T.remove,
    { schema: { tags: etags, summary: 'Take someone off the waiting list (an open offer passes to the next person)', body: objectSchema({ id: idSchema }, ['id']) }, preHandler: app.authorize({ menu: ENROLL_LIST_MENU, button: 'approve' }) },
    async (req) => ok(req, await tickets.adminRemove(req.body.id, req.auth!.access!)),
  )
}
