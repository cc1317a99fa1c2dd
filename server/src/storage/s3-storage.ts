/**
 * Uploads in an S3-compatible object store (AWS S3, Aliyun OSS, Tencent COS, MinIO, s3rver in tests)
 * through the official SDK. Writes stream through @aws-sdk/lib-storage: a body of up to one part
 * (5 MB) is one PutObject, a larger one a multipart upload of 5 MB parts, two in flight - so the
 * buffers an upload holds are bounded by the part size, not the file's size. Reads stream GetObject's body.
 */
import { PassThrough, Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { S3StorageConfig } from '../config'
import { isValidKey, type ByteRange, type Storage, type StoredObject } from './storage'

export const S3_PART_SIZE = 5 * 1024 * 1024

function notFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const
  readonly client: S3Client
  constructor(private readonly cfg: S3StorageConfig) {
    this.client = new S3Client({
      region: cfg.region,
      ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
      forcePathStyle: cfg.forcePathStyle,
      ...(cfg.accessKeyId && cfg.secretAccessKey ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } } : {}),
      // checksums only where the API requires them: several S3-compatible stores (and s3rver) refuse
      // the SDK's default aws-chunked uploads with trailing CRC32 checksums
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    })
  }

  private objectKey(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key "${key}"`)
    return this.cfg.prefix ? `${this.cfg.prefix}/${key}` : key
  }

  async put(key: string, body: Readable, meta: { contentType: string }): Promise<{ size: number }> {
    const Key = this.objectKey(key)
    let size = 0
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length
        done(null, chunk)
      },
    })
    const out = new PassThrough()
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.cfg.bucket, Key, Body: out, ContentType: meta.contentType },
      partSize: S3_PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    })
    // a source error (too large, client gone) destroys `out` with it: the upload then fails and
    // lib-storage aborts its multipart upload (AbortMultipartUpload) before done() settles
    const [fed, sent] = await Promise.allSettled([pipeline(body, count, out), upload.done()])
    if (fed.status === 'rejected' || sent.status === 'rejected') {
      await this.delete(key).catch(() => undefined)
      throw fed.status === 'rejected' ? fed.reason : (sent as PromiseRejectedResult).reason
    }
    return { size }
  }

  async head(key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key) }))
      return {
        size: Number(r.ContentLength ?? 0),
        contentType: r.ContentType || 'application/octet-stream',
        etag: r.ETag || `"${Number(r.ContentLength ?? 0).toString(16)}"`,
        lastModified: r.LastModified ?? new Date(0),
      }
    } catch (err) {
      if (notFound(err)) return null
      throw err
    }
  }

  async get(key: string, range?: ByteRange): Promise<{ body: Readable; meta: StoredObject } | null> {
    if (!isValidKey(key)) return null
    try {
      const r = await this.client.send(
        new GetObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      )
      const total = r.ContentRange ? Number(/\/(\d+)$/.exec(r.ContentRange)?.[1] ?? r.ContentLength) : Number(r.ContentLength ?? 0)
      return {
        body: r.Body as Readable,
        meta: { size: total, contentType: r.ContentType || 'application/octet-stream', etag: r.ETag || '""', lastModified: r.LastModified ?? new Date(0) },
      }
    } catch (err) {
      if (notFound(err)) return null
      throw err
    }
  }

  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) return
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key) }))
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.cfg.bucket }))
  }

  close() {
    this.client.destroy()
  }
}
