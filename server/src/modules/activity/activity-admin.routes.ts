/** Issue 5: activity publishing (steps, form builder) and the manager list. */
import type { FastifyInstance } from 'fastify'

export default async function activityAdminRoutes(_app: FastifyInstance) {}
