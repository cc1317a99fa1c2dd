/** Issue 5: hot content lists (activity, information, topic, video) with shared edit. */
import type { FastifyInstance } from 'fastify'

export default async function hotContentRoutes(_app: FastifyInstance) {}
