import type { FastifyRequest } from 'fastify'
import { messageFor, type Lang } from '@contracts/error-codes'
import type { Envelope } from '@contracts/api'
import { JsonBytes } from './json-template'

/** `lang: zh|en` header wins (the clients send their stored choice), then Accept-Language; default zh. */
export function langOf(req: Pick<FastifyRequest, 'headers'>): Lang {
  const explicit = String(req.headers['lang'] ?? '').toLowerCase()
  if (explicit.startsWith('en')) return 'en'
  if (explicit.startsWith('zh')) return 'zh'
  const accept = String(req.headers['accept-language'] ?? '').toLowerCase().trim()
  if (!accept) return 'zh'
  const first = accept.split(',')[0].trim()
  if (first.startsWith('en')) return 'en'
  return 'zh'
}

export function envelope<T>(code: number, result: T, lang: Lang, field?: string): Envelope<T> {
  const base = messageFor(code, lang)
  return { code, result, message: field ? `${base}: ${field}` : base }
}

/** Success answer in the caller's language. */
export function ok<T>(req: FastifyRequest, result: T): Envelope<T> {
  return envelope(200, result, langOf(req))
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/**
 * The success envelope around a result already serialised, as the UTF-8 bytes of
 * JSON.stringify(ok(req, result)). A route sends it with `reply.type(JSON_CONTENT_TYPE)` (a Buffer is
 * sent as it is: no second serialisation, no re-encoding on write).
 */
export function okJson(req: FastifyRequest, result: JsonBytes): Buffer {
  return new JsonBytes().text('{"code":200,"result":').append(result).text(`,"message":${JSON.stringify(messageFor(200, langOf(req)))}}`).toBuffer()
}
