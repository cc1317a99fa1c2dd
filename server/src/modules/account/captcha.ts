/** A 4-digit captcha drawn as SVG by hand: jittered, rotated glyphs over noise lines and dots. */
import crypto from 'node:crypto'

const rand = (min: number, max: number) => min + crypto.randomInt(0, Math.max(1, max - min + 1))
const color = () => `rgb(${rand(30, 150)},${rand(30, 150)},${rand(30, 150)})`

export function randomDigits(n: number): string {
  let s = ''
  for (let i = 0; i < n; i++) s += String(crypto.randomInt(0, 10))
  return s
}

export function renderCaptchaSvg(code: string, width = 120, height = 40): string {
  const parts: string[] = []
  parts.push(`<rect width="100%" height="100%" fill="rgb(${rand(225, 250)},${rand(225, 250)},${rand(225, 250)})"/>`)
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<path d="M${rand(0, width)} ${rand(0, height)} Q${rand(0, width)} ${rand(0, height)} ${rand(0, width)} ${rand(0, height)}" stroke="${color()}" stroke-width="${rand(1, 2)}" fill="none" opacity="0.6"/>`,
    )
  }
  for (let i = 0; i < 25; i++) {
    parts.push(`<circle cx="${rand(0, width)}" cy="${rand(0, height)}" r="1" fill="${color()}" opacity="0.7"/>`)
  }
  const step = width / (code.length + 1)
  ;[...code].forEach((ch, i) => {
    const x = Math.round(step * (i + 1))
    const y = rand(26, 32)
    parts.push(
      `<text x="${x}" y="${y}" font-family="monospace,Arial" font-size="${rand(24, 30)}" font-weight="bold" fill="${color()}" text-anchor="middle" transform="rotate(${rand(-25, 25)} ${x} ${y - 10})">${ch}</text>`,
    )
  })
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
