/** Upload requests for fastify.inject, and the files an upload test finds on disk. */
import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'

/** a multipart/form-data body with one file in the field "file" */
export function multipart(filename: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----haijiao${crypto.randomBytes(8).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** every file below `dir` (none when it does not exist) */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath ?? (d as any).path, d.name))
}

/**
 * Streams a multipart upload of `size` file bytes (after `prefix`, e.g. a file signature) over real HTTP,
 * 1 MB at a time with back-pressure (a 100 MB body is never held in memory), and answers the envelope.
 */
export async function streamUpload(opts: { port: number; path: string; filename: string; contentType?: string; prefix?: Buffer; size: number; headers?: Record<string, string> }): Promise<any> {
  const http = await import('node:http')
  const boundary = '----big'
  const prefix = opts.prefix ?? Buffer.alloc(0)
  const head = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.filename}"\r\nContent-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`), prefix])
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const body = opts.size - prefix.length
  return new Promise<any>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: opts.port, method: 'POST', path: opts.path, headers: { ...opts.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + body + tail.length } },
      (res) => {
        let raw = ''
        res.on('data', (d) => (raw += d))
        res.on('end', () => resolve(JSON.parse(raw)))
      },
    )
    req.on('error', reject)
    req.write(head)
    const chunk = Buffer.alloc(1024 * 1024, 7)
    let left = body
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length)
        left -= n
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump)
      }
      req.end(tail)
    }
    pump()
  })
}
