/**
 * A QR code as rows of dark/light runs, from the `qrcode` package's encoder (`create()`: its matrix only —
 * no canvas, no DOM, so the same code draws in the mini-program). A ticket code (Crockford base32, upper
 * case) is encoded in alphanumeric mode; anything else as UTF-8 bytes made here, because the package's
 * byte mode needs TextEncoder, which older WeChat base libraries lack.
 */
import { create, type QrSegmentInput } from 'qrcode/lib/core/qrcode'

export interface QrRun {
  dark: boolean
  /** modules in this run */
  length: number
}

export interface QrMatrix {
  /** modules per side (without the quiet zone) */
  size: number
  rows: QrRun[][]
  /** dark modules as a flat array, row by row (tests and the e2e's y4m frames read it) */
  dark: boolean[]
}

const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]+$/

function utf8(text: string): number[] {
  const out: number[] = []
  for (const ch of text) {
    const c = ch.codePointAt(0) as number
    if (c < 0x80) out.push(c)
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63))
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
  }
  return out
}

export function qrMatrix(text: string): QrMatrix {
  const segments: QrSegmentInput[] = ALPHANUMERIC.test(text) ? [{ data: text, mode: 'alphanumeric' }] : [{ data: utf8(text), mode: 'byte' }]
  const qr = create(segments, { errorCorrectionLevel: 'M' })
  const size: number = qr.modules.size
  const bits: ArrayLike<number> = qr.modules.data
  const dark: boolean[] = []
  const rows: QrRun[][] = []
  for (let r = 0; r < size; r++) {
    const row: QrRun[] = []
    for (let c = 0; c < size; c++) {
      const d = !!bits[r * size + c]
      dark.push(d)
      const last = row[row.length - 1]
      if (last && last.dark === d) last.length += 1
      else row.push({ dark: d, length: 1 })
    }
    rows.push(row)
  }
  return { size, rows, dark }
}
