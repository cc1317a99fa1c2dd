/** Issue 5: service categories (hb_service_category tree, codes 600-618). */
import type { FastifyInstance } from 'fastify'

export default async function serviceCategoryRoutes(_app: FastifyInstance) {}
