/**
 * The pixel size an image declares in its header (PNG, JPEG, GIF, WebP), read from the first bytes of
 * an upload before anything is stored: a tiny file may claim 100,000 × 100,000 pixels and make every
 * browser that shows it decode gigabytes. Null when the header is not within the bytes given.
 */
export interface Dimensions {
  width: number
  height: number
}

/** the longest side an upload may declare (pixels) */
export const MAX_IMAGE_SIDE = 8000
/** how much of an upload to read for its header: a JPEG's frame header may follow large EXIF/ICC blocks */
export const IMAGE_HEAD_BYTES = 256 * 1024

function png(b: Buffer): Dimensions | null {
  // signature (8), IHDR length (4) and type (4), then width and height
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
}

function gif(b: Buffer): Dimensions | null {
  if (b.length < 10) return null
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) }
}

function webp(b: Buffer): Dimensions | null {
  if (b.length < 30) return null
  const chunk = b.toString('latin1', 12, 16)
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null
    const bits = b.readUInt32LE(21)
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) }
  }
  if (chunk === 'VP8 ') {
    // key frame start code 9d 01 2a, then 14-bit width and height
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }
  }
  return null
}

/** start-of-frame markers carry the size (C4 DHT, C8 JPG and CC DAC are not frames) */
const isFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc

function jpeg(b: Buffer): Dimensions | null {
  let i = 2
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]
    if (marker === 0xff) {
      i++ // fill byte
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2 // no length
      continue
    }
    if (isFrame(marker)) return i + 9 <= b.length ? { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) } : null
    if (marker === 0xda) return null // image data before any frame header: broken
    i += 2 + b.readUInt16BE(i + 2)
  }
  return null
}

export function imageDimensions(head: Buffer, type: 'png' | 'jpg' | 'gif' | 'webp'): Dimensions | null {
  switch (type) {
    case 'png':
      return png(head)
    case 'gif':
      return gif(head)
    case 'webp':
      return webp(head)
    case 'jpg':
      return jpeg(head)
  }
}

/** within MAX_IMAGE_SIDE on both sides, and not empty */
export function sizeAllowed(d: Dimensions): boolean {
  return d.width > 0 && d.height > 0 && d.width <= MAX_IMAGE_SIDE && d.height <= MAX_IMAGE_SIDE
}
