// Load generator for api-bench.mjs, run in its own process so that autocannon does not share the
// event loop (and the measured latencies) with the server under test.
// Usage: node load-client.mjs <url> <connections> <seconds> [headers JSON]  → one JSON line on stdout.
import autocannon from 'autocannon'

const [url, connections, seconds] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])]
const headers = process.argv[5] ? JSON.parse(process.argv[5]) : undefined
await autocannon({ url, headers, connections: Math.min(10, connections), duration: 1 }) // warm-up
const times = []
const r = await new Promise((resolve, reject) => {
  const instance = autocannon({ url, headers, connections, duration: seconds, pipelining: 1, timeout: 30 }, (err, res) => (err ? reject(err) : resolve(res)))
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
})
times.sort((a, b) => a - b)
const q = (p) => (times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : null)
console.log(JSON.stringify({ p50: q(50), p95: q(95), p99: q(99), rps: r.requests.average, n: times.length, non2xx: r.non2xx, errors: r.errors }))
