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
 * The home page `/`, the unfiltered activity list `/activity` and an activity's page `/activityDetail`
 * each carry a `<link rel=preload as=image fetchpriority=high>` of their
 * largest paint (the first home banner, the first card's poster, the activity's banner or poster,
 * otherwise found only after app.js and an API answer), and the home and list pages a preload of that
 * answer. Every consumer page also names, at the end of its head and at low priority, the build files
 * its route loads (page-chunks.json): they download while app.js runs instead of after it. Pages are
 * therefore built per answer and compressed by plugins/compress.ts, not sent from the copies.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { ACTIVITY_PAGE_SIZE } from '@contracts/activity'
import { API, LANG_COOKIE, type OptionItem } from '@contracts/api'
import { pagePathOf } from '@contracts/page-path'
import { envelope, langOf } from '../lib/envelope'
import { sendError } from './errors'
import { activityDetailFirstScreen, activityListFirstScreen, FIRST_PAINT_START_JS, homeFirstScreen, inLang, textOf, withAppAfterFirstPaint, withFirstScreen, type Texts } from './first-screen'
import type { Banner } from '@contracts/site'
import { INLINE_EXTENSIONS, extensionOf } from '../lib/upload-types'
import { isValidKey, type ByteRange, type Storage } from '../storage'
import { acceptedEncodings, type Encoding } from '../lib/accept-encoding'

const NO_CACHE = 'no-cache'
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** FIRST_PAINT_START_JS's address, named by its content */
const FIRST_PAINT_START_URL = `/js/first-paint.${createHash('sha256').update(FIRST_PAINT_START_JS).digest('hex').slice(0, 8)}.js`
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

/** how long a page's preload links (the same for every visitor) are reused before the database is asked again */
const PAGE_PRELOAD_TTL_MS = 10_000
/** what a page announces in its head: its largest picture and the API answers it asks for first */
interface Preload {
  images: PreloadImage[]
  fetches: string[]
}
/** a picture to preload; `media` when it is the largest paint of one layout only */
export interface PreloadImage {
  href: string
  media?: string
}
/** the consumer app's layouts (src/shared/hooks/use-viewport.ts: mobile under 768 px) */
const PHONE = '(max-width: 767.98px)'
const DESKTOP = '(min-width: 768px)'

/** an API address as the app writes it (the paths of the contract the client asks with) */
const apiAddress = (p: string) => `/api/v1${p}`
const HOME_CONTENT = apiAddress(API.home)
/** the activity list page's first request (src/pages/activity), as Taro's H5 request writes it */
const ACTIVITY_FIRST_PAGE_URL = apiAddress(`${API.activityList}?page=1&pageSize=${ACTIVITY_PAGE_SIZE}`)
/**
 * the options of its filter rows, asked for as the page mounts: announced too, so they arrive with the
 * first page (the rows appear in the same render, and their requests are not on the way to its paint)
 */
const ACTIVITY_FILTER_OPTION_URLS = [apiAddress(API.activityCategories), apiAddress(API.activityCountries)]

/** a banner's address as the app's `<img>` asks for it (src/shared/api/asset-url.ts on H5), or null */
export function preloadableUrl(url: string | null | undefined): string | null {
  if (!url || /^(data:|blob:|wxfile:)/i.test(url)) return null
  if (/^https?:/i.test(url)) return url
  if (url.startsWith('//')) return `https:${url}`
  return url.startsWith('/') ? url : `/${url}`
}

/**
 * The language the app will draw a first visit in when it has no stored choice: Chinese when the
 * browser's first language names zh, else English (src/shared/i18n detectLang on navigator.languages[0],
 * which browsers send as the first Accept-Language tag).
 */
export function pageLangOf(acceptLanguage: string | undefined): 'zh' | 'en' {
  const first = (acceptLanguage || '').split(',')[0] || ''
  return /zh/i.test(first) ? 'zh' : 'en'
}

/**
 * The language the page will draw in: the web app's stored choice, which it keeps in a cookie for this
 * (LANG_COOKIE, src/shared/platform/browser.h5.ts), else the first visit's guess from Accept-Language.
 */
const STORED_LANG = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=(zh|en)(?:;|$)`)
export function pageLang(headers: { cookie?: string; 'accept-language'?: string }): 'zh' | 'en' {
  const stored = STORED_LANG.exec(headers.cookie || '')?.[1]
  return stored === 'zh' || stored === 'en' ? stored : pageLangOf(headers['accept-language'])
}

/** page-chunks.json's entry for a language's texts (config/index.ts PageChunksManifestPlugin) */
export const textsChunkKey = (lang: 'zh' | 'en') => `#texts-${lang}`

/**
 * A preloaded picture as the page's `<img>` asks for it: the server's generated pictures
 * (`/static/posters/…`) carry the page's language (src/shared/api/asset-url.ts localizedPicture), and a
 * preload of another address is a second download the picture still waits behind.
 */
export function localizedPreload(href: string, lang: 'zh' | 'en'): string {
  if (!/^\/static\/posters\//.test(href) || /[?&]lang=/.test(href)) return href
  return `${href}${href.includes('?') ? '&' : '?'}lang=${lang}`
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * index.html with, early in its head, `<link rel=preload as=image fetchpriority=high>` of `images` and
 * a preload of each GET the page makes first (`fetches`, API addresses as the app writes them), so they
 * are on their way while app.js loads. The browser hands a preloaded answer to the app's request
 * whatever that request's headers, so only answers holding nothing of the caller's may be preloaded.
 * `chunks` (build files the page's route loads, page-chunks.json) are announced at the end of the head,
 * after the page's own scripts; one the page already names is left out.
 */
export function withPreloads(
  html: string,
  images: PreloadImage[],
  fetches: string[] = [],
  chunks: string[] = [],
  texts: string[] = [],
  /** the route's styles are applied at once (a page whose first screen the server draws), not preloaded */
  stylesheets = false,
): string {
  const early =
    images.map((i) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(i.href)}"${i.media ? ` media="${i.media}"` : ''}>`).join('') +
    fetches.map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttr(url)}">`).join('') +
    // as webpack will load it: a script element, no crossorigin (output.crossOriginLoading is off)
    texts.map((file) => `<link rel="preload" as="script" href="${escapeAttr(`/${file.replace(/^\/+/, '')}`)}">`).join('')
  const late = chunks
    .map((file) => `/${file.replace(/^\/+/, '')}`)
    .filter((href) => /\.(js|css)$/.test(href) && !html.includes(`"${href}"`))
    .map((href) =>
      stylesheets && href.endsWith('.css')
        ? // the app's chunk loader finds this link by its address and does not load the file again
          `<link rel="stylesheet" href="${escapeAttr(href)}">`
        : `<link rel="preload" as="${href.endsWith('.js') ? 'script' : 'style'}" fetchpriority="low" href="${escapeAttr(href)}">`,
    )
    .join('')
  let out = html
  if (stylesheets) {
    // the build's own preloads of the route's shared styles are applied at once too
    for (const file of chunks.filter((f) => f.endsWith('.css'))) {
      const href = `/${file.replace(/^\/+/, '')}`
      out = out.replace(`<link rel="preload" as="style" href="${href}">`, `<link rel="stylesheet" href="${escapeAttr(href)}">`)
    }
  }
  const end = late ? out.search(/<\/head>/i) : -1
  if (end >= 0) out = out.slice(0, end) + late + out.slice(end)
  if (!early) return out
  // after the charset declaration (which must stay in the first 1024 bytes), else right after <head>
  const anchor = /<meta[^>]*charset[^>]*>/i.exec(out) ?? /<head[^>]*>/i.exec(out)
  if (!anchor) return out
  const at = anchor.index + anchor[0].length
  return out.slice(0, at) + early + out.slice(at)
}

/**
 * The build files each consumer page's route loads beyond the initial ones, by public path
 * (dist/h5/page-chunks.json, written by the build: config/index.ts), read again when the build changes.
 */
function pageChunkReader(h5Dir: string): (urlPath: string, key?: 'exact') => string[] {
  let cached: { mtimeMs: number; byPath: Record<string, string[]> } | null = null
  return (urlPath, key) => {
    const file = path.join(h5Dir, 'page-chunks.json')
    let mtimeMs: number
    try {
      mtimeMs = fs.statSync(file).mtimeMs
    } catch {
      return []
    }
    if (!cached || cached.mtimeMs !== mtimeMs) {
      try {
        cached = { mtimeMs, byPath: JSON.parse(fs.readFileSync(file, 'utf8')) }
      } catch {
        cached = { mtimeMs, byPath: {} }
      }
    }
    // the page's public path as the router reads the URL (a trailing slash, /index, /competition/<id>)
    const p = key === 'exact' ? urlPath : pagePathOf(urlPath)
    const files = Object.prototype.hasOwnProperty.call(cached.byPath, p) ? cached.byPath[p] : []
    return Array.isArray(files) ? files.filter((f) => typeof f === 'string') : []
  }
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

/** `/uploads/private/…` however spelled (encoded, doubled slashes, dot segments): never served at /uploads */
function isPrivateUpload(url: string): boolean {
  let p = url.split('?')[0]
  try {
    p = decodeURIComponent(p)
  } catch {
    // malformed escapes: judged as given
  }
  return /^\/uploads\/private(\/|$)/i.test(path.posix.normalize(p.replace(/\\/g, '/')))
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
    // private/ holds what only its owner may fetch, through its own route (the personal-data downloads)
    files.addHook('onRequest', async (req, reply) => {
      if (isPrivateUpload(req.url)) return reply.status(404).type('text/plain').send('Not Found')
    })
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

  // the script that starts the app after a drawn first screen's picture has painted (first-screen.ts),
  // named by its content like the build's files, so it is cached for a year
  app.get(FIRST_PAINT_START_URL, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', IMMUTABLE).send(FIRST_PAINT_START_JS),
  )

  const chunksOf = pageChunkReader(h5Dir)
  const sendIndex = (
    req: FastifyRequest,
    reply: FastifyReply,
    dir: string,
    which: 'h5' | 'admin',
    preload?: Preload | null,
    /** the page's first screen drawn here (./first-screen.ts), in the page's language */
    firstScreen?: string | null,
  ) => {
    const index = path.join(dir, 'index.html')
    if (!fs.existsSync(index)) return missingBuildPage(reply, which)
    reply.status(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE).header('vary', 'accept-encoding')
    // the page with what it will ask for announced: built per answer (plugins/compress.ts compresses
    // it), the precompressed copies of the file would not carry the links
    const chunks = which === 'h5' ? chunksOf(req.url.split('?')[0]) : []
    const lang = pageLang(req.headers)
    // the texts the app waits for before its first render, in the language it will draw in
    const texts = which === 'h5' ? chunksOf(textsChunkKey(lang), 'exact') : []
    if (preload?.images.length || preload?.fetches.length || chunks.length || texts.length || firstScreen) {
      const images = (preload?.images ?? []).map((i) => ({ ...i, href: localizedPreload(i.href, lang) }))
      // the texts, the first screen and a generated picture's address follow the visitor's language
      if (texts.length || firstScreen || images.some((i, n) => i.href !== preload?.images[n].href)) reply.header('vary', 'accept-encoding, accept-language, cookie')
      const html = withPreloads(fs.readFileSync(index, 'utf8'), images, preload?.fetches ?? [], chunks, texts, !!firstScreen)
      return reply.send(firstScreen ? withAppAfterFirstPaint(withFirstScreen(html, firstScreen), FIRST_PAINT_START_URL) : html)
    }
    const copy = acceptedCopy(req, index)
    if (copy) return reply.header('content-encoding', copy.encoding).send(fs.readFileSync(copy.path))
    return reply.send(fs.readFileSync(index))
  }

  // What every visitor of a page is served from the database (its first picture, the home banners, the
  // texts a drawn first screen uses) is read at most once per PAGE_PRELOAD_TTL_MS per key, whatever the
  // traffic; a failed read answers `fallback` (and is read again after the same time).
  const kept = new Map<string, { at: number; value: Promise<unknown> }>()
  const keptRead = <T>(key: string, read: () => Promise<T>, fallback: T): Promise<T> => {
    const now = Date.now()
    const hit = kept.get(key)
    if (hit && now - hit.at <= PAGE_PRELOAD_TTL_MS) return hit.value as Promise<T>
    const value = read().catch((err: unknown) => {
      app.log.warn({ err, key }, 'page data not read')
      return fallback
    })
    kept.set(key, { at: now, value })
    return value
  }
  // A page's largest paint is a picture whose address the app learns only from an API answer, after
  // app.js has run: announced in the page itself, the picture (and that answer) download alongside the
  // script.
  const pictures = (href: string | null): PreloadImage[] => (href ? [{ href }] : [])
  // the app's texts with the operators' overrides, for the first screens the server draws (null: drawn
  // by the app alone): an operator's override shows within seconds, and a page answer neither reads the
  // overrides nor rebuilds the whole text tree
  const pageTexts = (lang: 'zh' | 'en'): Promise<Texts | null> =>
    keptRead(
      `texts ${lang}`,
      () =>
        app.services.site
          .mergedTranslations(lang === 'zh' ? 'zh-cn' : 'en')
          // without the texts (a root without the locale files) the page is the app's alone, not drawn with keys
          .then((texts) => (textOf(texts, 'common.back') === 'common.back' ? null : texts)),
      null,
    )
  const h5Built = () => fs.existsSync(path.join(h5Dir, 'index.html'))

  // home: the first banner, and GET /content/home (the same for everyone); on a phone the banner drawn
  app.get('/', { schema: { hide: true } }, async (req, reply) => {
    if (!h5Built()) return sendIndex(req, reply, h5Dir, 'h5', null)
    const banners = await keptRead<Banner[]>('home banners', () => app.services.content.banners('home'), [])
    const first = preloadableUrl(banners[0]?.imageUrl)
    let firstScreen: string | null = null
    if (first) {
      const lang = pageLang(req.headers)
      const texts = await pageTexts(lang)
      if (texts) firstScreen = homeFirstScreen(banners, localizedPreload(first, lang), lang, texts)
    }
    return sendIndex(req, reply, h5Dir, 'h5', { images: pictures(first), fetches: [HOME_CONTENT] }, firstScreen)
  })
  // the activity list without filters: its first page, its filters' options and the first card's poster
  // (src/pages/activity asks for page 1 of ACTIVITY_PAGE_SIZE; a filtered list is not announced)
  // (and on a phone the filter rows, the count and the first cards drawn)
  app.get('/activity', { schema: { hide: true } }, async (req, reply) => {
    const plain = !req.url.includes('?')
    if (!plain || !h5Built()) return sendIndex(req, reply, h5Dir, 'h5', null)
    const first = await keptRead('activity first page', async () => {
      const [page, categories, countries] = await Promise.all([
        app.services.activity.list({ page: 1, pageSize: ACTIVITY_PAGE_SIZE }),
        app.services.activity.categories(),
        app.services.activity.countries(),
      ])
      return { page, categories, countries }
    }, null)
    if (!first) return sendIndex(req, reply, h5Dir, 'h5', null)
    const preload = { images: pictures(preloadableUrl(first.page.list[0]?.posterUrl)), fetches: [ACTIVITY_FIRST_PAGE_URL, ...ACTIVITY_FILTER_OPTION_URLS] }
    let firstScreen: string | null = null
    const lang = pageLang(req.headers)
    const texts = first.page.list.length ? await pageTexts(lang) : null
    if (texts) {
      const options = (items: OptionItem[]) => items.map((o) => ({ code: o.code, label: inLang(lang, o.nameZh, o.nameEn) || o.code }))
      const poster = (url: string | null | undefined) => {
        const href = preloadableUrl(url)
        return href && localizedPreload(href, lang)
      }
      firstScreen = activityListFirstScreen(first.page.list, first.page.total, { categories: options(first.categories), countries: options(first.countries) }, poster, lang, texts)
    }
    return sendIndex(req, reply, h5Dir, 'h5', preload, firstScreen)
  })
  // an activity's page: on a phone its poster is the largest picture, on a desktop its banner (when it
  // has one); the answer itself holds the caller's enrolment, so it is not preloaded
  app.get<{ Querystring: { id?: string } }>('/activityDetail', { schema: { hide: true } }, async (req, reply) => {
    const id = Number(req.query.id)
    let images: PreloadImage[] = []
    let firstScreen: string | null = null
    if (Number.isSafeInteger(id) && id > 0 && h5Built()) {
      const first = await app.services.activity.firstScreen(id).catch((err: unknown) => {
        app.log.warn({ err, id }, 'activity first screen not read')
        return null
      })
      const poster = preloadableUrl(first?.item.posterUrl)
      const banner = preloadableUrl(first?.banner)
      images = poster && banner ? [{ href: poster, media: PHONE }, { href: banner, media: DESKTOP }] : pictures(poster ?? banner)
      if (first) {
        const lang = pageLang(req.headers)
        const texts = await pageTexts(lang)
        // an unknown or unpublished activity: the app draws its not-found state, as before
        if (texts) firstScreen = activityDetailFirstScreen(first.item, poster && localizedPreload(poster, lang), lang, texts)
      }
    }
    return sendIndex(req, reply, h5Dir, 'h5', { images, fetches: [] }, firstScreen)
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
