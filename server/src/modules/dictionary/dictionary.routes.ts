/** Issue 5: dictionaries (types, options, /dict/info/tree/dict) and site texts admin. */
import type { FastifyInstance } from 'fastify'

export default async function dictionaryRoutes(_app: FastifyInstance) {}
