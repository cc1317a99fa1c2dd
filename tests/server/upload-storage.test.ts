/**
 * Upload storage: the same upload → fetch → delete paths on local disk and on an S3-compatible store
 * (s3rver started by the test): bytes identical, the size/type rules answer the spec's codes and leave
 * nothing stored, a large file goes up as a multipart upload (never one whole body), served files
 * keep their type, ranges, validators and safety headers.
 */
import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { dbTargets, startHarness, type Harness } from './harness'
import { filesUnder, multipart, streamUpload } from '../support/multipart'
import { startS3rver, type S3Server } from '../support/s3rver'
import { PARTICIPATION_API as P } from '@contracts/participation'
import type { S3Storage } from '../../server/src/storage/s3-storage'

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const png = (size: number) => Buffer.concat([PNG_HEAD, crypto.randomBytes(Math.max(0, size - PNG_HEAD.length))])

for (const target of dbTargets()) {
  for (const kind of ['local', 's3'] as const) {
    describe(`upload storage on ${kind} [${target}]`, () => {
      let h: Harness
      let s3: S3Server | null = null
      let token: string
      beforeAll(async () => {
        if (kind === 's3') s3 = await startS3rver()
        h = await startHarness(target, { env: s3 ? s3.env : {} })
        token = await h.login('user@haijiao.demo')
      })
      afterAll(async () => {
        await h?.close()
        await s3?.stop()
      })

      const upload = (uploadKind: string, filename: string, content: Buffer) => {
        const m = multipart(filename, content)
        return h.api('POST', `/file/info/single/upload?kind=${uploadKind}`, { token, headers: m.headers, payload: m.payload })
      }
      /** every key stored (local: files under DATA_DIR/uploads; s3: the bucket's objects) */
      const stored = async (): Promise<string[]> => {
        if (kind === 'local') {
          const root = path.join(h.config.dataDir, 'uploads')
          return filesUnder(root).map((f) => path.relative(root, f))
        }
        const client = (h.app.ctx.storage as S3Storage).client
        const r = await client.send(new ListObjectsV2Command({ Bucket: s3!.bucket }))
        return (r.Contents ?? []).map((o) => o.Key!)
      }

      it(`uses the ${kind} store`, () => {
        expect(h.app.ctx.storage.kind).toBe(kind)
      })

      it('stores an image, serves the same bytes with its type and safety headers, and deletes it', async () => {
        const content = png(300 * 1024)
        const r = await upload('image', 'photo.png', content)
        expect(r.body.code).toBe(200)
        expect(r.body.result).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/)
        expect(await stored()).toEqual([r.body.result.replace('/uploads/', '')])
        const served = await h.app.inject({ method: 'GET', url: r.body.result })
        expect(served.statusCode).toBe(200)
        expect(served.rawPayload.equals(content)).toBe(true)
        expect(served.headers['content-type']).toMatch(/^image\/png/)
        expect(served.headers['content-length']).toBe(String(content.length))
        expect(served.headers['x-content-type-options']).toBe('nosniff')
        expect(served.headers['content-security-policy']).toBe('sandbox')
        expect(served.headers['accept-ranges']).toBe('bytes')

        await h.app.services.file.remove(r.body.result)
        expect(await stored()).toEqual([])
        expect((await h.app.inject({ method: 'GET', url: r.body.result })).statusCode).toBe(404)
      })

      it('answers a byte range (206), an unsatisfiable one (416) and a matching ETag (304)', async () => {
        const content = png(10_000)
        const url = (await upload('image', 'a.png', content)).body.result as string
        const part = await h.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } })
        expect(part.statusCode).toBe(206)
        expect(part.headers['content-range']).toBe(`bytes 100-199/${content.length}`)
        expect(part.rawPayload.equals(content.subarray(100, 200))).toBe(true)
        const past = await h.app.inject({ method: 'GET', url, headers: { range: `bytes=${content.length + 5}-` } })
        expect(past.statusCode).toBe(416)
        expect(past.headers['content-range']).toBe(`bytes */${content.length}`)
        const head = await h.app.inject({ method: 'HEAD', url })
        expect(head.statusCode).toBe(200)
        expect(head.headers['content-length']).toBe(String(content.length))
        expect(head.rawPayload.length).toBe(0)
        const first = await h.app.inject({ method: 'GET', url })
        const again = await h.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } })
        expect(again.statusCode).toBe(304)
        await h.app.services.file.remove(url)
      })

      it('refuses an avatar over 400 KB and a non-image with 301, storing nothing', async () => {
        const big = await upload('avatar', 'me.png', png(401 * 1024))
        expect(big.body).toMatchObject({ code: 301, result: { field: 'file', reason: 'tooLarge', maxBytes: 400 * 1024 } })
        const fake = await upload('image', 'evil.png', Buffer.from('<script>alert(1)</script>'))
        expect(fake.body).toMatchObject({ code: 301, result: { field: 'file', reason: 'type' } })
        const html = await upload('chat', 'page.html', Buffer.from('<html></html>'))
        expect(html.body).toMatchObject({ code: 301, result: { field: 'file', reason: 'type' } })
        expect(await stored()).toEqual([])
      })

      it('an avatar in the store can be set on the profile; a URL naming nothing stored cannot', async () => {
        const up = await upload('avatar', 'me.png', png(200 * 1024))
        expect(up.body.code).toBe(200)
        const ok = await h.api('POST', P.updateProfile, { token, body: { avatarUrl: up.body.result } })
        expect(ok.body.result).toMatchObject({ avatarUrl: up.body.result })
        const missing = up.body.result.replace(/[0-9a-f]{32}/, 'f'.repeat(32))
        const bad = await h.api('POST', P.updateProfile, { token, body: { avatarUrl: missing } })
        expect(bad.body.code).toBe(301)
        await h.app.services.file.remove(up.body.result)
      })

      it('streams a 12 MB chat file up and back byte for byte (S3: a multipart upload of 5 MB parts)', async () => {
        const content = crypto.randomBytes(12 * 1024 * 1024)
        const before = s3 ? s3.requests.length : 0
        const r = await upload('chat', 'report.pdf', content)
        expect(r.body.code).toBe(200)
        expect(r.body.result).toMatch(/\.pdf$/)
        if (s3) {
          const calls = s3.requests.slice(before)
          expect(calls.filter((c) => /^PUT .*partNumber=\d+/.test(c))).toHaveLength(3)
          expect(calls.some((c) => /^POST .*\?uploads/.test(c))).toBe(true)
        }
        const served = await h.app.inject({ method: 'GET', url: r.body.result })
        expect(served.statusCode).toBe(200)
        expect(served.headers['content-disposition']).toBe('attachment')
        expect(served.rawPayload.length).toBe(content.length)
        expect(served.rawPayload.equals(content)).toBe(true)
        expect(await h.app.services.file.sizeOf(r.body.result)).toBe(content.length)
        await h.app.services.file.remove(r.body.result)
        expect(await stored()).toEqual([])
      })

      it('refuses a 100 MB + 1 byte chat file streamed over HTTP with tooLarge, keeping nothing (S3: the multipart upload is aborted)', async () => {
        await h.app.listen({ port: 0, host: '127.0.0.1' })
        const port = (h.app.server.address() as AddressInfo).port
        const size = 100 * 1024 * 1024 + 1
        const before = s3 ? s3.requests.length : 0
        const answer = await streamUpload({ port, path: '/api/v1/file/info/single/upload?kind=chat', filename: 'big.pdf', contentType: 'application/pdf', prefix: Buffer.from('%PDF-1.7\n'), size, headers: { authorization: `Bearer ${token}` } })
        expect(answer).toMatchObject({ code: 301, result: { field: 'file', reason: 'tooLarge', maxBytes: 100 * 1024 * 1024 } })
        expect(await stored()).toEqual([])
        if (s3) {
          const calls = s3.requests.slice(before)
          expect(calls.filter((c) => /^PUT .*partNumber=\d+/.test(c)).length).toBeGreaterThan(1)
          // the multipart upload was aborted, not completed
          expect(calls.some((c) => /^DELETE .*uploadId=.*AbortMultipartUpload/.test(c))).toBe(true)
          expect(calls.some((c) => /^POST .*uploadId=/.test(c))).toBe(false)
        }
      })

      it('a path that is not a stored key is simply not there', async () => {
        for (const url of ['/uploads/2026-01/none.png', '/uploads/../haijiao.db', '/uploads/.hidden']) {
          const r = await h.app.inject({ method: 'GET', url })
          expect(r.statusCode).toBe(404)
        }
      })
    })
  }
}
