/** CMS › Policies admin endpoints (menu 'cms/policy/list'; buttons add, edit, delete, publish, rule). */
import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { CMS_API, CMS_MENUS, type PolicyInput, type PolicyRuleInput } from '@contracts/admin-cms'
import type { PolicyLevel } from '@contracts/policy'
import { POLICY_SORT } from './policy-admin.service'
import { isoTime, listQuerySchema, publishBody, richText } from '../../blocks/article/article.schemas'
import type { AdminListQuery } from '../../blocks/article/article.fields'
import { idQuerySchema, text } from '../../lib/route-schemas'

const LEVELS = ['national', 'provincial', 'municipal', 'district']

const policyBody = {
  type: 'object',
  required: ['titleZh', 'titleEn', 'level'],
  properties: {
    titleZh: text(200),
    titleEn: text(300),
    summaryZh: text(1000),
    summaryEn: text(2000),
    level: { type: 'string', enum: LEVELS },
    categoryCode: { type: ['string', 'null'], maxLength: 50 },
    cityZh: text(50),
    cityEn: text(100),
    issuerZh: text(100),
    issuerEn: text(200),
    contentZh: richText,
    contentEn: richText,
    publishedAt: isoTime,
  },
} as const

const bound = (max: number) => ({ type: ['integer', 'null'], minimum: 0, maximum: max }) as const
const codes = { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 50 } } as const
const ruleBody = {
  type: 'object',
  required: ['policyId'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    policyId: { type: 'integer', minimum: 1 },
    degree: { type: ['string', 'null'], enum: ['bachelor', 'master', 'doctor', null] },
    minAge: bound(100),
    maxAge: bound(100),
    minOverseasYears: bound(80),
    maxReturnYears: bound(80),
    cities: codes,
    titles: codes,
    platformNatures: codes,
    professionalFields: codes,
    foreignDescent: { type: 'string', enum: ['any', 'chinese_only', 'foreign_descent_allowed'] },
  },
} as const

export default async function policyAdminRoutes(app: FastifyInstance) {
  const service = app.services.policyAdmin
  const menu = CMS_MENUS.policy
  const tags = ['cms']
  const can = (button?: string) => app.authorize(button ? { menu, button } : { menu })

  app.get<{ Querystring: AdminListQuery & { level?: PolicyLevel | '' } }>(
    CMS_API.policyList,
    {
      schema: { tags, summary: 'Policies of any status (keyword, status, level, sort)', querystring: listQuerySchema(Object.keys(POLICY_SORT), { level: { type: 'string', enum: [...LEVELS, ''] } }) },
      preHandler: can(),
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    CMS_API.policyDetail,
    { schema: { tags, summary: 'One policy with its rules', querystring: idQuerySchema }, preHandler: can() },
    async (req) => ok(req, await service.detail(req.query.id)),
  )
  app.post<{ Body: PolicyInput }>(
    CMS_API.policyAdd,
    { schema: { tags, summary: 'New policy (draft)', body: policyBody }, preHandler: can('add') },
    async (req) => ok(req, await service.add(req.body)),
  )
  app.post<{ Body: PolicyInput & { id: number } }>(
    CMS_API.policyUpdate,
    {
      schema: { tags, summary: 'Edit a policy', body: { ...policyBody, required: ['id', ...policyBody.required], properties: { ...policyBody.properties, id: { type: 'integer', minimum: 1 } } } },
      preHandler: can('edit'),
    },
    async (req) => ok(req, await service.update(req.body.id, req.body)),
  )
  app.post<{ Body: { id: number; publish: boolean } }>(
    CMS_API.policyPublish,
    { schema: { tags, summary: 'Publish or unpublish a policy', body: publishBody }, preHandler: can('publish') },
    async (req) => ok(req, await service.publish(req.body.id, req.body.publish)),
  )
  app.delete<{ Querystring: { id: number } }>(
    CMS_API.policyDelete,
    { schema: { tags, summary: 'Delete a policy and its rules', querystring: idQuerySchema }, preHandler: can('delete') },
    async (req) => ok(req, await service.remove(req.query.id)),
  )
  app.get<{ Querystring: { id: number } }>(
    CMS_API.policyRuleList,
    { schema: { tags, summary: "A policy's match rules (query id = policy id)", querystring: idQuerySchema }, preHandler: can() },
    async (req) => ok(req, await service.rules(req.query.id)),
  )
  app.post<{ Body: PolicyRuleInput }>(
    CMS_API.policyRuleSave,
    { schema: { tags, summary: 'Save a rule card (no id = new rule); minAge ≤ maxAge', body: ruleBody }, preHandler: can('rule') },
    async (req) => ok(req, await service.saveRule(req.body)),
  )
  app.delete<{ Querystring: { id: number } }>(
    CMS_API.policyRuleDelete,
    { schema: { tags, summary: 'Delete a rule card (query id = rule id)', querystring: idQuerySchema }, preHandler: can('rule') },
    async (req) => ok(req, await service.removeRule(req.query.id)),
  )
}
