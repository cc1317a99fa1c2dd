import { backingServicesMissing, freshBacking, portFrom, startInstance, type Backing, type Instance } from './cluster'
import { startProxy, type Proxy } from './proxy'

/** Why this file cannot run (and says so in one line), or null when PostgreSQL and Redis answer. */
export async function skipWithoutBacking(file: string): Promise<string | null> {
  const missing = await backingServicesMissing()
  if (missing) console.log(`[cluster] ${file}: skipped, ${missing}`)
  return missing
}

export interface Pair {
  backing: Backing
  a: Instance
  b: Instance
  /** round-robin over a and b */
  proxy: Proxy
  /** proxy, instances, then the schema and the Redis keys */
  stop(): Promise<void>
}

/**
 * Two instances on one fresh PostgreSQL schema and Redis prefix behind the round-robin proxy. The first
 * migrates and seeds the schema; the second finds it ready. Ports: the first free ones from `from`, below
 * `below` (support/cluster.ts's portFrom). What started is stopped again when a later step fails.
 */
export async function startPair(label: string, opts: { from: number; below?: number; env?: Record<string, string> }): Promise<Pair> {
  const backing = await freshBacking(label)
  const env = { ...backing.env, ...opts.env }
  const started: { a?: Instance; b?: Instance; proxy?: Proxy } = {}
  const stop = async () => {
    await started.proxy?.close()
    await Promise.all([started.a?.stop(), started.b?.stop()])
    await backing.drop()
  }
  try {
    const a = (started.a = await startInstance({ name: `${label}-a`, port: await portFrom(opts.from, opts.below), env }))
    const b = (started.b = await startInstance({ name: `${label}-b`, port: await portFrom(a.port + 1, opts.below), env }))
    const proxy = (started.proxy = await startProxy(await portFrom(b.port + 1, opts.below), [a.port, b.port]))
    return { backing, a, b, proxy, stop }
  } catch (err) {
    await stop()
    throw err
  }
}
