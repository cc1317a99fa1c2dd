/**
 * Image dimensions: the header reader of each type, and uploads on both
 * databases — a 68-byte PNG claiming 100,000 × 100,000 pixels is refused before anything is stored.
 */
import path from 'node:path'
import zlib from 'node:zlib'
import { describeEachDb, type Harness } from './harness'
import { filesUnder, multipart } from '../support/multipart'
import { IMAGE_HEAD_BYTES, MAX_IMAGE_SIDE, imageDimensions } from '../../server/src/lib/image-dimensions'

/** a complete PNG of the given declared size (IHDR, one tiny IDAT, IEND): 66 bytes */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])))
    return Buffer.concat([len, Buffer.from(type), data, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(1))), chunk('IEND', Buffer.alloc(0))])
}

/** a JPEG head: SOI, APP1 blocks of `padding` bytes in all (at most 60,000 each), then a baseline frame header */
function jpeg(width: number, height: number, padding = 16): Buffer {
  const blocks: Buffer[] = []
  for (let left = padding; left > 0; left -= 60000) {
    const size = Math.min(left, 60000)
    const block = Buffer.alloc(4 + size)
    block.writeUInt16BE(0xffe1, 0)
    block.writeUInt16BE(2 + size, 2)
    blocks.push(block)
  }
  const app1 = Buffer.concat(blocks)
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
  sof.writeUInt16BE(height, 5)
  sof.writeUInt16BE(width, 7)
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.from([0xff, 0xd9])])
}

const gif = (w: number, h: number) => {
  const b = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(7)])
  b.writeUInt16LE(w, 6)
  b.writeUInt16LE(h, 8)
  return b
}

function webp(kind: 'VP8 ' | 'VP8L' | 'VP8X', w: number, h: number): Buffer {
  const b = Buffer.alloc(40)
  b.write('RIFF', 0)
  b.write('WEBP', 8)
  b.write(kind, 12)
  if (kind === 'VP8X') {
    b.writeUIntLE(w - 1, 24, 3)
    b.writeUIntLE(h - 1, 27, 3)
  } else if (kind === 'VP8L') {
    b[20] = 0x2f
    b.writeUInt32LE(((w - 1) & 0x3fff) | (((h - 1) & 0x3fff) << 14), 21)
  } else {
    b.set([0x9d, 0x01, 0x2a], 23)
    b.writeUInt16LE(w, 26)
    b.writeUInt16LE(h, 28)
  }
  return b
}

describe('image header reader', () => {
  it('reads the declared size of PNG, JPEG (after an APP block), GIF and the three WebP kinds', () => {
    expect(imageDimensions(png(100000, 100000), 'png')).toEqual({ width: 100000, height: 100000 })
    expect(png(100000, 100000).length).toBeLessThan(70)
    expect(imageDimensions(jpeg(640, 480, 5000), 'jpg')).toEqual({ width: 640, height: 480 })
    expect(imageDimensions(gif(320, 200), 'gif')).toEqual({ width: 320, height: 200 })
    expect(imageDimensions(webp('VP8 ', 800, 600), 'webp')).toEqual({ width: 800, height: 600 })
    expect(imageDimensions(webp('VP8L', 16383, 2), 'webp')).toEqual({ width: 16383, height: 2 })
    expect(imageDimensions(webp('VP8X', 20000, 3), 'webp')).toEqual({ width: 20000, height: 3 })
  })

  it('answers null for a header that is cut off or broken', () => {
    expect(imageDimensions(png(10, 10).subarray(0, 20), 'png')).toBeNull()
    expect(imageDimensions(jpeg(10, 10, 5000).subarray(0, 1000), 'jpg')).toBeNull()
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]), 'jpg')).toBeNull()
  })
})

describeEachDb('image dimensions on upload', (get) => {
  let h: Harness
  let token: string
  beforeAll(async () => {
    h = get()
    token = await h.login('user@haijiao.demo')
  })
  const upload = (kind: string, name: string, content: Buffer, query = `kind=${kind}`) => {
    const m = multipart(name, content)
    return h.api('POST', `/file/info/single/upload?${query}`, { token, headers: m.headers, payload: m.payload })
  }
  const refused = { code: 301, result: { field: 'file', reason: 'dimensions', maxSide: MAX_IMAGE_SIDE } }

  it(`refuses a picture over ${MAX_IMAGE_SIDE} px a side as an avatar, an image or a chat file, and stores nothing`, async () => {
    const uploads = path.join(h.config.dataDir, 'uploads')
    const before = filesUnder(uploads).length
    expect((await upload('avatar', 'a.png', png(100000, 100000))).body).toMatchObject(refused)
    expect((await upload('image', 'b.jpg', jpeg(MAX_IMAGE_SIDE + 1, 10))).body).toMatchObject(refused)
    expect((await upload('image', 'c.gif', gif(10, 60000))).body).toMatchObject(refused)
    expect((await upload('logo', 'd.webp', webp('VP8X', 9000, 9000))).body).toMatchObject(refused)
    const chat = multipart('e.png', png(50000, 10))
    expect((await h.api('POST', '/message/message/upload/file', { token, headers: chat.headers, payload: chat.payload })).body).toMatchObject(refused)
    // a JPEG whose frame header is not within the head read
    expect((await upload('image', 'f.jpg', jpeg(10, 10, IMAGE_HEAD_BYTES))).body).toMatchObject(refused)
    expect(filesUnder(uploads)).toHaveLength(before)
  })

  it(`accepts ${MAX_IMAGE_SIDE} px a side, and a JPEG whose frame header follows large APP blocks`, async () => {
    expect((await upload('avatar', 'a.png', png(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE))).body.code).toBe(200)
    expect((await upload('image', 'b.jpg', jpeg(4000, 3000, 200000))).body.code).toBe(200)
  })
})
