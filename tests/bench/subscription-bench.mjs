// Subscription mail benchmark (`npm run bench:mail`; not a timed test).
// 1. a fresh embedded SQLite database (migrate + seed) with BENCH_SUBSCRIBERS (default 100,000) confirmed
//    subscribers in professional categories, inserted in one transaction;
// 2. a local SMTP sink in a child process (smtp-server; it drains and counts every message, so the
//    sink's CPU and memory are not charged to the server);
// 3. the real app (buildApp) with SMTP_URL pointing at the sink through a pooled nodemailer transport;
//    an information item is published, the day's digest job is run by the real JobWorker (fan-out
//    INSERT … SELECT, then claimed batches through the delivery ledger);
// 4. report: fan-out + send time, mails per second, CPU time per mail of the server and of the sink (the
//    figure the machine's load does not move), peak RSS of the server process, and the check that
//    the sink received exactly one mail per subscriber (the ledger says sent = subscribers).
// Options: BENCH_SUBSCRIBERS, BENCH_BATCH (default 500), BENCH_CONCURRENCY (default 128), BENCH_POOL (default 64 SMTP connections; the sink is
// latency-bound: each pooled connection carries ~20 mails/s here, so throughput grows with the pool).
import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { root, runUnderTsx } from './support/tsx-child.mjs'

// ---- the SMTP sink child: `node subscription-bench.mjs --sink`
if (process.argv.includes('--sink')) {
  const { SMTPServer } = await import('smtp-server')
  let count = 0
  const rcpt = new Set()
  let dupes = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onRcptTo(address, _s, cb) {
      const a = address.address.toLowerCase()
      if (rcpt.has(a)) dupes++
      rcpt.add(a)
      cb()
    },
    onData(stream, _s, cb) {
      stream.on('data', () => undefined)
      stream.on('end', () => {
        count++
        cb()
      })
    },
  })
  server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }))
  process.on('message', (m) => {
    if (m === 'count') process.send({ count, unique: rcpt.size, dupes })
    if (m === 'cpu') {
      const u = process.cpuUsage()
      process.send({ cpuMs: (u.user + u.system) / 1000 })
    }
    if (m === 'stop') server.close(() => process.exit(0))
  })
} else {
  runUnderTsx(import.meta.url)
  await main()
}

async function main() {
  const N = Number(process.env.BENCH_SUBSCRIBERS || 100_000)
  const BATCH = Number(process.env.BENCH_BATCH || 500)
  const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 128)
  const POOL = Number(process.env.BENCH_POOL || 64)
  const log = (m) => console.log(`[bench:mail] ${m}`)

  const sink = fork(fileURLToPath(import.meta.url), ['--sink'], { stdio: 'inherit', execArgv: [] })
  const ask = (msg) => new Promise((resolve) => { sink.once('message', resolve); sink.send(msg) })
  const { port } = await new Promise((resolve) => sink.once('message', resolve))

  const { buildApp } = await import(path.join(root, 'server/src/app.ts'))
  const { loadConfig } = await import(path.join(root, 'server/src/config.ts'))
  const { migrateAndSeed, openSqlite } = await import('./support/database.mjs')
  const { JobWorker } = await import(path.join(root, 'server/src/jobs/index.ts'))
  const { jobHandlers } = await import(path.join(root, 'server/src/job-handlers.ts'))
  const { JobRepository } = await import(path.join(root, 'server/src/jobs/job.repository.ts'))

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-bench-mail-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SMTP_URL: `smtp://127.0.0.1:${port}/?pool=true&maxConnections=${POOL}&maxMessages=100000`,
    // the transport's pool size is JOB_MAIL_CONCURRENCY (lib/mail.ts sets maxConnections from it, over the
    // URL's): without this the bench reported a pool of 64 and sent through 8 connections
    JOB_MAIL_CONCURRENCY: String(POOL),
  })

  await migrateAndSeed(config, log)

  let t = Date.now()
  const db = openSqlite(config)
  const codes = db.prepare("select code from dict_items where type_code = 'professional_field'").all().map((r) => r.code)
  const now = new Date().toISOString()
  const insSub = db.prepare("insert into subscribers (email, user_id, status, blacklisted, lang, source, token_version, confirmed_at, created_at, updated_at) values (?, null, 'confirmed', 0, ?, 'footer', 1, ?, ?, ?)")
  const insCat = db.prepare('insert into subscriber_categories (subscriber_id, code) values (?, ?)')
  db.transaction(() => {
    for (let i = 0; i < N; i++) {
      const id = insSub.run(`bench-${i}@sink.test`, i % 3 ? 'zh' : 'en', now, now, now).lastInsertRowid
      insCat.run(id, codes[i % codes.length])
      if (i % 4 === 0) insCat.run(id, codes[(i + 3) % codes.length])
    }
  })()
  const total = db.prepare("select count(*) as n from subscribers where status = 'confirmed' and blacklisted = 0").get().n
  db.close()
  log(`${N.toLocaleString('en')} subscribers inserted in ${Date.now() - t} ms (${total} confirmed incl. seeded demo rows)`)

  const app = await buildApp(config, {})
  const info = await app.ctx.db.selectFrom('information').select('id').where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow()
  const { jobId } = await app.services.subscription.recordPublished('information', info.id)
  await app.ctx.db.updateTable('job_queue').set({ run_at: new Date(0).toISOString() }).where('id', '=', jobId).execute()

  let peakRss = process.memoryUsage().rss
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100)
  const rssBefore = process.memoryUsage().rss
  const loadBefore = os.loadavg().map((x) => x.toFixed(2)).join(' ')
  const worker = new JobWorker(app.ctx, jobHandlers(app.services, { batchSize: BATCH, concurrency: CONCURRENCY }), { owner: 'bench', leaseMs: 120_000 })
  const sinkCpuBefore = (await ask('cpu')).cpuMs
  const cpuBefore = process.cpuUsage()
  t = Date.now()
  const ran = await worker.runDue()
  const ms = Date.now() - t
  const cpu = process.cpuUsage(cpuBefore)
  const serverCpuMs = (cpu.user + cpu.system) / 1000
  const sinkCpuMs = (await ask('cpu')).cpuMs - sinkCpuBefore
  clearInterval(sampler)
  peakRss = Math.max(peakRss, process.memoryUsage().rss, (process.resourceUsage().maxRSS ?? 0) * 1024)

  const counts = await new JobRepository(app.ctx.db).countDeliveries(jobId)
  const received = await ask('count')
  const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`
  console.log('')
  console.log('| measure | value |')
  console.log('|---|---|')
  console.log(`| subscribers (confirmed) | ${total.toLocaleString('en')} |`)
  console.log(`| jobs run | ${ran} |`)
  console.log(`| ledger: sent / skipped / failed | ${counts.sent ?? 0} / ${counts.skipped ?? 0} / ${counts.failed ?? 0} |`)
  console.log(`| SMTP sink: messages / distinct recipients / repeated recipients | ${received.count} / ${received.unique} / ${received.dupes} |`)
  console.log(`| fan-out + send time | ${(ms / 1000).toFixed(1)} s |`)
  console.log(`| throughput | ${Math.round(((counts.sent ?? 0) * 1000) / ms).toLocaleString('en')} mails/s |`)
  const perMail = (x) => `${(x / Math.max(1, counts.sent ?? 0)).toFixed(3)} ms`
  console.log(`| CPU per mail: server (fan-out + render + SMTP client) / SMTP sink | ${perMail(serverCpuMs)} / ${perMail(sinkCpuMs)} |`)
  console.log(`| load (1/5/15 min) before / after | ${loadBefore} / ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} |`)
  console.log(`| server RSS before / peak | ${mb(rssBefore)} / ${mb(peakRss)} |`)
  console.log(`| settings | batch ${BATCH}, concurrency ${CONCURRENCY}, SMTP pool ${POOL} |`)
  const ok = counts.sent === total && received.count === total && received.dupes === 0
  console.log(ok ? '\nOK: every subscriber received exactly one mail' : '\nMISMATCH: see the table')

  await app.close()
  sink.send('stop')
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(ok ? 0 : 1)
}
