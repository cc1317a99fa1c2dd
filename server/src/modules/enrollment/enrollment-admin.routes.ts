/** Issue 5: enrolment management per activity (answers, approval, export, promoters). */
import type { FastifyInstance } from 'fastify'

export default async function enrollmentAdminRoutes(_app: FastifyInstance) {}
