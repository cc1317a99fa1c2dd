/**
 * The audit log, read-only: the list and its Excel export (itself audited by plugins/audit.ts, as a
 * GET with button 'export'). No route edits or deletes a row.
 */
import type { FastifyInstance } from 'fastify'
import { langOf, ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import { ADMIN_AUDIT_API as A, AUDIT_ACTIONS, AUDIT_MENU, type AuditQuery } from '@contracts/audit'

const tags = ['audit']
// a date (the whole day for `to`) or an ISO date-time
const time = { type: 'string', maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$' } as const
const filterProps = {
  actorId: { type: 'integer', minimum: 1 },
  actor: { type: 'string', maxLength: 200 },
  action: { type: 'string', enum: ['', ...AUDIT_ACTIONS] },
  targetType: { type: 'string', maxLength: 100 },
  targetId: { type: 'string', maxLength: 200 },
  organizationId: { type: 'integer', minimum: 1 },
  from: time,
  to: time,
} as const

export default async function auditRoutes(app: FastifyInstance) {
  const service = app.services.audit

  app.get<{ Querystring: AuditQuery }>(
    A.list,
    {
      schema: {
        tags,
        summary: "Audit rows, newest first: filters person (actorId or e-mail), action, target, organisation, date range; an organizer reads its organisation's rows",
        querystring: { type: 'object', properties: { ...pageQuerySchema, ...filterProps } },
      },
      preHandler: app.authorize({ menu: AUDIT_MENU }),
    },
    async (req) => ok(req, await service.list(req.query, req.auth!.access!, langOf(req))),
  )

  app.get<{ Querystring: AuditQuery }>(
    A.export,
    {
      schema: { tags, summary: 'The filtered audit rows as an .xlsx file (at most 50,000), in the caller\'s language', querystring: { type: 'object', properties: filterProps } },
      preHandler: app.authorize({ menu: AUDIT_MENU, button: 'export' }),
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
}
