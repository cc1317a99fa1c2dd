/**
 * Uploads are streamed straight to DATA_DIR/uploads/<yyyy-mm>/<random>.<ext> (never buffered whole).
 * Images and videos are recognised by their magic bytes, not by the name or the declared type; anything
 * refused is deleted from disk before answering.
 */
import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { MultipartFile } from '@fastify/multipart'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { CHAT_EXTENSIONS, extensionOf } from '../../lib/upload-types'
import { UPLOAD_LIMITS, type UploadKind } from '../../../../src/shared/contracts/api'

const IMAGE_KINDS: UploadKind[] = ['image', 'avatar', 'logo', 'videoCover']

export function sniffImage(head: Buffer): 'png' | 'jpg' | 'gif' | 'webp' | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg'
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'gif'
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp'
  return null
}

/**
 * A video by its bytes: MP4 (an ISO-BMFF `ftyp` box first) or WebM (an EBML header whose DocType is
 * "webm"); anything else, Matroska included, is refused — browsers do not all play it.
 */
export function sniffVideo(head: Buffer): 'mp4' | 'webm' | null {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4'
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.subarray(0, 64).includes('webm', 0, 'latin1')) return 'webm'
  return null
}

function readHead(file: string, bytes = 12): Buffer {
  const fd = fs.openSync(file, 'r')
  try {
    const buf = Buffer.alloc(bytes)
    const n = fs.readSync(fd, buf, 0, bytes, 0)
    return buf.subarray(0, n)
  } finally {
    fs.closeSync(fd)
  }
}


export class FileService {
  constructor(private readonly ctx: AppContext) {}

  get uploadsDir() {
    return path.join(this.ctx.config.dataDir, 'uploads')
  }

  async save(kind: UploadKind, part: MultipartFile | undefined): Promise<string> {
    if (!part) throw new AppError(301, { field: 'file', result: { field: 'file', reason: 'missing' } })
    const month = this.ctx.clock.now().toISOString().slice(0, 7)
    const dir = path.join(this.uploadsDir, month)
    fs.mkdirSync(dir, { recursive: true })
    const tmp = path.join(dir, `.${crypto.randomBytes(16).toString('hex')}.part`)
    const limit = UPLOAD_LIMITS[kind]
    try {
      await pipeline(part.file, fs.createWriteStream(tmp))
      if (part.file.truncated) throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })
    } catch (err) {
      fs.rmSync(tmp, { force: true })
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(301, { field: 'file', result: { field: 'file', reason: 'tooLarge', maxBytes: limit } })
      }
      throw err
    }
    let ext: string
    if (IMAGE_KINDS.includes(kind)) {
      const detected = sniffImage(readHead(tmp))
      if (!detected) {
        fs.rmSync(tmp, { force: true })
        throw new AppError(301, { field: 'file', result: { field: 'file', reason: 'type', allowed: ['png', 'jpeg', 'gif', 'webp'] } })
      }
      ext = detected
    } else if (kind === 'video') {
      ext = this.videoExtension(tmp)
    } else {
      ext = this.chatExtension(tmp, part.filename || '')
    }
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`
    fs.renameSync(tmp, path.join(dir, name))
    return `/uploads/${month}/${name}`
  }

  /**
   * A chat file keeps its extension when it is on the allow-list (documents, archives, media); an
   * image or video name must carry those bytes. Active types (.html, .svg, .js …) are refused.
   */
  private chatExtension(tmp: string, filename: string): string {
    const ext = extensionOf(filename)
    const refuse = () => {
      fs.rmSync(tmp, { force: true })
      return new AppError(301, { field: 'file', result: { field: 'file', reason: 'type', allowed: [...CHAT_EXTENSIONS] } })
    }
    if (!CHAT_EXTENSIONS.has(ext)) throw refuse()
    if (['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext)) {
      const detected = sniffImage(readHead(tmp))
      if (!detected) throw refuse()
      return detected
    }
    if (ext === 'mp4' || ext === 'webm') {
      const detected = sniffVideo(readHead(tmp, 64))
      if (!detected) throw refuse()
      return detected
    }
    return ext
  }

  /** bytes on disk of an upload this service returned */
  sizeOf(url: string): number {
    return fs.statSync(path.join(this.uploadsDir, url.replace(/^\/uploads\//, ''))).size
  }

  /** the extension of an MP4 / WebM upload; anything else is deleted and refused (301 file, reason type) */
  private videoExtension(tmp: string): string {
    const detected = sniffVideo(readHead(tmp, 64))
    if (detected) return detected
    fs.rmSync(tmp, { force: true })
    throw new AppError(301, { field: 'file', result: { field: 'file', reason: 'type', allowed: ['mp4', 'webm'] } })
  }
}
