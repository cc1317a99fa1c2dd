/**
 * Request ids: an incoming `X-Request-Id` (from the reverse proxy or the caller) is kept when it is a
 * plain token of up to 128 characters, so one id follows a request through proxy and instance logs;
 * anything else is replaced by a fresh UUID. The id is echoed in the `x-request-id` response header
 * and written as `reqId` in every log line of the request.
 */
import crypto from 'node:crypto'

const REQUEST_ID_RE = /^[A-Za-z0-9._:@-]{1,128}$/

export function requestIdOf(incoming: string | string[] | undefined): string {
  const raw = Array.isArray(incoming) ? incoming[0] : incoming
  return raw && REQUEST_ID_RE.test(raw) ? raw : crypto.randomUUID()
}
