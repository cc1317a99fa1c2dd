/** Issue 5: site content admin: banners, adverts, rich content, cases, partners, common dates. */
import type { FastifyInstance } from 'fastify'

export default async function siteContentRoutes(_app: FastifyInstance) {}
