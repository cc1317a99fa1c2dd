/**
 * A 4-digit captcha as an SVG data URL. svg-captcha draws each digit as a filled <path> outline
 * (glyphs of a font, jittered and rotated) over noise curves, so the image holds no <text> and no
 * digit a regex could read: reading it takes OCR. The digits come from crypto, not Math.random.
 */
import crypto from 'node:crypto'
import svgCaptcha from 'svg-captcha'

type Draw = (text: string, options: Parameters<typeof svgCaptcha.create>[0]) => string
// the package's default export draws a given text; its typings only declare create()
const draw = svgCaptcha as unknown as Draw

export function randomDigits(n: number): string {
  let s = ''
  for (let i = 0; i < n; i++) s += String(crypto.randomInt(0, 10))
  return s
}

export function renderCaptchaSvg(code: string, width = 120, height = 40): string {
  const svg = draw(code, { width, height, fontSize: 44, noise: 3, color: true, background: '#f3f4f6' })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
