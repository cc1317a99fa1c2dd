/**
 * Generated demo images (`/static/posters/<slug>.svg`, served by asset.routes.ts): the seed points its
 * posters, banners, logos, QR codes and avatars here so the pages show pictures without shipping binary
 * assets. Colours derive
 * from the slug; the design derives from its prefix, each drawn for the box the pages show it in:
 * - `banner-*`  1600 × 400: full-width pattern, text in the centre band that survives every crop
 *               (desktop detail 1200 × 280, home 1200 × 360, mobile 2.4 : 1);
 * - `logo-*`, `platform-*`  360 × 240 logo: mark + name on white (shown with object-fit: contain);
 * - `*qr*`, `wechat-group-*`  square QR-like code;  `talent-*` square avatar with initials;
 * - `advert-*`  1200 × 200 advert strip art without words: the advert slot (components/advert) writes the
 *               advert's title and call to action over it in the page's language, and any crop from the
 *               phone's 4.5 : 1 to the desktop's 10 : 1 keeps a finished picture (nothing to clip);
 * - anything else: a 750 × 420 poster whose text sits in the middle band, clear of the card badges in
 *   the corners and inside the 4 : 3 crop of the mobile list.
 * An optional `?t=` query (≤ 60 characters) replaces the label drawn from the slug; banners also take a
 * subtitle `?s=` (≤ 80). An activity's banner (`banner-activity-<id>`) shows that activity's Chinese
 * title with its English one.
 * `?lang=zh|en` draws the picture for a page in that language (the consumer app always asks): the
 * brand line reads 海交 or HAIJIAO, an activity banner shows the title in that language only, and a
 * label drawn from the (English) slug is left out of a Chinese picture. `posterDrawing` says which
 * language the words it drew are in (the route answers it as `X-Poster-Lang`): 'zh', 'en', 'mixed'
 * (both, the default without `lang`), 'brand' (a logo's or QR code's own mark) or 'none' (no words).
 * Posters differ by more than colour: the slug also picks one of several motifs.
 */
import crypto from 'node:crypto'

const FONT = `font-family="'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', Arial, sans-serif"`
const ACRONYMS = new Set(['ai', 'bp', 'ic', 'qr', 'vc', 'it', 'cas', 'sjtu', 'zju', 'llm', 'sip', 'cssa', 'sdic', 'us', 'uk', 'bgi', 'sip'])
/** the words of a slug that describe the kind of picture, not its subject */
const KIND_WORDS = new Set(['banner', 'logo', 'platform', 'talent', 'info', 'topic', 'roadshow', 'video', 'competition', 'hot', 'service', 'about', 'home'])

/** banners of the page carousels (banners table, seeded as banner-<position>-<name>): the carousel overlays the title */
const CAROUSEL_BANNER = /^banner-(home|activity|roadshow|policy)-(?!\d+$)/

export type PosterKind = 'banner' | 'logo' | 'qr' | 'avatar' | 'advert' | 'poster'

export function posterKind(slug: string): PosterKind {
  if (slug.startsWith('banner-')) return 'banner'
  if (slug.startsWith('logo-') || slug.startsWith('platform-')) return 'logo'
  if (/(^|-)qr($|-)/.test(slug) || slug.startsWith('wechat-group-')) return 'qr'
  if (slug.startsWith('talent-')) return 'avatar'
  if (slug.startsWith('advert-')) return 'advert'
  return 'poster'
}

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] as string)

/** 'ai-talent-shanghai' → 'AI Talent Shanghai'; kind prefixes and bare numbers are dropped. */
export function slugLabel(slug: string): string {
  const words = slug.split('-').filter(Boolean)
  while (words.length > 1 && KIND_WORDS.has(words[0])) words.shift()
  const kept = words.filter((w) => !/^\d+$/.test(w) && w !== 'activity')
  if (!kept.length) return 'Haijiao Events'
  const label = kept.map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1))).join(' ')
  return label || 'Haijiao'
}

/** Breaks a label into at most `max` lines of about `width` characters (CJK counts double). */
export function wrapLabel(label: string, width: number, max = 2): string[] {
  const cost = (s: string) => Array.from(s).reduce((n, c) => n + (/[\u2e80-\uffff]/.test(c) ? 2 : 1), 0)
  const tokens = /\s/.test(label) ? label.split(/\s+/) : Array.from(label)
  const sep = /\s/.test(label) ? ' ' : ''
  const lines: string[] = []
  let cur = ''
  for (const tok of tokens) {
    const next = cur ? cur + sep + tok : tok
    if (cur && cost(next) > width) {
      lines.push(cur)
      cur = tok
    } else cur = next
  }
  if (cur) lines.push(cur)
  if (lines.length > max) {
    const head = lines.slice(0, max)
    head[max - 1] = head[max - 1].replace(/.$/, '…')
    return head
  }
  return lines
}

function colours(slug: string) {
  const h = crypto.createHash('sha1').update(slug).digest()
  const hue1 = Math.round((h[0] * 360) / 255)
  const hue2 = Math.round((hue1 + 40 + (h[1] % 80)) % 360)
  return { h, hue1, hue2, c1: `hsl(${hue1},62%,42%)`, c2: `hsl(${hue2},68%,28%)`, soft: `hsl(${hue1},70%,94%)` }
}

export type PosterLang = 'zh' | 'en'
export type DrawnLang = PosterLang | 'mixed' | 'brand' | 'none'

/** the language of a text's words: any Chinese character makes it Chinese */
export function textLang(s: string): PosterLang {
  return /[\u3400-\u9fff]/.test(s) ? 'zh' : 'en'
}

const brandLine = (lang?: PosterLang) => (lang === 'zh' ? '海交' : lang === 'en' ? 'HAIJIAO' : '海交 · HAIJIAO')

/** a poster's background motif, picked by the slug: posters of the seed differ in shape, not only in colour */
function motif(h: Buffer): string {
  switch (h[12] % 4) {
    case 0: // soft discs and dot fields
      return `<circle cx="${640 + (h[2] % 60)}" cy="${60 + (h[3] % 40)}" r="${120 + (h[4] % 40)}" fill="#fff" opacity="0.10"/>
<circle cx="${60 + (h[5] % 80)}" cy="${380 + (h[6] % 30)}" r="${110 + (h[7] % 40)}" fill="#fff" opacity="0.08"/>
<rect x="0" y="0" width="260" height="150" fill="url(#d)"/>
<rect x="490" y="300" width="260" height="120" fill="url(#d)"/>`
    case 1: {
      // diagonal bands
      const bands: string[] = []
      for (let i = 0; i < 6; i++) bands.push(`<rect x="${-200 + i * 170 + (h[i] % 40)}" y="-100" width="${40 + (h[i + 6] % 50)}" height="700" fill="#fff" opacity="${(0.05 + (h[i + 3] % 6) / 100).toFixed(2)}" transform="rotate(35 375 210)"/>`)
      return bands.join('\n')
    }
    case 2: {
      // hills in layers along the bottom
      const y = (i: number) => 300 + (h[i] % 70)
      return `<path d="M0 ${y(1)} C 180 ${y(2) - 90}, 300 ${y(3)}, 420 ${y(4) - 40} S 650 ${y(5) - 110}, 750 ${y(6) - 30} V 420 H 0 Z" fill="#fff" opacity="0.10"/>
<path d="M0 ${y(7) + 40} C 200 ${y(8) - 20}, 380 ${y(9) + 50}, 520 ${y(10)} S 700 ${y(11) + 10}, 750 ${y(2)} V 420 H 0 Z" fill="#fff" opacity="0.12"/>
<circle cx="${560 + (h[4] % 120)}" cy="${80 + (h[5] % 40)}" r="${34 + (h[6] % 16)}" fill="#fff" opacity="0.22"/>`
    }
    default: {
      // a grid of rounded tiles, some lit
      const tiles: string[] = []
      for (let r = 0; r < 5; r++)
        for (let c = 0; c < 9; c++) {
          const b = h[(r * 9 + c) % 20]
          if (b % 3 === 0) tiles.push(`<rect x="${12 + c * 84}" y="${12 + r * 84}" width="70" height="70" rx="14" fill="#fff" opacity="${(0.04 + (b % 9) / 100).toFixed(2)}"/>`)
        }
      return tiles.join('')
    }
  }
}

function posterDesign(slug: string, label: string, lang?: PosterLang): string {
  const { h, c1, c2 } = colours(slug)
  const lines = label ? wrapLabel(label, 18) : []
  const size = lines.length > 1 ? 44 : 50
  const top = 218 - ((lines.length - 1) * (size + 10)) / 2
  const text = lines
    .map((l, i) => `<text x="375" y="${top + i * (size + 10)}" text-anchor="middle" ${FONT} font-size="${size}" font-weight="700" fill="#fff">${esc(l)}</text>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="420" viewBox="0 0 750 420">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>
<pattern id="d" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="2" fill="#fff" opacity="0.18"/></pattern></defs>
<rect width="750" height="420" fill="url(#g)"/>
${motif(h)}
${
  lines.length
    ? `<rect x="335" y="${top - size - 26}" width="80" height="6" rx="3" fill="#fff" opacity="0.85"/>
${text}
<text x="375" y="${top + (lines.length - 1) * (size + 10) + 52}" text-anchor="middle" ${FONT} font-size="22" fill="#fff" opacity="0.85" letter-spacing="2">${brandLine(lang)}</text>`
    : `<rect x="335" y="178" width="80" height="6" rx="3" fill="#fff" opacity="0.85"/>
<text x="375" y="240" text-anchor="middle" ${FONT} font-size="34" font-weight="700" fill="#fff" opacity="0.92" letter-spacing="8">${brandLine(lang)}</text>`
}
</svg>`
}

/** Font size that fits a one-line label of `cost` (CJK counts double) into `width` px. */
function fitSize(label: string, width: number, max: number, min: number): number {
  const cost = Array.from(label).reduce((n, c) => n + (/[\u2e80-\uffff]/.test(c) ? 2 : 1.1), 0)
  return Math.round(Math.max(min, Math.min(max, width / (0.52 * Math.max(cost, 1)))))
}

function bannerDesign(slug: string, label: string, subtitle?: string, carousel = false, lang?: PosterLang): string {
  const { h, c1, c2 } = colours(slug)
  // a skyline of rounded bars along the bottom, spread over the whole width
  const bars: string[] = []
  for (let x = 0, i = 0; x < 1600; i++) {
    const w = 36 + (h[i % 20] % 40)
    const ht = 50 + (h[(i * 7) % 20] % 110)
    bars.push(`<rect x="${x}" y="${400 - ht}" width="${w - 8}" height="${ht + 10}" rx="6" fill="#fff" opacity="${(0.06 + (h[(i * 3) % 20] % 8) / 100).toFixed(2)}"/>`)
    x += w
  }
  // the text stays inside the centre 900 px: what a 2.4 : 1 mobile crop still shows
  const main = carousel ? '' : wrapLabel(label, 56, 1)[0] || ''
  const size = fitSize(main, 880, 56, 34)
  const sub = subtitle ? wrapLabel(subtitle, 70, 1)[0] : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="${c2}"/><stop offset="0.5" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>
<pattern id="d" width="26" height="26" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="2.2" fill="#fff" opacity="0.16"/></pattern></defs>
<rect width="1600" height="400" fill="url(#g)"/>
<rect x="0" y="0" width="420" height="260" fill="url(#d)"/>
<rect x="1180" y="0" width="420" height="260" fill="url(#d)"/>
<circle cx="800" cy="170" r="230" fill="none" stroke="#fff" stroke-opacity="0.10" stroke-width="28"/>
<circle cx="800" cy="170" r="150" fill="none" stroke="#fff" stroke-opacity="0.08" stroke-width="14"/>
<circle cx="${200 + (h[8] % 200)}" cy="${60 + (h[9] % 60)}" r="90" fill="#fff" opacity="0.07"/>
<circle cx="${1250 + (h[10] % 200)}" cy="${90 + (h[11] % 60)}" r="120" fill="#fff" opacity="0.07"/>
${bars.join('')}
${
  main
    ? `<text x="800" y="112" text-anchor="middle" ${FONT} font-size="24" fill="#fff" opacity="0.9" letter-spacing="6">${brandLine(lang)}</text>
<text x="800" y="${170 + Math.round(size / 3)}" text-anchor="middle" ${FONT} font-size="${size}" font-weight="700" fill="#fff">${esc(main)}</text>
<rect x="760" y="${204 + Math.round(size / 3)}" width="80" height="6" rx="3" fill="#fff" opacity="0.85"/>`
    : `<text x="800" y="150" text-anchor="middle" ${FONT} font-size="30" fill="#fff" opacity="0.55" letter-spacing="10">${brandLine(lang)}</text>`
}
${sub ? `<text x="800" y="${252 + Math.round(size / 3)}" text-anchor="middle" ${FONT} font-size="26" fill="#fff" opacity="0.9">${esc(sub)}</text>` : ''}
</svg>`
}

/**
 * An advert slot's art, 1200 × 200: a deep gradient that the slot's white title reads on (darkest on the
 * left, where the title sits), light shapes towards the right. No words, so no language and nothing a
 * crop can cut in half.
 */
function advertDesign(slug: string): string {
  const { h, c1, c2 } = colours(slug)
  const rings = [0, 1, 2].map((i) => `<circle cx="${900 + (h[i] % 120)}" cy="${40 + (h[i + 3] % 120)}" r="${70 + i * 46}" fill="none" stroke="#fff" stroke-opacity="${(0.16 - i * 0.04).toFixed(2)}" stroke-width="${14 - i * 4}"/>`)
  const bands = [0, 1, 2, 3].map((i) => `<rect x="${420 + i * 130 + (h[i + 6] % 40)}" y="-60" width="${26 + (h[i + 10] % 30)}" height="340" fill="#fff" opacity="${(0.05 + (h[i + 14] % 5) / 100).toFixed(2)}" transform="rotate(28 600 100)"/>`)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="200" viewBox="0 0 1200 200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="${c2}"/><stop offset="0.55" stop-color="${c1}"/><stop offset="1" stop-color="${c1}"/></linearGradient>
<pattern id="d" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.8" fill="#fff" opacity="0.22"/></pattern></defs>
<rect width="1200" height="200" fill="url(#g)"/>
${bands.join('')}
${rings.join('')}
<circle cx="${1080 + (h[17] % 60)}" cy="${150 + (h[18] % 40)}" r="${60 + (h[19] % 30)}" fill="#fff" opacity="0.10"/>
<rect x="${700 + (h[5] % 80)}" y="110" width="220" height="90" fill="url(#d)"/>
<rect x="0" y="0" width="180" height="60" fill="url(#d)" opacity="0.6"/>
</svg>`
}

function logoDesign(slug: string, label: string): string {
  const { c1, c2, soft } = colours(slug)
  const words = label.split(/\s+/).filter(Boolean)
  const initials = (words.length > 1 ? words.slice(0, 2).map((w) => w[0]) : Array.from(words[0] || 'H').slice(0, 2)).join('').toUpperCase()
  // the name is the logo's largest element: it must stay readable in a 90 × 60 px box
  const lines = wrapLabel(label, 12)
  const size = lines.length > 1 ? Math.min(50, fitSize(lines.reduce((a, b) => (a.length > b.length ? a : b)), 330, 50, 30)) : fitSize(lines[0] || '', 330, 60, 34)
  const markY = lines.length > 1 ? 16 : 34
  const textY = lines.length > 1 ? 120 : 156
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="240" viewBox="0 0 360 240">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="360" height="240" rx="18" fill="${soft}"/>
<rect x="152" y="${markY}" width="56" height="56" rx="14" fill="url(#g)"/>
<text x="180" y="${markY + 38}" text-anchor="middle" ${FONT} font-size="${initials.length > 1 ? 24 : 30}" font-weight="700" fill="#fff">${esc(initials)}</text>
${lines.map((l, i) => `<text x="180" y="${textY + i * (size + 6) + Math.round(size * 0.35)}" text-anchor="middle" ${FONT} font-size="${size}" font-weight="800" fill="${c2}">${esc(l)}</text>`).join('')}
</svg>`
}

function qrDesign(slug: string): string {
  const { c2 } = colours(slug)
  const bytes = crypto.createHash('sha256').update(slug).digest()
  const n = 25
  const cell = 10
  const finder = (x: number, y: number) => (x < 8 && y < 8) || (x >= n - 8 && y < 8) || (x < 8 && y >= n - 8)
  const cells: string[] = []
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (finder(x, y)) continue
      const bit = (bytes[(x * 7 + y * 13) % 32] >> ((x + y) % 8)) & 1
      if (bit) cells.push(`<rect x="${25 + x * cell}" y="${25 + y * cell}" width="${cell}" height="${cell}"/>`)
    }
  }
  const eye = (x: number, y: number) =>
    `<rect x="${25 + x * cell}" y="${25 + y * cell}" width="70" height="70" fill="${c2}"/><rect x="${35 + x * cell}" y="${35 + y * cell}" width="50" height="50" fill="#fff"/><rect x="${45 + x * cell}" y="${45 + y * cell}" width="30" height="30" fill="${c2}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
<rect width="300" height="300" rx="12" fill="#fff"/>
<g fill="${c2}">${cells.join('')}</g>
${eye(0, 0)}${eye(n - 7, 0)}${eye(0, n - 7)}
<rect x="120" y="120" width="60" height="60" rx="10" fill="#fff"/>
<text x="150" y="160" text-anchor="middle" ${FONT} font-size="26" font-weight="700" fill="#d7000f">海交</text>
</svg>`
}

function avatarDesign(slug: string, label: string): string {
  const { c1, c2 } = colours(slug)
  const initials = label
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0])
    .join('')
    .toUpperCase()
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="300" height="300" fill="url(#g)"/>
<circle cx="150" cy="330" r="150" fill="#fff" opacity="0.12"/>
<text x="150" y="176" text-anchor="middle" ${FONT} font-size="96" font-weight="700" fill="#fff">${esc(initials || 'H')}</text>
</svg>`
}

export function posterSvg(slug: string, title?: string, subtitle?: string, lang?: PosterLang): string {
  return posterDrawing(slug, title, subtitle, lang).svg
}

/** The picture of a slug and the language of the words drawn on it (see the header comment). */
export function posterDrawing(slug: string, title?: string, subtitle?: string, lang?: PosterLang): { svg: string; lang: DrawnLang } {
  const own = title?.trim().slice(0, 60)
  const sub = subtitle?.trim().slice(0, 80)
  // a label made from the slug is English: a Chinese picture leaves it out
  const label = own || (lang === 'zh' ? '' : slugLabel(slug))
  const words = [own ? textLang(own) : label ? 'en' : null, sub ? textLang(sub) : null]
  const drawn = (extra: PosterLang | null): DrawnLang => {
    const langs = new Set([...words, extra].filter(Boolean))
    return langs.size > 1 ? 'mixed' : langs.size ? ([...langs][0] as PosterLang) : 'none'
  }
  const brand = lang ?? null
  switch (posterKind(slug)) {
    case 'banner': {
      // carousel banners (home, activity, roadshow, policy positions) get their title from the page
      const carousel = !own && CAROUSEL_BANNER.test(slug)
      if (carousel) words[0] = null
      const svg = bannerDesign(slug, carousel ? '' : label, sub, carousel, lang)
      return { svg, lang: lang ? drawn(brand) : 'mixed' }
    }
    case 'logo':
      return { svg: logoDesign(slug, own || slugLabel(slug)), lang: 'brand' }
    case 'qr':
      return { svg: qrDesign(slug), lang: 'brand' }
    case 'avatar':
      return { svg: avatarDesign(slug, own || slugLabel(slug)), lang: 'none' }
    case 'advert':
      return { svg: advertDesign(slug), lang: 'none' }
    default:
      return { svg: posterDesign(slug, label, lang), lang: lang ? drawn(brand) : 'mixed' }
  }
}
