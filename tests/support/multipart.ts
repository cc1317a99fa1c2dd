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
