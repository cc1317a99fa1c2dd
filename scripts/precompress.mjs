/**
 * Writes brotli (.br) and gzip (.gz) copies of every text asset of a build, next to the file, so the
 * server (server/src/plugins/static.ts, @fastify/static `preCompressed`) sends them without compressing
 * per request:
 *   node scripts/precompress.mjs dist/h5 [dist/admin …]
 * Run by `npm run build:h5` and `npm run build:admin` after Taro has written the build. Files under 1 KB
 * and copies that would not be smaller are skipped; stale copies of a previous build are removed.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/i
const MIN_BYTES = 1024

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(full, out)
    else out.push(full)
  }
  return out
}

function compress(dir) {
  const files = walk(dir)
  // copies whose original is gone (or which belong to a file no longer compressed) go first
  for (const f of files) {
    if (/\.(br|gz)$/.test(f)) fs.rmSync(f, { force: true })
  }
  let raw = 0
  let br = 0
  let gz = 0
  let count = 0
  for (const file of files) {
    if (!TEXT.test(file)) continue
    const body = fs.readFileSync(file)
    if (body.length < MIN_BYTES) continue
    const brotli = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    })
    const gzip = zlib.gzipSync(body, { level: 9 })
    const { mtime } = fs.statSync(file)
    for (const [ext, copy] of [['.br', brotli], ['.gz', gzip]]) {
      if (copy.length >= body.length) continue
      fs.writeFileSync(file + ext, copy)
      // same modification time as the original: Last-Modified does not depend on the encoding sent
      fs.utimesSync(file + ext, mtime, mtime)
    }
    raw += body.length
    br += Math.min(brotli.length, body.length)
    gz += Math.min(gzip.length, body.length)
    count += 1
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`
  console.log(`precompress ${dir}: ${count} files, ${kb(raw)} raw → ${kb(gz)} gzip, ${kb(br)} brotli`)
}

const dirs = process.argv.slice(2)
if (!dirs.length) {
  console.error('usage: node scripts/precompress.mjs <build dir> [more build dirs]')
  process.exit(2)
}
for (const dir of dirs) {
  if (!fs.existsSync(dir)) {
    console.error(`precompress: ${dir} does not exist (build it first)`)
    process.exit(1)
  }
  compress(dir)
}
