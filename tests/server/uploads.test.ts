import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import { describeEachDb, type Harness } from './harness'
import { filesUnder, multipart } from '../support/multipart'

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const png = (size: number) => Buffer.concat([PNG_HEAD, crypto.randomBytes(Math.max(0, size - PNG_HEAD.length))])

describeEachDb('uploads', (get) => {
  let h: Harness
  let token: string
  let uploads: string
  beforeAll(async () => {
    h = get()
    token = await h.login('user@haijiao.demo')
    uploads = path.join(h.config.dataDir, 'uploads')
  })

  const upload = (kind: string, filename: string, content: Buffer, type?: string, withToken = true) => {
    const m = multipart(filename, content, type)
    return h.api('POST', `/file/info/single/upload?kind=${kind}`, { token: withToken ? token : undefined, headers: m.headers, payload: m.payload })
  }

  it('needs a login (HTTP 401, code 201) and stores nothing', async () => {
    const r = await upload('image', 'a.png', png(1000), 'image/png', false)
    expect(r.status).toBe(401)
    expect(r.body.code).toBe(201)
    expect(filesUnder(uploads)).toHaveLength(0)
  })

  it('accepts a 3 MB image, stores it under uploads/<yyyy-mm>/ and serves it at the returned URL', async () => {
    const content = png(3 * 1024 * 1024)
    const r = await upload('image', 'photo.png', content, 'image/png')
    expect(r.body.code).toBe(200)
    expect(r.body.result).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/)
    const onDisk = path.join(h.config.dataDir, r.body.result)
    expect(fs.statSync(onDisk).size).toBe(content.length)
    const served = await h.app.inject({ method: 'GET', url: r.body.result })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(content)).toBe(true)
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    fs.rmSync(onDisk)
  })

  it('refuses a 401 KB avatar with 301 (file) and leaves no file behind', async () => {
    const r = await upload('avatar', 'me.png', png(401 * 1024), 'image/png')
    expect(r.body).toMatchObject({ code: 301, result: { field: 'file', reason: 'tooLarge', maxBytes: 400 * 1024 } })
    expect(r.body.message).toContain('file')
    expect(filesUnder(uploads)).toHaveLength(0)
  })

  it('refuses an image over 4 MB', async () => {
    const r = await upload('image', 'big.png', png(4 * 1024 * 1024 + 10), 'image/png')
    expect(r.body.code).toBe(301)
    expect(filesUnder(uploads)).toHaveLength(0)
  })

  it('accepts a 399 KB avatar', async () => {
    const r = await upload('avatar', 'me.png', png(399 * 1024), 'image/png')
    expect(r.body.code).toBe(200)
    expect(filesUnder(uploads)).toHaveLength(1)
    fs.rmSync(path.join(h.config.dataDir, r.body.result))
  })

  it('refuses a file that is not an image even when it claims to be one', async () => {
    const r = await upload('logo', 'evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png')
    expect(r.body).toMatchObject({ code: 301, result: { field: 'file', reason: 'type' } })
    expect(filesUnder(uploads)).toHaveLength(0)
  })

  it('recognises jpeg, gif and webp by their bytes', async () => {
    // real headers declaring 1 × 1 pixels (uploads are refused past 8,000 px a side), then anything
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]), crypto.randomBytes(100)])
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0]), crypto.randomBytes(100)])
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WEBPVP8X'), Buffer.alloc(14), crypto.randomBytes(100)])
    const results: string[] = []
    for (const [name, buf] of [['a.bin', jpeg], ['b.bin', gif], ['c.bin', webp]] as const) {
      const r = await upload('videoCover', name, buf)
      results.push(r.body.result.split('.').pop())
    }
    expect(results).toEqual(['jpg', 'gif', 'webp'])
  })

  it('chat files take any type up to 100 MB', async () => {
    const r = await upload('chat', 'notes.pdf', Buffer.from('%PDF-1.4 hello'), 'application/pdf')
    expect(r.body.code).toBe(200)
    expect(r.body.result).toMatch(/\.pdf$/)
  })

  it('a request without a file or not multipart answers 301, an unknown kind 301 (kind)', async () => {
    const notMultipart = await h.api('POST', '/file/info/single/upload?kind=image', { token, body: { file: 'x' } })
    expect(notMultipart.body).toMatchObject({ code: 301, result: { field: 'file' } })
    const r = await upload('nope', 'a.png', png(100))
    expect(r.body).toMatchObject({ code: 301, result: { field: 'kind' } })
  })
})
