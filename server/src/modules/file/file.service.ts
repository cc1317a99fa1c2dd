/**
 * Uploads are streamed straight into the upload storage (storage/: DATA_DIR/uploads or an S3 bucket)
 * under <yyyy-mm>/<random>.<ext>, never buffered whole. Images and videos are recognised by their
 * magic bytes (read from the stream's head before anything is stored), not by the name or the declared
 * type, and an image's declared pixel size is checked there too (MAX_IMAGE_SIDE); a file over its limit
 * is removed from the storage before answering.
 */
import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import type { MultipartFile } from '@fastify/multipart'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { CHAT_EXTENSIONS, extensionOf } from '../../lib/upload-types'
import { IMAGE_HEAD_BYTES, MAX_IMAGE_SIDE, imageDimensions, sizeAllowed } from '../../lib/image-dimensions'
import { contentTypeOf, keyOfUploadUrl } from '../../storage'
import { UPLOAD_LIMITS, type UploadKind } from '@contracts/api'

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

/**
 * The first `bytes` of a stream (fewer when it is shorter) and a stream of the whole content, head
 * included: the type is sniffed before a byte is stored, and the body still streams.
 * `tooLarge()` is asked at the end: a size-limited multipart file ends early and says so.
 */
async function peek(source: Readable, bytes: number, tooLarge: () => boolean): Promise<{ head: Buffer; body: Readable }> {
  const it = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  const chunks: Buffer[] = []
  let have = 0
  let done = false
  while (have < bytes) {
    const r = await it.next()
    if (r.done) {
      done = true
      break
    }
    chunks.push(r.value)
    have += r.value.length
  }
  const head = Buffer.concat(chunks).subarray(0, bytes)
  async function* all() {
    for (const c of chunks) yield c
    if (!done) {
      for (;;) {
        const r = await it.next()
        if (r.done) break
        yield r.value
      }
    }
    if (tooLarge()) throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })
  }
  return { head, body: Readable.from(all(), { objectMode: false }) }
}

const typeError = (allowed: string[]) => new AppError(301, { field: 'file', result: { field: 'file', reason: 'type', allowed } })

/**
 * The sniffed image type, refused (301 file, reason dimensions) when its header declares more than
 * MAX_IMAGE_SIDE a side. A PNG, GIF or WebP without a readable header at its fixed place is no picture
 * a browser decodes; a JPEG's frame header may come late, so one not found in a full head is refused.
 */
function checkedImage(head: Buffer, type: 'png' | 'jpg' | 'gif' | 'webp'): string {
  const d = imageDimensions(head, type)
  if (d ? !sizeAllowed(d) : type === 'jpg' && head.length >= IMAGE_HEAD_BYTES) {
    throw new AppError(301, { field: 'file', result: { field: 'file', reason: 'dimensions', maxSide: MAX_IMAGE_SIDE } })
  }
  return type
}

export class FileService {
  constructor(private readonly ctx: AppContext) {}

  private get storage() {
    return this.ctx.storage
  }

  /**
   * Streams one upload into the storage under `<yyyy-mm>/<random>.<sniffed ext>`: the type is decided
   * from the first bytes before anything is stored; a file over its kind's limit is refused (and what
   * was written of it removed).
   */
  async save(kind: UploadKind, part: MultipartFile | undefined): Promise<string> {
    if (!part) throw new AppError(301, { field: 'file', result: { field: 'file', reason: 'missing' } })
    const month = this.ctx.clock.now().toISOString().slice(0, 7)
    const limit = UPLOAD_LIMITS[kind]
    const tooLarge = () => new AppError(301, { field: 'file', result: { field: 'file', reason: 'tooLarge', maxBytes: limit } })
    let sniffed: { head: Buffer; body: Readable }
    try {
      // a picture's size may sit deep in its header; a video's type is in its first bytes
      sniffed = await peek(part.file, kind === 'video' ? 64 : IMAGE_HEAD_BYTES, () => part.file.truncated)
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
      throw err
    }
    const { head, body } = sniffed
    let ext: string
    try {
      ext = IMAGE_KINDS.includes(kind) ? this.imageExtension(head) : kind === 'video' ? this.videoExtension(head) : this.chatExtension(head, part.filename || '')
    } catch (err) {
      // read the rest (nothing is stored): a file over its limit answers tooLarge whatever its type,
      // as the size is the first rule; and the answer goes out only once the client has sent it all
      try {
        for await (const _chunk of body) {
          /* discarded */
        }
      } catch (drainErr) {
        if ((drainErr as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
        throw drainErr
      }
      throw err
    }
    const key = `${month}/${crypto.randomBytes(16).toString('hex')}.${ext}`
    try {
      await this.storage.put(key, body, { contentType: contentTypeOf(key) })
    } catch (err) {
      await this.storage.delete(key).catch(() => undefined)
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw tooLarge()
      throw err
    }
    return `/uploads/${key}`
  }

  private imageExtension(head: Buffer): string {
    const detected = sniffImage(head)
    if (!detected) throw typeError(['png', 'jpeg', 'gif', 'webp'])
    return checkedImage(head, detected)
  }

  /**
   * A chat file keeps its extension when it is on the allow-list (documents, archives, media); an
   * image or video name must carry those bytes. Active types (.html, .svg, .js …) are refused.
   */
  private chatExtension(head: Buffer, filename: string): string {
    const ext = extensionOf(filename)
    const refuse = () => typeError([...CHAT_EXTENSIONS])
    if (!CHAT_EXTENSIONS.has(ext)) throw refuse()
    if (['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext)) {
      const detected = sniffImage(head)
      if (!detected) throw refuse()
      return checkedImage(head, detected)
    }
    if (ext === 'mp4' || ext === 'webm') {
      const detected = sniffVideo(head)
      if (!detected) throw refuse()
      return detected
    }
    return ext
  }

  /** stored bytes of an upload URL (`/uploads/<key>`); null when it names nothing stored */
  async sizeOf(url: string): Promise<number | null> {
    const key = keyOfUploadUrl(url)
    if (!key) return null
    return (await this.storage.head(key))?.size ?? null
  }

  /** removes a stored upload (a URL this service returned); nothing stored is not an error */
  async remove(url: string): Promise<void> {
    const key = keyOfUploadUrl(url)
    if (key) await this.storage.delete(key)
  }

  /** the extension of an MP4 / WebM upload; anything else is deleted and refused (301 file, reason type) */
  private videoExtension(head: Buffer): string {
    const detected = sniffVideo(head)
    if (detected) return detected
    throw typeError(['mp4', 'webm'])
  }
}
