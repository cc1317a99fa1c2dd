/**
 * Listen with the configured database migrated (used by `npm run dev:server` and by start.ts).
 *
 * Graceful stop (SIGTERM, SIGINT), what a rolling restart behind a proxy relies on:
 * 1. no new connection is taken: the listening socket closes first (app.ts); a request still arriving
 *    on a connection accepted before that is served as usual, answered with `Connection: close`;
 * 2. chat sockets close with 1012 "service restart": the client reconnects, through the proxy to
 *    another instance (src/shared/socket reconnects on every close it did not ask for);
 * 3. the job worker claims nothing more; its current job saves its progress and hands its lease back;
 * 4. requests in flight finish (keep-alive connections are closed as soon as they fall idle), then the
 *    database closes and the process exits 0 — or 1 after SHUTDOWN_TIMEOUT_MS if something hangs.
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { loadConfigOrExit, type Config } from './config'
import { startJobWorker } from './job-handlers'

export async function startServer(config: Config, opts: { seed?: boolean } = {}): Promise<FastifyInstance> {
  // MIGRATE_ON_START=0: the deploy migrated (and seeded) once before the instances start
  const app = await buildApp(config, { migrate: config.migrateOnStart, seed: opts.seed && config.migrateOnStart })
  await app.listen({ port: config.port, host: config.host })
  app.jobWorker = startJobWorker(app) // scheduled notices and subscription digests (server/src/jobs)
  // the dashboard's in-memory columns load now rather than on the first person to open Analysis
  const warming = Date.now()
  void app.services.analysis.warm().then(
    () => app.log.info(`analysis: columns loaded in ${Date.now() - warming} ms`),
    (err: unknown) => app.log.warn({ err }, 'analysis: loading the columns failed (the first dashboard loads them)'),
  )
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info(`${signal}: closing (requests in flight get up to ${config.shutdownTimeoutMs} ms)`)
    const force = setTimeout(() => {
      app.log.warn('shutdown timeout: closing the connections still open')
      app.server.closeAllConnections()
      process.exit(1)
    }, config.shutdownTimeoutMs)
    force.unref()
    try {
      await app.close()
    } catch (err) {
      app.log.error({ err }, 'error while closing')
      process.exit(1)
    }
    clearTimeout(force)
    app.log.info(`${signal}: closed`)
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  return app
}

if (require.main === module) {
  startServer(loadConfigOrExit(), { seed: true }).catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
