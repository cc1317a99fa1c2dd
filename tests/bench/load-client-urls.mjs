// Load generator for api-cold-bench.mjs: like load-client.mjs, but every request takes the next path
// (and `lang` header) from a list, so the public micro-cache sees mostly new URLs.
// Usage: node load-client-urls.mjs <origin> <list.json> <connections> <seconds> [accept-encoding]  → one JSON line on stdout.
// With an accept-encoding (a phone's browser sends `gzip, deflate, br`), every request carries it: the
// answers of 1 KB and more then come back compressed, as they would to that phone.
// list.json: [[path, lang], …]; a global counter walks it (all connections share it), starting at
// a different offset for the warm-up so the measured run does not replay the warm-up's URLs first.
import fs from 'node:fs'
import autocannon from 'autocannon'

const [origin, listFile, connections, seconds, acceptEncoding] = [process.argv[2], process.argv[3], Number(process.argv[4]), Number(process.argv[5]), process.argv[6]]
const list = JSON.parse(fs.readFileSync(listFile, 'utf8'))
let next = Math.floor(list.length / 2)
// when the measured run had asked for every URL once: the answers after it are of URLs the server has
// answered before (more than its micro-cache's 2 s before), but none is a row's first read
let measuring = false
let walkedAt = null
const setupRequest = (req) => {
  if (measuring && next === list.length && walkedAt === null) walkedAt = Date.now()
  const [p, lang] = list[next++ % list.length]
  return { ...req, path: p, headers: { ...req.headers, lang, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } }
}
const requests = [{ method: 'GET', setupRequest }]
const warm = await autocannon({ url: origin, requests, connections: Math.min(10, connections), duration: 1 }) // warm-up
next = 0
measuring = true
const times = []
const rewalk = []
const r = await new Promise((resolve, reject) => {
  const instance = autocannon({ url: origin, requests, connections, duration: seconds, pipelining: 1, timeout: 30 }, (err, res) => (err ? reject(err) : resolve(res)))
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    times.push(responseTime)
    if (walkedAt !== null && Date.now() - responseTime > walkedAt) rewalk.push(responseTime)
  })
})
times.sort((a, b) => a - b)
rewalk.sort((a, b) => a - b)
const q = (p, of = times) => (of.length ? of[Math.min(of.length - 1, Math.floor((p / 100) * of.length))] : null)
console.log(JSON.stringify({ p50: q(50), p95: q(95), p99: q(99), rps: r.requests.average, n: times.length, non2xx: r.non2xx, errors: r.errors, all: warm.requests.sent + r.requests.sent, distinct: Math.min(next, list.length), rewalkP95: q(95, rewalk), rewalkN: rewalk.length }))
