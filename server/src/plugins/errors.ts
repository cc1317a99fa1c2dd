/**
 * Every failure leaves as the envelope. Business and validation outcomes are HTTP 200 with the
 * catalogue code (HTTP policy in src/shared/contracts/api.ts); auth failures carry their own HTTP
 * status; anything unexpected is logged and answered 500 with the catalogue text only.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'
import { envelope, langOf } from '../lib/envelope'

function validationField(err: FastifyError): string {
  const first = err.validation?.[0] as
    | { instancePath?: string; params?: { missingProperty?: string; additionalProperty?: string } }
    | undefined
  if (!first) return err.validationContext ?? 'body'
  if (first.params?.missingProperty) return first.params.missingProperty
  const p = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')
  return p || err.validationContext || 'body'
}

const UPLOAD_ERRORS = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_NO_FORM_DATA',
])

/** numeric_value_out_of_range, invalid_text_representation, character_not_in_repertoire, untranslatable_character, datetime_field_overflow, invalid_datetime_format */
const PG_BAD_VALUE = new Set(['22003', '22P02', '22021', '22P05', '22008', '22007'])

export function sendError(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  const lang = langOf(req)
  if (err instanceof AppError) {
    return reply.status(err.httpStatus).send(envelope(err.code, err.result, lang, err.field))
  }
  const e = err as FastifyError
  if (e && e.validation) {
    const field = validationField(e)
    return reply.status(200).send(envelope(301, { field }, lang, field))
  }
  if (e && e.code && UPLOAD_ERRORS.has(e.code)) {
    return reply.status(200).send(envelope(301, { field: 'file', reason: e.code }, lang, 'file'))
  }
  // PostgreSQL refusing a value the schema let through (an id past int4, text it cannot take): the
  // request's parameter is wrong, not the server — found by the bad-input sweep
  if (e && typeof e.code === 'string' && PG_BAD_VALUE.has(e.code)) {
    req.log.info({ code: e.code }, 'value refused by the database')
    return reply.status(200).send(envelope(301, { field: 'body' }, lang, 'body'))
  }
  const status = e?.statusCode ?? 500
  if (status === 429) {
    return reply.status(429).send(envelope(432, null, lang))
  }
  if (status >= 400 && status < 500) {
    // malformed JSON, wrong content type, body too large …: the request itself is the bad parameter
    req.log.info({ code: e.code, msg: e.message }, 'bad request')
    return reply.status(200).send(envelope(301, { field: 'body' }, lang, 'body'))
  }
  req.log.error({ err }, 'unhandled error')
  return reply.status(500).send(envelope(500, null, lang))
}

export default fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err, req, reply) => sendError(err, req, reply))
})
