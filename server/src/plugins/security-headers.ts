/**
 * Security headers on every answer (helmet): a Content-Security-Policy the built H5 app and
 * admin satisfy (the browser suite fails on any violation), nosniff, a Referrer-Policy, no framing of
 * the admin (frame-ancestors 'none'), and HSTS when PUBLIC_URL is https.
 *
 * The policy, and why each source is there:
 * - script-src 'self': both builds are bundled files of ours; no inline script, no eval.
 * - style-src 'self' 'unsafe-inline': React style attributes and antd's CSS-in-JS <style> tags (no
 *   nonce reaches them); styles cannot run code, scripts stay strict.
 * - img-src 'self' data: blob: https:: the captcha is an SVG data URL, picked files preview as blob:,
 *   and rich-text content may show https images (the sanitizer allows only http(s) there).
 * - media-src 'self' blob: https:: uploaded videos and external video URLs of the CMS.
 * - connect-src 'self' blob:: the API and the chat socket (same origin; 'self' covers ws:/wss: in CSP 3);
 *   the upload path reads a picked file back through its blob: URL.
 * - object-src 'none', base-uri 'self', form-action 'self', frame-src 'none'.
 * - frame-ancestors 'self' for the app, 'none' for /admin (no clickjacking of the back office).
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  connectSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
}

export default fp(async (app: FastifyInstance) => {
  const https = app.ctx.config.publicUrl.startsWith('https://')
  // helmet's middleware built once, applied to every request. Why not @fastify/helmet: it builds the
  // middleware anew on every request (parsing the CSP directives again), ~4 % of a cold list request's
  // CPU (--cpu-prof); the headers are the same ones.
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP_DIRECTIVES, ...(https ? { upgradeInsecureRequests: [] } : {}) },
    },
    // HSTS only where the site is served over https: on plain http it would be ignored or, worse, stick
    hsts: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // uploads are loaded by the mini-program and the H5 dev server from another origin
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // the WeChat sign-in is a full-page redirect; no popup needs the opener
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
  })
  app.addHook('onRequest', (req, reply, done) => applyHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)))
  app.addHook('onSend', async (req, reply) => {
    const url = req.url
    if (url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?')) {
      const csp = reply.getHeader('content-security-policy')
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'self'", "frame-ancestors 'none'"))
      reply.header('x-frame-options', 'DENY')
    }
  })
})
