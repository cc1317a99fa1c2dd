/** Listen with the configured database migrated (used by `npm run dev:server` and by start.ts). */
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { loadConfigOrExit, type Config } from './config'
import { startJobWorker } from './jobs'

export async function startServer(config: Config, opts: { seed?: boolean } = {}): Promise<FastifyInstance> {
  // MIGRATE_ON_START=0: the deploy migrated (and seeded) once before the instances start
  const app = await buildApp(config, { migrate: config.migrateOnStart, seed: opts.seed && config.migrateOnStart })
  await app.listen({ port: config.port, host: config.host })
  const jobs = startJobWorker(app) // scheduled notices and subscription digests (server/src/jobs)
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`)
    await jobs?.stop()
    await app.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  return app
}

if (require.main === module) {
  startServer(loadConfigOrExit(), { seed: true }).catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
