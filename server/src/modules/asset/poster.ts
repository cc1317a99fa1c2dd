/**
 * Generated demo posters (`/static/posters/<slug>.svg`): the seed's activities point here so the home
 * page shows pictures without shipping binary assets. Colours derive from the slug.
 */
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'

export function posterSvg(slug: string): string {
  const h = crypto.createHash('sha1').update(slug).digest()
  const hue1 = h[0] * 360 / 255
  const hue2 = (hue1 + 40 + (h[1] % 80)) % 360
  const label = slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()).slice(0, 28)
  const esc = label.replace(/[<>&"]/g, '')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="420" viewBox="0 0 750 420">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue1.toFixed(0)},65%,45%)"/><stop offset="1" stop-color="hsl(${hue2.toFixed(0)},70%,30%)"/></linearGradient></defs>
<rect width="750" height="420" fill="url(#g)"/>
<circle cx="${600 + (h[2] % 100)}" cy="${80 + (h[3] % 60)}" r="${90 + (h[4] % 60)}" fill="#fff" opacity="0.12"/>
<circle cx="${80 + (h[5] % 120)}" cy="${330 + (h[6] % 60)}" r="${120 + (h[7] % 50)}" fill="#fff" opacity="0.08"/>
<text x="48" y="360" font-family="Arial, 'Noto Sans CJK SC', sans-serif" font-size="44" font-weight="bold" fill="#fff">${esc}</text>
<text x="48" y="80" font-family="Arial, 'Noto Sans CJK SC', sans-serif" font-size="28" fill="#fff" opacity="0.85">海交 Haijiao</text>
</svg>`
}

export default async function posterRoutes(app: FastifyInstance) {
  app.get<{ Params: { slug: string } }>('/static/posters/:slug', { schema: { hide: true } }, async (req, reply) => {
    const m = /^([a-z0-9-]{1,60})\.svg$/.exec(req.params.slug)
    if (!m) return reply.status(404).type('text/plain').send('Not found')
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(posterSvg(m[1]))
  })
}
