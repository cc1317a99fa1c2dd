/**
 * Serves the builds: dist/h5 at / and dist/admin at /admin/ (history-mode SPA fallbacks), uploaded
 * files at /uploads, translation files at /locales and /version.json; unknown /api paths get the
 * envelope 404. A missing build answers a page that says how to build it.
 *
 * Caching and compression: content-hashed build files (`main.1a2b3c4d.js`) never change under their
 * name, so they are cached for a year (`immutable`); index.html, version.json and the locale files are
 * revalidated on every load, so a deploy reaches clients at once (the version check reloads them).
 * The builds carry brotli and gzip copies written by scripts/precompress.mjs; the copy the browser
 * accepts is sent as is (`Vary: accept-encoding`); plugins/compress.ts leaves streams and encoded answers alone.
 *
 * The home page `/` is the one index.html built per answer: it carries a `<link rel=preload as=image
 * fetchpriority=high>` of the first home banner (its largest paint, otherwise found only after app.js and
 * GET /content/home have run), so it is compressed by plugins/compress.ts, not sent from the copies.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { envelope, langOf } from '../lib/envelope'
import { sendError } from './errors'
import { INLINE_EXTENSIONS, extensionOf } from '../lib/upload-types'
import { isValidKey, type ByteRange, type Storage } from '../storage'
import { acceptedEncodings, type Encoding } from '../lib/accept-encoding'

const NO_CACHE = 'no-cache'
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** a webpack content hash in the file name (`app.1a2b3c4d.js`, `app.<20 hex>.css`, `logo.1a2b3c4d.png`) */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i
/** what the build precompresses (scripts/precompress.mjs), so what may answer in another encoding */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/i

/** Cache-Control of a build file: a year for content-hashed names, revalidation for everything else. */
export function buildFileCacheControl(file: string): string {
  return HASHED.test(originalName(file)) ? IMMUTABLE : NO_CACHE
}

/** `app.1a2b3c4d.js.br` → `app.1a2b3c4d.js` (the file a precompressed copy stands for) */
function originalName(file: string): string {
  return path.basename(file).replace(/\.(br|gz)$/, '')
}

/** The precompressed copy of `file` the request accepts (brotli first), or null. */
function acceptedCopy(req: FastifyRequest, file: string): { path: string; encoding: Encoding } | null {
  for (const encoding of acceptedEncodings(req.headers['accept-encoding'])) {
    const copy = file + (encoding === 'br' ? '.br' : '.gz')
    if (fs.existsSync(copy)) return { path: copy, encoding }
  }
  return null
}

function missingBuildPage(reply: FastifyReply, which: 'h5' | 'admin') {
  const script = which === 'h5' ? 'npm run build:h5' : 'npm run build:admin'
  return reply
    .status(503)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><meta charset="utf-8"><title>Haijiao — build missing</title>` +
        `<h1>The ${which === 'h5' ? 'H5 app' : 'admin'} is not built yet</h1>` +
        `<p>Run <code>${script}</code> (or <code>npm start</code>, which builds missing apps), then reload.</p>` +
        `<p>The API is up: <a href="/api/docs">/api/docs</a>.</p>`,
    )
}

/** 4xx of a static file (416, 412 …) as plain text with its headers; anything else as the server answers errors */
function fileError(err: FastifyError & { headers?: Record<string, string> }, req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode ?? 500
  if (status < 400 || status >= 500) return sendError(err, req, reply)
  // a refused or malformed path (directory listing, traversal, NUL) is simply not there
  if (status === 403 || status === 400) return reply.status(404).type('text/plain; charset=utf-8').send('Not found')
  return reply
    .status(status)
    .headers(err.headers ?? {})
    .type('text/plain; charset=utf-8')
    .send(status === 416 ? 'Range Not Satisfiable' : 'Bad request')
}

/** user files must never run as pages of our origin: only images and videos show inline */
function uploadHeaders(res: { setHeader(k: string, v: string): void }, file: string) {
  res.setHeader('x-content-type-options', 'nosniff')
  res.setHeader('content-security-policy', 'sandbox')
  if (!INLINE_EXTENSIONS.has(extensionOf(file))) res.setHeader('content-disposition', 'attachment')
}

/** how long the home page's preloaded banner address is reused before the database is asked again */
const HOME_PRELOAD_TTL_MS = 10_000

/** a banner's address as the app's `<img>` asks for it (src/shared/api/asset-url.ts on H5), or null */
export function preloadableUrl(url: string | null | undefined): string | null {
  if (!url || /^(data:|blob:|wxfile:)/i.test(url)) return null
  if (/^https?:/i.test(url)) return url
  if (url.startsWith('//')) return `https:${url}`
  return url.startsWith('/') ? url : `/${url}`
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** what the home page asks for first (src/pages/index): its content, requested by the app as a CORS fetch */
const HOME_CONTENT_PRELOAD = '<link rel="preload" as="fetch" crossorigin href="/api/v1/content/home">'

/**
 * index.html with `<link rel=preload as=image fetchpriority=high>` of `imageUrl` (and, for the home page,
 * a preload of GET /content/home, so the answer is on its way while app.js loads) early in its head
 */
export function withImagePreload(html: string, imageUrl: string, homeContent = false): string {
  const link = `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(imageUrl)}">` + (homeContent ? HOME_CONTENT_PRELOAD : '')
  // after the charset declaration (which must stay in the first 1024 bytes), else right after <head>
  const anchor = /<meta[^>]*charset[^>]*>/i.exec(html) ?? /<head[^>]*>/i.exec(html)
  if (!anchor) return html
  const at = anchor.index + anchor[0].length
  return html.slice(0, at) + link + html.slice(at)
}

const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain; charset=utf-8').send('Not found')

/** one `bytes=a-b` / `bytes=a-` / `bytes=-n` range of a `size`-byte file; 'bad' when unsatisfiable, null = whole file */
function parseRange(header: string | undefined, size: number): ByteRange | 'bad' | null {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  let start: number
  let end: number
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return 'bad'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  if (start >= size || start > end) return 'bad'
  return { start, end }
}

/**
 * An upload from an object store, as @fastify/static answers one from disk: type, length, ETag and
 * Last-Modified, 304 on a matching If-None-Match / If-Modified-Since, one byte range (206, or 416 with
 * `Content-Range: bytes *\/size`), the body streamed from the store.
 */
async function serveStored(storage: Storage, key: string, req: FastifyRequest, reply: FastifyReply) {
  if (!isValidKey(key)) return notFound(reply)
  const meta = await storage.head(key)
  if (!meta) return notFound(reply)
  uploadHeaders({ setHeader: (k, v) => reply.header(k, v) }, key)
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'public, max-age=0')
    .header('etag', meta.etag)
    .header('last-modified', meta.lastModified.toUTCString())
    .type(meta.contentType)
  const inm = req.headers['if-none-match']
  const ims = req.headers['if-modified-since']
  const notModified = inm
    ? inm.split(',').some((t) => t.trim() === meta.etag || t.trim() === `W/${meta.etag}` || t.trim() === '*')
    : ims
      ? Math.floor(meta.lastModified.getTime() / 1000) <= Math.floor(new Date(ims).getTime() / 1000)
      : false
  if (notModified) return reply.status(304).send()
  const ifRange = req.headers['if-range']
  const range = ifRange && ifRange !== meta.etag ? null : parseRange(req.headers.range, meta.size)
  if (range === 'bad') {
    return reply.status(416).header('content-range', `bytes */${meta.size}`).type('text/plain; charset=utf-8').send('Range Not Satisfiable')
  }
  const length = range ? range.end - range.start + 1 : meta.size
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${meta.size}`)
  reply.header('content-length', String(length))
  if (req.method === 'HEAD') return reply.send()
  const got = await storage.get(key, range ?? undefined)
  if (!got) return notFound(reply)
  return reply.send(got.body)
}

export default fp(async (app: FastifyInstance) => {
  const { config } = app.ctx
  const h5Dir = path.join(config.rootDir, 'dist', 'h5')
  const adminDir = path.join(config.rootDir, 'dist', 'admin')
  const uploadsDir = path.join(config.dataDir, 'uploads')
  const localesDir = path.join(config.rootDir, 'src', 'shared', 'i18n', 'locales')
  if (app.ctx.storage.kind === 'local') fs.mkdirSync(uploadsDir, { recursive: true })

  const setHeaders = (res: { setHeader(k: string, v: string): void }, file: string) => {
    res.setHeader('cache-control', buildFileCacheControl(file))
    if (COMPRESSIBLE.test(originalName(file))) res.setHeader('vary', 'accept-encoding')
  }
  // cacheControl: false — @fastify/static would otherwise add its own `public, max-age=0`
  const buildOptions = { decorateReply: false, setHeaders, dotfiles: 'ignore', preCompressed: true, cacheControl: false } as const

  // Own context: a file answer's HTTP errors keep their status (a range past the end is 416 with
  // `Content-Range: bytes */size`, what a seeking player expects), not the API envelope.
  // Local disk: @fastify/static over the storage's directory; an object store: streamed through it.
  const storage = app.ctx.storage
  await app.register(async (files) => {
    files.setErrorHandler(fileError)
    if (storage.kind === 'local') {
      await files.register(fastifyStatic, {
        root: uploadsDir,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        dotfiles: 'ignore',
        setHeaders: (res, file) => uploadHeaders(res, file),
      })
    } else {
      files.route<{ Params: { '*': string } }>({
        method: ['GET', 'HEAD'],
        url: '/uploads/*',
        schema: { hide: true },
        handler: (req, reply) => serveStored(storage, req.params['*'], req, reply),
      })
    }
  })
  await app.register(async (builds) => {
    builds.setErrorHandler(fileError)
    if (fs.existsSync(adminDir)) {
      await builds.register(fastifyStatic, { ...buildOptions, root: adminDir, prefix: '/admin/', redirect: false })
    }
    if (fs.existsSync(h5Dir)) {
      await builds.register(fastifyStatic, { ...buildOptions, root: h5Dir, prefix: '/' })
    }
  })

  const sendIndex = (req: FastifyRequest, reply: FastifyReply, dir: string, which: 'h5' | 'admin', preloadImage?: string | null) => {
    const index = path.join(dir, 'index.html')
    if (!fs.existsSync(index)) return missingBuildPage(reply, which)
    reply.status(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE).header('vary', 'accept-encoding')
    // the page with its largest picture announced: built per answer (plugins/compress.ts compresses it),
    // the precompressed copies of the file would not carry the link
    if (preloadImage) return reply.send(withImagePreload(fs.readFileSync(index, 'utf8'), preloadImage, true))
    const copy = acceptedCopy(req, index)
    if (copy) return reply.header('content-encoding', copy.encoding).send(fs.readFileSync(copy.path))
    return reply.send(fs.readFileSync(index))
  }

  // The home page's largest paint is its first banner, whose address the app learns only from
  // GET /content/home after app.js has run: announced in the page itself, the picture downloads
  // alongside the script. Read from the database at most once per HOME_PRELOAD_TTL_MS.
  let homePreload: { at: number; url: Promise<string | null> } | null = null
  const firstHomeBanner = (): Promise<string | null> => {
    const now = Date.now()
    if (!homePreload || now - homePreload.at > HOME_PRELOAD_TTL_MS) {
      const url = app.services.content
        .banners('home')
        .then((banners) => preloadableUrl(banners[0]?.imageUrl))
        .catch((err: unknown) => {
          app.log.warn({ err }, 'home page: first banner not read for the preload link')
          return null
        })
      homePreload = { at: now, url }
    }
    return homePreload.url
  }
  app.get('/', { schema: { hide: true } }, async (req, reply) => {
    const index = path.join(h5Dir, 'index.html')
    const image = fs.existsSync(index) ? await firstHomeBanner() : null
    return sendIndex(req, reply, h5Dir, 'h5', image)
  })

  const versionOf = (dir: string) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, 'version.json'), 'utf8'))
    } catch {
      return { version: 'unbuilt' }
    }
  }
  app.get('/version.json', { schema: { hide: true } }, async (_req, reply) => reply.header('cache-control', 'no-store').send(versionOf(h5Dir)))
  app.get('/admin/version.json', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send(versionOf(adminDir)),
  )

  app.get<{ Params: { file: string } }>('/locales/:file', { schema: { hide: true } }, async (req, reply) => {
    const file = req.params.file
    if (!/^[a-z]{2}(-[a-z]{2})?\.json$/.test(file)) return reply.status(404).type('text/plain').send('Not found')
    const full = path.join(localesDir, file)
    if (!fs.existsSync(full)) return reply.status(404).type('text/plain').send('Not found')
    // the shipped texts with the operators' overrides (admin › texts › UI translations) applied
    const lang = file.replace(/\.json$/, '')
    const body = lang === 'zh-cn' || lang === 'en' ? JSON.stringify(await app.services.site.mergedTranslations(lang)) : fs.readFileSync(full)
    return reply.type('application/json; charset=utf-8').header('cache-control', NO_CACHE).send(body)
  })

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const urlPath = req.url.split('?')[0]
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      return reply.status(404).send(envelope(302, null, langOf(req)))
    }
    const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(urlPath)
    // dotfiles (/.env, /.git/…), traversal and NUL are never pages: 404, not the app's index
    const blocked = /(^|\/)\.|%00|%2e%2e|%2f/i.test(urlPath) || urlPath.includes(String.fromCharCode(0))
    if (!isPageRequest || blocked || urlPath === '/uploads' || urlPath.startsWith('/uploads/') || urlPath.startsWith('/locales/')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found')
    }
    if (urlPath === '/admin' || urlPath.startsWith('/admin/')) return sendIndex(req, reply, adminDir, 'admin')
    return sendIndex(req, reply, h5Dir, 'h5')
  })
})
