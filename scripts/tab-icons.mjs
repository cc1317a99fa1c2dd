/**
 * Draws the mini-program's tab bar icons (WeChat asks for PNG, 81 × 81 px, at most 40 KB) from the
 * SVG outlines below, in the tab bar's two colours, with Debian's Chromium (playwright-core):
 *   node scripts/tab-icons.mjs      → src/assets/tab/<name>.png and <name>-active.png
 * Run it again after changing an outline or a colour; the PNGs are committed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import { chromium } from 'playwright-core'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT = path.join(ROOT, 'src', 'assets', 'tab')
const COLORS = { '': '#666666', '-active': '#d7000f' } // tabBar color / selectedColor in src/app.config.ts

// 24 × 24 outlines, drawn with a 1.8 stroke
const ICONS = {
  home: '<path d="M3 11.2 12 4l9 7.2"/><path d="M5.5 9.5V20h13V9.5"/><path d="M10 20v-5.5h4V20"/>',
  activity: '<rect x="3.5" y="5" width="17" height="15.5" rx="2"/><path d="M3.5 9.8h17M8 3v4M16 3v4"/><path d="M8 14h3M8 17h6"/>',
  roadshow: '<rect x="3" y="4" width="18" height="11.5" rx="1.5"/><path d="M12 15.5V20M8 20.5h8"/><path d="M7 11.5l3-3 2.5 2 4-4"/>',
  match: '<circle cx="12" cy="12" r="8.5"/><circle cx="12" cy="12" r="4.5"/><circle cx="12" cy="12" r="1" fill="currentColor"/>',
  center: '<circle cx="12" cy="8.5" r="4"/><path d="M4.5 20.5c.8-4 3.9-6.3 7.5-6.3s6.7 2.3 7.5 6.3"/>',
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ viewport: { width: 81, height: 81 }, deviceScaleFactor: 1 })
fs.mkdirSync(OUT, { recursive: true })
for (const [name, body] of Object.entries(ICONS)) {
  for (const [suffix, color] of Object.entries(COLORS)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="81" height="81" fill="none" stroke="${color}" color="${color}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`)
    const file = path.join(OUT, `${name}${suffix}.png`)
    await page.locator('svg').screenshot({ path: file, omitBackground: true })
    fs.writeFileSync(file, toPalette(fs.readFileSync(file)))
    console.log(`${path.relative(ROOT, file)} ${fs.statSync(file).size} B`)
  }
}
await browser.close()

/**
 * The same picture as an indexed PNG (palette + transparency): an icon in one colour has fewer than 256
 * colour-and-alpha values, so nothing changes on screen and the file (in the mini-program's main package)
 * is about half the size. Answers the input when it has more colours or is not 8-bit RGBA.
 */
export function toPalette(png) {
  const chunks = []
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at)
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + len) })
    at += 12 + len
  }
  const ihdr = chunks.find((c) => c.type === 'IHDR').data
  const [width, height, depth, colorType, , , interlace] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9], ihdr[10], ihdr[11], ihdr[12]]
  if (depth !== 8 || colorType !== 6 || interlace !== 0) return png
  const raw = zlib.inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)))
  const stride = width * 4
  const pixels = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let x = 0; x < stride; x++) {
      const a = x >= 4 ? pixels[y * stride + x - 4] : 0
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0
      const c = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4] : 0
      const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c)
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter]
      pixels[y * stride + x] = (line[x] + predictor) & 255
    }
  }
  const index = new Map()
  const indexed = Buffer.alloc((width + 1) * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = y * stride + x * 4
      // fully transparent pixels are one entry, whatever colour they carry
      const key = pixels[o + 3] === 0 ? 0 : pixels.readUInt32BE(o)
      if (!index.has(key)) index.set(key, index.size)
      if (index.size > 256) return png
      indexed[y * (width + 1) + 1 + x] = index.get(key)
    }
  }
  const entries = [...index.keys()]
  const plte = Buffer.alloc(entries.length * 3)
  const trns = Buffer.alloc(entries.length)
  entries.forEach((key, i) => {
    plte[i * 3] = key >>> 24
    plte[i * 3 + 1] = (key >>> 16) & 255
    plte[i * 3 + 2] = (key >>> 8) & 255
    trns[i] = key & 255
  })
  const header = Buffer.from(ihdr)
  header[9] = 3
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    out.write(type, 4, 'latin1')
    data.copy(out, 8)
    out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
    return out
  }
  const smaller = Buffer.concat([png.subarray(0, 8), chunk('IHDR', header), chunk('PLTE', plte), chunk('tRNS', trns), chunk('IDAT', zlib.deflateSync(indexed, { level: 9 })), chunk('IEND', Buffer.alloc(0))])
  return smaller.length < png.length ? smaller : png
}
