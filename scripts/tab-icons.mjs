/**
 * Draws the mini-program's tab bar icons (WeChat asks for PNG, 81 × 81 px, at most 40 KB) from the
 * SVG outlines below, in the tab bar's two colours, with Debian's Chromium (playwright-core):
 *   node scripts/tab-icons.mjs      → src/assets/tab/<name>.png and <name>-active.png
 * Run it again after changing an outline or a colour; the PNGs are committed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
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
    console.log(`${path.relative(ROOT, file)} ${fs.statSync(file).size} B`)
  }
}
await browser.close()
