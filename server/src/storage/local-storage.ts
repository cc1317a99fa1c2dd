/** Uploads on this machine's disk, under DATA_DIR/uploads (the default; one instance, or a shared volume). */
import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { contentTypeOf, isValidKey, type ByteRange, type Storage, type StoredObject } from './storage'

export class LocalStorage implements Storage {
  readonly kind = 'local' as const
  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true })
  }

  private file(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key "${key}"`)
    return path.join(this.root, key)
  }

  async put(key: string, body: Readable, _meta: { contentType: string }): Promise<{ size: number }> {
    const file = this.file(key)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    // written beside its final name under a dot-name (never served), renamed when complete
    const tmp = path.join(path.dirname(file), `.${crypto.randomBytes(16).toString('hex')}.part`)
    let size = 0
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length
        done(null, chunk)
      },
    })
    const out = fs.createWriteStream(tmp)
    try {
      await pipeline(body, count, out)
      fs.renameSync(tmp, file)
    } catch (err) {
      // the file is opened asynchronously: remove it only once the stream has closed, or a late open
      // would leave it behind
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()))
      fs.rmSync(tmp, { force: true })
      throw err
    }
    return { size }
  }

  async head(key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null
    try {
      const st = await fs.promises.stat(this.file(key))
      if (!st.isFile()) return null
      return { size: st.size, contentType: contentTypeOf(key), etag: `"${st.size.toString(16)}-${st.mtimeMs.toString(16)}"`, lastModified: st.mtime }
    } catch {
      return null
    }
  }

  async get(key: string, range?: ByteRange): Promise<{ body: Readable; meta: StoredObject } | null> {
    const meta = await this.head(key)
    if (!meta) return null
    const body = fs.createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {})
    return { body, meta }
  }

  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) return
    await fs.promises.rm(this.file(key), { force: true })
  }

  async check(): Promise<void> {
    await fs.promises.access(this.root, fs.constants.W_OK)
  }

  close() {}
}
