/**
 * Where uploaded files live: one interface, two stores. Keys are paths below the uploads root
 * (`<yyyy-mm>/<32 hex>.<ext>`), served at `/uploads/<key>`; bodies are streams both ways, so no file is
 * ever held whole in memory. Local disk (DATA_DIR/uploads) is the default; an S3-compatible object
 * store (AWS S3, Aliyun OSS, Tencent COS, MinIO …) is chosen by STORAGE_URL / S3_* (config.ts).
 */
import type { Readable } from 'node:stream'

export interface StoredObject {
  size: number
  contentType: string
  /** a strong validator, quoted as in an ETag header */
  etag: string
  lastModified: Date
}

export interface ByteRange {
  start: number
  /** inclusive */
  end: number
}

export interface Storage {
  readonly kind: 'local' | 's3'
  /** stores the stream under `key`; a stream error leaves nothing behind. Resolves with the bytes stored. */
  put(key: string, body: Readable, meta: { contentType: string }): Promise<{ size: number }>
  /** the object (or `range` of it) as a stream; null when there is no such key */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; meta: StoredObject } | null>
  head(key: string): Promise<StoredObject | null>
  /** removes the key; a missing key is not an error */
  delete(key: string): Promise<void>
  /** readiness: throws when the store cannot be reached (directory not writable, bucket not answering) */
  check(): Promise<void>
  close(): void
}

/** an upload key this server writes or serves: segments of safe characters, no dot-files, no `..` */
export function isValidKey(key: string): boolean {
  return /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/.test(key) && !key.includes('..')
}

/** the key of an upload URL (`/uploads/<key>`), or null */
export function keyOfUploadUrl(url: string): string | null {
  if (!url.startsWith('/uploads/')) return null
  const key = url.slice('/uploads/'.length)
  return isValidKey(key) ? key : null
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  rtf: 'application/rtf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
}

export function contentTypeOf(key: string): string {
  const m = /\.([a-z0-9]{1,10})$/i.exec(key)
  return (m && TYPES[m[1].toLowerCase()]) || 'application/octet-stream'
}
