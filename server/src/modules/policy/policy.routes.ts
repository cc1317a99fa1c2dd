import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { codeSchema, contentPageSchema, idQuerySchema, keywordSchema } from '../../lib/route-schemas'
import type { MatchAnswers } from '@contracts/policy'

export default async function policyRoutes(app: FastifyInstance) {
  const service = app.services.policy
  const tags = ['policy']
  app.get<{ Querystring: { page?: number; pageSize?: number; keyword?: string; categoryCode?: string; level?: string } }>(
    '/policy/info/list',
    {
      schema: {
        tags,
        summary: 'Published policies, newest first',
        querystring: {
          type: 'object',
          properties: {
            ...contentPageSchema,
            keyword: keywordSchema,
            categoryCode: codeSchema,
            level: { type: 'string', enum: ['national', 'provincial', 'municipal', 'district', ''] },
          },
        },
      },
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    '/policy/info/detail',
    { schema: { tags, summary: 'One policy with its match rules', querystring: idQuerySchema } },
    async (req) => ok(req, await service.detail(req.query.id)),
  )
  app.get('/policy/category/list', { schema: { tags, summary: 'Policy categories' } }, async (req) => ok(req, await service.categories()))
  app.get('/policy/match/options', { schema: { tags, summary: 'Questionnaire options' } }, async (req) => ok(req, await service.matchOptions()))
  const code = { type: 'string', maxLength: 50 }
  const years = { type: 'integer', minimum: 0, maximum: 80 }
  app.post<{ Body: MatchAnswers }>(
    '/policy/match/run',
    {
      schema: {
        tags,
        summary: 'Evaluate every rule of every published policy against the answers',
        body: {
          type: 'object',
          required: ['degree', 'age', 'overseasYears', 'returnYears', 'city', 'title', 'platformNature', 'professionalField', 'foreignNationality'],
          properties: {
            degree: { type: 'string', enum: ['bachelor', 'master', 'doctor'] },
            age: { type: 'integer', minimum: 16, maximum: 100 },
            overseasYears: years,
            returnYears: years,
            city: code,
            title: code,
            platformNature: code,
            professionalField: code,
            foreignNationality: { type: 'boolean' },
          },
        },
      },
    },
    async (req) => ok(req, await service.match(req.body)),
  )
}
