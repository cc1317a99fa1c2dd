/**
 * Demo assets outside /api/v1: the generated images at /static/posters/<slug>.svg (poster.ts) and the
 * files of server/assets/videos at /static/videos/ (range requests, for the player), and the mini-program's
 * default share card at /static/share/ (server/assets/share, drawn by scripts/share-card.mjs).
 */
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'

export default async function assetRoutes(app: FastifyInstance) {
  const service = app.services.asset
  await app.register(fastifyStatic, {
    root: path.join(app.ctx.config.rootDir, 'server', 'assets', 'videos'),
    prefix: '/static/videos/',
    decorateReply: false,
    index: false,
    redirect: false,
    setHeaders: (res: { setHeader(k: string, v: string): void }) => res.setHeader('cache-control', 'public, max-age=86400'),
  })
  await app.register(fastifyStatic, {
    root: path.join(app.ctx.config.rootDir, 'server', 'assets', 'share'),
    prefix: '/static/share/',
    decorateReply: false,
    index: false,
    redirect: false,
    maxAge: 86400 * 1000,
  })
  app.get<{ Params: { slug: string }; Querystring: { t?: string; s?: string; lang?: string } }>('/static/posters/:slug', { schema: { hide: true } }, async (req, reply) => {
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
    // ?lang=zh|en: drawn for a page in that language; anything else draws the bilingual default
    const lang = req.query.lang === 'zh' || req.query.lang === 'en' ? req.query.lang : undefined
    const drawn = await service.poster(req.params.slug, str(req.query.t), str(req.query.s), lang)
    if (drawn === null) return reply.status(404).type('text/plain').send('Not found')
    // X-Poster-Lang: the language of the words on the picture (zh, en, mixed, brand, none), for checks
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').header('x-poster-lang', drawn.lang).send(drawn.svg)
  })
}
