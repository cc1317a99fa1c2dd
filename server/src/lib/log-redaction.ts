/**
 * What the request log may keep. Credentials must not land in logs: query parameters that carry one
 * (tokens of e-mail links, tourist ids, guest tokens, codes) are masked, and headers are never logged
 * whole — Authorization, cookies and the chat's credential sub-protocols are censored.
 */
const SECRET_PARAMS = /([?&](?:token|touristId|guestToken|access_token|code|codeKey|ticket|state)=)[^&#]*/gi

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]')
}

interface LoggedRequest {
  method: string
  url: string
  hostname?: string
  ip?: string
  socket?: { remotePort?: number }
}

export const logSerializers = {
  req(req: LoggedRequest) {
    return { method: req.method, url: redactUrl(req.url), hostname: req.hostname, remoteAddress: req.ip, remotePort: req.socket?.remotePort }
  },
}

/** pino paths censored wherever a log line carries them */
export const LOG_REDACT = {
  paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["sec-websocket-protocol"]', 'headers.authorization', 'authorization'],
  censor: '[redacted]',
}
