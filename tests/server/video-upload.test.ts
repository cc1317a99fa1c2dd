/**
 * Video uploads (kind=video): admins upload MP4 or WebM (recognised by their bytes) up to 100 MB,
 * streamed to disk — a 60 MB upload does not grow the process by its size, one over the limit leaves no
 * file — and the file is served with range requests (206 + Content-Range) so players can seek. The
 * roadshow editor's BP upload turns an uploaded video into a connectable bp video.
 */
import fs from 'node:fs'
import path from 'node:path'
import http from 'node:http'
import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { describeEachDb, type Harness } from './harness'
import { filesUnder, multipart } from '../support/multipart'
import { UPLOAD_LIMITS } from '@contracts/api'
import { siteCrudApi, SITE_ADMIN_API } from '@contracts/admin-site'

const WEBM = fs.readFileSync(path.join(__dirname, '../../server/assets/videos/haijiao-intro.webm'))
/** an ISO-BMFF file opens with its `ftyp` box */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), crypto.randomBytes(size - 24)])

/**
 * POST `total` bytes of an MP4 over a real socket, generated chunk by chunk (the client holds one
 * 256 KB chunk), sampling the process's resident memory meanwhile: answers the envelope and the peak growth.
 */
function streamUpload(port: number, token: string, total: number): Promise<{ body: any; peakGrowth: number }> {
  const boundary = `----haijiao${crypto.randomBytes(8).toString('hex')}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const chunk = Buffer.alloc(256 * 1024, 7)
  const first = mp4(chunk.length)
  const base = process.memoryUsage().rss
  let peak = base
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/file/info/single/upload?kind=video',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + total + tail.length },
      },
      (res) => {
        const parts: Buffer[] = []
        res.on('data', (d: Buffer) => parts.push(d))
        res.on('end', () => {
          clearInterval(timer)
          resolve({ body: JSON.parse(Buffer.concat(parts).toString('utf8')), peakGrowth: peak - base })
        })
      },
    )
    req.on('error', (e) => {
      clearInterval(timer)
      reject(e)
    })
    let sent = 0
    const pump = () => {
      while (sent < total) {
        const piece = sent === 0 ? first : chunk
        const n = Math.min(piece.length, total - sent)
        sent += n
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) return void req.once('drain', pump)
      }
      req.end(tail)
    }
    req.write(head)
    pump()
  })
}

describeEachDb('video uploads', (get) => {
  let h: Harness
  let ops: string
  let uploads: string
  beforeAll(async () => {
    h = get()
    ops = await h.adminLogin('ops@haijiao.demo')
    uploads = path.join(h.config.dataDir, 'uploads')
  })

  const upload = (filename: string, content: Buffer, token = ops, type = 'application/octet-stream') => {
    const m = multipart(filename, content, type)
    return h.api('POST', '/file/info/single/upload?kind=video', { token, headers: m.headers, payload: m.payload })
  }

  it('stores a WebM and serves it with byte ranges: 206 + Content-Range for a head, a tail and a seek; 416 past the end', async () => {
    const r = await upload('intro.webm', WEBM, ops, 'video/webm')
    expect(r.body.code).toBe(200)
    expect(r.body.result).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.webm$/)
    const url = r.body.result as string
    const whole = await h.app.inject({ method: 'GET', url })
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('video/webm')
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.rawPayload.equals(WEBM)).toBe(true)

    const size = WEBM.length
    const ranges: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=100000-', 100000, size - 1], // a seek: from a byte onwards
      ['bytes=-500', size - 500, size - 1], // the tail (where players look for an index)
    ]
    for (const [range, from, to] of ranges) {
      const part = await h.app.inject({ method: 'GET', url, headers: { range } })
      expect(part.statusCode).toBe(206)
      expect(part.headers['content-range']).toBe(`bytes ${from}-${to}/${size}`)
      expect(Number(part.headers['content-length'])).toBe(to - from + 1)
      expect(part.rawPayload.equals(WEBM.subarray(from, to + 1))).toBe(true)
    }
    const past = await h.app.inject({ method: 'GET', url, headers: { range: `bytes=${size + 10}-` } })
    expect(past.statusCode).toBe(416)
    expect(past.headers['content-range']).toBe(`bytes */${size}`)
  })

  it('recognises MP4 by its ftyp box and serves it as video/mp4', async () => {
    const r = await upload('clip.bin', mp4(4096))
    expect(r.body.result).toMatch(/\.mp4$/)
    const part = await h.app.inject({ method: 'GET', url: r.body.result, headers: { range: 'bytes=4-11' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-type']).toBe('video/mp4')
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom')
  })

  it('refuses what is not MP4 or WebM, whatever its name, and keeps nothing', async () => {
    const before = filesUnder(uploads).length
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(200)])
    const matroska = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from('matroska'), crypto.randomBytes(100)])
    for (const [name, buf] of [['fake.mp4', png], ['movie.webm', matroska], ['x.mp4', Buffer.from('<html><script>alert(1)</script>')]] as const) {
      const r = await upload(name, buf, ops, 'video/mp4')
      expect(r.body).toMatchObject({ code: 301, result: { field: 'file', reason: 'type', allowed: ['mp4', 'webm'] } })
    }
    expect(filesUnder(uploads)).toHaveLength(before)
  })

  it('takes videos from admin accounts only: a consumer is refused (HTTP 403, code 402) and nothing is stored', async () => {
    const before = filesUnder(uploads).length
    const consumer = await h.login('user@haijiao.demo')
    const r = await upload('intro.webm', WEBM, consumer)
    expect([r.status, r.body.code]).toEqual([403, 402])
    expect(filesUnder(uploads)).toHaveLength(before)
  })

  it('streams a 60 MB upload to disk without holding it in memory, and refuses one over 100 MB leaving no file', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = h.app.server.address() as AddressInfo
    const before = filesUnder(uploads).length
    const size = 60 * 1024 * 1024
    const okUpload = await streamUpload(port, ops, size)
    expect(okUpload.body.code).toBe(200)
    expect(fs.statSync(path.join(h.config.dataDir, okUpload.body.result)).size).toBe(size)
    // buffering the body would add its 60 MB; streaming keeps the growth to a few chunks
    expect(okUpload.peakGrowth).toBeLessThan(40 * 1024 * 1024)
    const tail = await h.app.inject({ method: 'GET', url: okUpload.body.result, headers: { range: 'bytes=-16' } })
    expect(tail.statusCode).toBe(206)
    expect(tail.headers['content-range']).toBe(`bytes ${size - 16}-${size - 1}/${size}`)
    fs.rmSync(path.join(h.config.dataDir, okUpload.body.result))

    const tooBig = await streamUpload(port, ops, UPLOAD_LIMITS.video + 1)
    expect(tooBig.body).toMatchObject({ code: 301, result: { field: 'file', reason: 'tooLarge', maxBytes: UPLOAD_LIMITS.video } })
    expect(filesUnder(uploads)).toHaveLength(before)
  })

  it('the roadshow BP upload publishes the uploaded video as a bp video that a project connects to', async () => {
    const up = (await upload('pitch.webm', WEBM)).body.result as string
    const cover = '/static/posters/bp-cover.svg'
    const r = await h.api('POST', SITE_ADMIN_API.roadshowBpVideo, { token: ops, body: { titleZh: '项目路演', titleEn: 'Project pitch', videoUrl: up, coverUrl: cover, durationSeconds: 10 } })
    expect(r.body).toMatchObject({ code: 200, result: { titleZh: '项目路演', titleEn: 'Project pitch' } })
    const videoId = r.body.result.id as number
    const bp = (await h.api('GET', '/video/info/list?category=bp&pageSize=50')).body.result.list as { id: number; videoUrl: string; coverUrl: string }[]
    expect(bp.find((v) => v.id === videoId)).toMatchObject({ videoUrl: up, coverUrl: cover })

    const project = (await h.api('GET', `${siteCrudApi('roadshow').list}?published=true&pageSize=1`, { token: ops })).body.result.list[0]
    expect((await h.api('POST', siteCrudApi('roadshow').update, { token: ops, body: { ...project, bpVideoId: videoId } })).body.code).toBe(200)
    const detail = (await h.api('GET', `/roadshow/project/detail?id=${project.id}`)).body.result
    expect(detail.bpVideo).toMatchObject({ id: videoId, videoUrl: up })

    // only an uploaded MP4 / WebM of ours: an external or other file is refused naming videoUrl
    for (const videoUrl of ['https://cdn.example.com/v.mp4', '/uploads/2026-11/a.png', '/uploads/../x.webm', '']) {
      const bad = await h.api('POST', SITE_ADMIN_API.roadshowBpVideo, { token: ops, body: { titleZh: 'x', titleEn: 'x', videoUrl } })
      expect(bad.body).toMatchObject({ code: 301, result: { field: 'videoUrl' } })
    }
  })
})
