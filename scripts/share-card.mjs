/**
 * Draws the mini-program's default share card (WeChat shows a chat share's picture at 5 : 4; PNG or JPEG,
 * never SVG) with Debian's Chromium (playwright-core):
 *   node scripts/share-card.mjs     → server/assets/share/haijiao-card.png (500 × 400 px)
 * The server serves it at /static/share/haijiao-card.png; a shared page whose own picture is SVG (or
 * missing) uses it. Run it again after changing the design; the PNG is committed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const FILE = path.join(ROOT, 'server', 'assets', 'share', 'haijiao-card.png')
const W = 500
const H = 400

const html = `<html><body style="margin:0">
<div id="card" style="width:${W}px;height:${H}px;box-sizing:border-box;padding:44px 40px;position:relative;overflow:hidden;
  background:linear-gradient(135deg,#d7000f 0%,#a3000b 100%);color:#fff;font-family:'Noto Sans CJK SC','Noto Serif CJK SC',sans-serif">
  <div style="position:absolute;right:-90px;top:-90px;width:300px;height:300px;border-radius:50%;border:36px solid rgba(255,255,255,.08)"></div>
  <div style="position:absolute;right:40px;bottom:-120px;width:240px;height:240px;border-radius:50%;background:rgba(255,255,255,.06)"></div>
  <div style="font-size:76px;font-weight:700;letter-spacing:6px;line-height:1">海交</div>
  <div style="font-size:34px;font-weight:600;margin-top:10px;letter-spacing:1px">Haijiao</div>
  <div style="width:64px;height:6px;background:#fff;border-radius:3px;margin:28px 0 24px"></div>
  <div style="font-size:30px;line-height:1.35">海外人才交流 · 活动 · 政策</div>
  <div style="font-size:22px;line-height:1.4;opacity:.85;margin-top:6px">Overseas talent · events · policies</div>
</div></body></html>`

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ viewport: { width: W, height: H }, deviceScaleFactor: 1 })
await page.setContent(html)
fs.mkdirSync(path.dirname(FILE), { recursive: true })
await page.locator('#card').screenshot({ path: FILE })
await browser.close()
console.log(`${path.relative(ROOT, FILE)} ${fs.statSync(FILE).size} B`)
