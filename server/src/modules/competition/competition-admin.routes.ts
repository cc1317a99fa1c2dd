/**
 * Competitions and parks (menu 'competition/list': buttons add, edit, delete, publish, link, share; the
 * project search list 'competition/project-search') for operations; projects ('project/list'),
 * requirements ('project/requirement', button status for status changes) and visits ('project/visit') for
 * operations and organizers — the organisation boundary is the service's (302).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import { boolSchema, idQuerySchema, idSchema, keywordSchema, nullableText, objectSchema, ownFileUrlSchema, text } from '../../lib/route-schemas'
import { publishBody, richText } from '../../blocks/article/article.schemas'
import {
  COMPETITION_API as C,
  COMPETITION_BUTTONS,
  COMPETITION_COMPONENTS as M,
  COMPETITION_KINDS,
  COMPETITION_LIMITS,
  PROJECT_API as P,
  REQUIREMENT_KINDS,
  REQUIREMENT_STATUSES,
  type AdminCompetitionInput,
  type AdminCompetitionListQuery,
  type AdminProjectInput,
  type AdminRequirementInput,
  type AdminVisitInput,
  type ProjectListQuery,
  type RequirementListQuery,
  type RequirementStatus,
  type VisitListQuery,
} from '@contracts/admin-competition'

const ids = (max: number) => ({ type: 'array', maxItems: max, items: idSchema }) as const
const files = { type: 'array', maxItems: COMPETITION_LIMITS.attachments, items: { type: 'string', maxLength: 500, pattern: ownFileUrlSchema.pattern } } as const
const enumOrEmpty = (values: readonly string[]) => ({ type: 'string', enum: [...values, ''] }) as const

const competitionProps = {
  kind: { type: 'string', enum: [...COMPETITION_KINDS] },
  titleZh: text(200),
  titleEn: text(300),
  summaryZh: text(1000),
  summaryEn: text(2000),
  contentZh: richText,
  contentEn: richText,
  coverUrl: ownFileUrlSchema,
  // more than the limit is refused by the service naming the field (301 banners), like none
  banners: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 500, pattern: ownFileUrlSchema.pattern } },
  startTime: text(40),
  endTime: text(40),
}
const competitionBody = objectSchema(competitionProps, ['kind', 'titleZh', 'titleEn', 'banners', 'startTime', 'endTime'])
const competitionUpdateBody = objectSchema({ ...competitionProps, id: idSchema }, ['id', 'kind', 'titleZh', 'titleEn', 'banners', 'startTime', 'endTime'])

const projectProps = {
  titleZh: text(200),
  titleEn: text(300),
  organizationId: idSchema,
  fieldCode: text(50),
  stageZh: text(100),
  stageEn: text(200),
  fundingSought: text(200),
  summaryZh: text(1000),
  summaryEn: text(2000),
  contentZh: richText,
  contentEn: richText,
  cityZh: text(50),
  cityEn: text(100),
  attachments: files,
  contactName: text(100),
  contactPhone: text(50),
  contactEmail: text(200),
  competitionIds: ids(50),
}
const projectBody = objectSchema(projectProps, ['titleZh', 'titleEn', 'fieldCode'])
const projectUpdateBody = objectSchema({ ...projectProps, id: idSchema }, ['id', 'titleZh', 'titleEn', 'fieldCode'])
const projectListQuery = {
  type: 'object',
  properties: {
    ...pageQuerySchema,
    keyword: keywordSchema,
    fieldCode: text(50),
    stage: text(100),
    organizationId: idSchema,
    competitionId: idSchema,
    status: enumOrEmpty(['draft', 'published']),
  },
} as const

const requirementProps = {
  projectId: idSchema,
  kind: { type: 'string', enum: [...REQUIREMENT_KINDS] },
  titleZh: text(200),
  titleEn: text(300),
  descriptionZh: text(2000),
  descriptionEn: text(4000),
  owner: text(100),
  dueDate: nullableText(10),
}
const requirementBody = objectSchema(requirementProps, ['projectId', 'kind', 'titleZh', 'titleEn'])
const requirementUpdateBody = objectSchema({ ...requirementProps, id: idSchema }, ['id', 'projectId', 'kind', 'titleZh', 'titleEn'])

const visitProps = {
  projectId: idSchema,
  visitedAt: text(40),
  timeZone: text(60),
  visitors: text(500),
  visitedOrganizationId: { type: ['integer', 'null'], minimum: 1 },
  requirementIds: ids(100),
  notes: text(5000),
  outcome: text(2000),
  nextStep: text(1000),
  nextStepDate: nullableText(10),
  attachments: files,
}
const visitBody = objectSchema(visitProps, ['projectId', 'visitedAt', 'timeZone', 'visitors'])
const visitUpdateBody = objectSchema({ ...visitProps, id: idSchema }, ['id', 'projectId', 'visitedAt', 'timeZone', 'visitors'])

/** the consumer site's origin for share links: the admin's own origin (same server), as the browser sent it */
function originOf(req: FastifyRequest): string {
  const proto = String(req.headers['x-forwarded-proto'] ?? req.protocol ?? 'http').split(',')[0].trim()
  const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? 'localhost').split(',')[0].trim()
  return `${proto}://${host}`
}

export default async function competitionAdminRoutes(app: FastifyInstance) {
  const { competition: service, projectAdmin: projects, requirement: requirements, visit: visits } = app.services
  const tags = ['competition-admin']
  const comp = (button?: string) => app.authorize(button ? { menu: M.list, button } : { menu: M.list })
  const proj = (button?: string) => app.authorize(button ? { menu: M.projects, button } : { menu: M.projects })
  const reqs = (button?: string) => app.authorize(button ? { menu: M.requirements, button } : { menu: M.requirements })
  const visit = (button?: string) => app.authorize(button ? { menu: M.visits, button } : { menu: M.visits })
  const access = (req: FastifyRequest) => req.auth!.access!
  const link = COMPETITION_BUTTONS.link
  const linkBody = (key: 'activityIds' | 'projectIds') => objectSchema({ competitionId: idSchema, [key]: { ...ids(COMPETITION_LIMITS.activitiesPerLink), minItems: 1 } }, ['competitionId', key])
  const competitionIdQuery = objectSchema({ competitionId: idSchema }, ['competitionId'])

  // ---- competitions and parks
  app.get<{ Querystring: AdminCompetitionListQuery }>(
    C.list,
    {
      schema: {
        tags,
        summary: 'Competitions and parks of any status (keyword, kind, status, sort)',
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            keyword: keywordSchema,
            kind: enumOrEmpty(COMPETITION_KINDS),
            status: enumOrEmpty(['draft', 'published']),
            sortField: enumOrEmpty(['startTime', 'updatedAt', 'id']),
            sortOrder: enumOrEmpty(['ascend', 'descend']),
          },
        },
      },
      preHandler: comp(),
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(C.detail, { schema: { tags, summary: 'One competition or park with its banners', querystring: idQuerySchema }, preHandler: comp() }, async (req) =>
    ok(req, await service.detail(req.query.id)),
  )
  app.post<{ Body: AdminCompetitionInput }>(
    C.add,
    { schema: { tags, summary: 'New competition or park (draft); at least one banner (301 banners)', body: competitionBody }, preHandler: comp('add') },
    async (req) => ok(req, await service.add(req.body)),
  )
  app.post<{ Body: AdminCompetitionInput & { id: number } }>(
    C.update,
    { schema: { tags, summary: 'Edit a competition or park; at least one banner (301 banners)', body: competitionUpdateBody }, preHandler: comp('edit') },
    async (req) => ok(req, await service.update(req.body.id, req.body, (change) => app.auditNote(req, change))),
  )
  app.post<{ Body: { id: number; publish: boolean } }>(C.publish, { schema: { tags, summary: 'Publish or unpublish', body: publishBody }, preHandler: comp('publish') }, async (req) =>
    ok(req, await service.publish(req.body.id, req.body.publish)),
  )
  app.delete<{ Querystring: { id: number } }>(C.delete, { schema: { tags, summary: 'Delete (links and banners go with it)', querystring: idQuerySchema }, preHandler: comp('delete') }, async (req) =>
    ok(req, await service.remove(req.query.id)),
  )
  app.get<{ Querystring: { id: number } }>(
    C.share,
    { schema: { tags, summary: 'Consumer link /competition?id= and its QR code', querystring: idQuerySchema }, preHandler: comp(COMPETITION_BUTTONS.share) },
    async (req) => ok(req, await service.share(req.query.id, originOf(req))),
  )

  // ---- linked activities (select-item dialog)
  app.get<{ Querystring: { competitionId: number } }>(C.activities, { schema: { tags, summary: 'Linked activities in their order', querystring: competitionIdQuery }, preHandler: comp() }, async (req) =>
    ok(req, await service.activities(req.query.competitionId)),
  )
  app.get<{ Querystring: { keyword?: string; page?: number; pageSize?: number } }>(
    C.activityCandidates,
    {
      schema: { tags, summary: 'Activities to pick from, with the competition each is linked to', querystring: { type: 'object', properties: { ...pageQuerySchema, keyword: keywordSchema } } },
      preHandler: comp(link),
    },
    async (req) => ok(req, await service.activityCandidates(req.query)),
  )
  app.post<{ Body: { competitionId: number; activityIds: number[] } }>(
    C.activityLink,
    { schema: { tags, summary: 'Link activities (626 when one is linked to another competition; all or nothing)', body: linkBody('activityIds') }, preHandler: comp(link) },
    async (req) => ok(req, await service.linkActivities(req.body.competitionId, req.body.activityIds)),
  )
  app.post<{ Body: { competitionId: number; activityId: number } }>(
    C.activityUnlink,
    { schema: { tags, summary: 'Unlink an activity', body: objectSchema({ competitionId: idSchema, activityId: idSchema }, ['competitionId', 'activityId']) }, preHandler: comp(link) },
    async (req) => ok(req, await service.unlinkActivity(req.body.competitionId, req.body.activityId)),
  )
  app.post<{ Body: { competitionId: number; activityIds: number[] } }>(
    C.activityOrder,
    { schema: { tags, summary: 'The order of all linked activities', body: objectSchema({ competitionId: idSchema, activityIds: ids(500) }, ['competitionId', 'activityIds']) }, preHandler: comp(link) },
    async (req) => ok(req, await service.orderActivities(req.body.competitionId, req.body.activityIds)),
  )

  // ---- participating projects and the project search list
  app.get<{ Querystring: { competitionId: number } }>(C.projects, { schema: { tags, summary: 'Participating projects', querystring: competitionIdQuery }, preHandler: comp() }, async (req) =>
    ok(req, await service.competitionProjects(req.query.competitionId)),
  )
  app.post<{ Body: { competitionId: number; projectIds: number[] } }>(
    C.projectLink,
    { schema: { tags, summary: 'Projects join the competition or park', body: linkBody('projectIds') }, preHandler: comp(link) },
    async (req) => ok(req, await service.linkProjects(req.body.competitionId, req.body.projectIds)),
  )
  app.post<{ Body: { competitionId: number; projectId: number } }>(
    C.projectUnlink,
    { schema: { tags, summary: 'A project leaves the competition or park', body: objectSchema({ competitionId: idSchema, projectId: idSchema }, ['competitionId', 'projectId']) }, preHandler: comp(link) },
    async (req) => ok(req, await service.unlinkProject(req.body.competitionId, req.body.projectId)),
  )
  app.get<{ Querystring: ProjectListQuery }>(
    C.projectSearch,
    { schema: { tags, summary: 'Every organisation’s projects (field, stage, competition, organisation, keyword)', querystring: projectListQuery }, preHandler: app.authorize({ menu: M.projectSearch }) },
    async (req) => ok(req, await projects.projects(req.query, null)),
  )

  // ---- projects
  app.get<{ Querystring: ProjectListQuery }>(P.list, { schema: { tags, summary: 'Projects in the caller’s organisations', querystring: projectListQuery }, preHandler: proj() }, async (req) =>
    ok(req, await projects.projects(req.query, access(req))),
  )
  app.get(P.options, { schema: { tags, summary: 'Organisations in scope, fields, competitions and parks' }, preHandler: proj() }, async (req) => ok(req, await projects.options(access(req))))
  app.get<{ Querystring: { id: number } }>(P.detail, { schema: { tags, summary: 'One project', querystring: idQuerySchema }, preHandler: proj() }, async (req) =>
    ok(req, await projects.project(req.query.id, access(req))),
  )
  app.post<{ Body: AdminProjectInput }>(P.add, { schema: { tags, summary: 'New project (draft); organizers: own organisation', body: projectBody }, preHandler: proj('add') }, async (req) =>
    ok(req, await projects.addProject(req.body, access(req))),
  )
  app.post<{ Body: AdminProjectInput & { id: number } }>(P.update, { schema: { tags, summary: 'Edit a project', body: projectUpdateBody }, preHandler: proj('edit') }, async (req) =>
    ok(req, await projects.updateProject(req.body.id, req.body, access(req))),
  )
  app.post<{ Body: { id: number; publish: boolean } }>(P.publish, { schema: { tags, summary: 'Publish or unpublish a project', body: publishBody }, preHandler: proj('publish') }, async (req) =>
    ok(req, await projects.publishProject(req.body.id, req.body.publish, access(req))),
  )
  app.delete<{ Querystring: { id: number } }>(P.delete, { schema: { tags, summary: 'Delete a project (629 while it takes part in a competition)', querystring: idQuerySchema }, preHandler: proj('delete') }, async (req) =>
    ok(req, await projects.removeProject(req.query.id, access(req))),
  )

  // ---- requirements
  app.get<{ Querystring: RequirementListQuery }>(
    P.requirementList,
    {
      schema: {
        tags,
        summary: 'Requirements (project, status, kind, overdue, keyword)',
        querystring: {
          type: 'object',
          properties: { ...pageQuerySchema, projectId: idSchema, status: enumOrEmpty(REQUIREMENT_STATUSES), kind: enumOrEmpty(REQUIREMENT_KINDS), overdue: boolSchema, keyword: keywordSchema },
        },
      },
      preHandler: reqs(),
    },
    async (req) => ok(req, await requirements.requirements(req.query, access(req))),
  )
  app.post<{ Body: AdminRequirementInput }>(P.requirementAdd, { schema: { tags, summary: 'New requirement (open)', body: requirementBody }, preHandler: reqs('add') }, async (req) =>
    ok(req, await requirements.addRequirement(req.body, access(req), req.auth!.userId)),
  )
  app.post<{ Body: AdminRequirementInput & { id: number } }>(P.requirementUpdate, { schema: { tags, summary: 'Edit a requirement', body: requirementUpdateBody }, preHandler: reqs('edit') }, async (req) =>
    ok(req, await requirements.updateRequirement(req.body.id, req.body, access(req))),
  )
  app.delete<{ Querystring: { id: number } }>(P.requirementDelete, { schema: { tags, summary: 'Delete a requirement', querystring: idQuerySchema }, preHandler: reqs('delete') }, async (req) =>
    ok(req, await requirements.removeRequirement(req.query.id, access(req))),
  )
  app.post<{ Body: { id: number; status: RequirementStatus; note?: string } }>(
    P.requirementStatus,
    {
      schema: { tags, summary: 'Status change open → in progress → met / closed (628 otherwise), recorded with who and when', body: objectSchema({ id: idSchema, status: { type: 'string', enum: [...REQUIREMENT_STATUSES] }, note: text(500) }, ['id', 'status']) },
      preHandler: reqs(COMPETITION_BUTTONS.status),
    },
    async (req) => ok(req, await requirements.setRequirementStatus(req.body.id, req.body.status, req.body.note, access(req), req.auth!.userId)),
  )
  app.get<{ Querystring: { id: number } }>(P.requirementHistory, { schema: { tags, summary: 'Status history, oldest first', querystring: idQuerySchema }, preHandler: reqs() }, async (req) =>
    ok(req, await requirements.requirementHistory(req.query.id, access(req))),
  )

  // ---- visits
  app.get<{ Querystring: VisitListQuery }>(
    P.visitList,
    { schema: { tags, summary: 'Visits, newest first (a project’s timeline with projectId)', querystring: { type: 'object', properties: { ...pageQuerySchema, projectId: idSchema, keyword: keywordSchema } } }, preHandler: visit() },
    async (req) => ok(req, await visits.visits(req.query, access(req))),
  )
  app.get<{ Querystring: { id: number } }>(P.visitDetail, { schema: { tags, summary: 'One visit', querystring: idQuerySchema }, preHandler: visit() }, async (req) =>
    ok(req, await visits.visit(req.query.id, access(req))),
  )
  app.post<{ Body: AdminVisitInput }>(P.visitAdd, { schema: { tags, summary: 'Log a visit (time with its zone)', body: visitBody }, preHandler: visit('add') }, async (req) =>
    ok(req, await visits.addVisit(req.body, access(req), req.auth!.userId)),
  )
  app.post<{ Body: AdminVisitInput & { id: number } }>(P.visitUpdate, { schema: { tags, summary: 'Edit a visit', body: visitUpdateBody }, preHandler: visit('edit') }, async (req) =>
    ok(req, await visits.updateVisit(req.body.id, req.body, access(req))),
  )
  app.delete<{ Querystring: { id: number } }>(P.visitDelete, { schema: { tags, summary: 'Delete a visit', querystring: idQuerySchema }, preHandler: visit('delete') }, async (req) =>
    ok(req, await visits.removeVisit(req.query.id, access(req))),
  )
}
