// CPU time spent by this process and by this bench's own PostgreSQL backends between two moments: a
// figure that, unlike wall-clock latency, does not move when other work shares the machine's cores
// (other processes' PostgreSQL sessions are not counted: the bench's connections carry an
// application_name, see withApplicationName).
import fs from 'node:fs'

const TICK_MS = 10 // USER_HZ is 100 on Linux

/** a PostgreSQL URL whose connections name themselves, so their backends can be told apart */
export function withApplicationName(url, name) {
  if (!url) return url
  const u = new URL(url)
  u.searchParams.set('application_name', name)
  return u.toString()
}

function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(f[11]) + Number(f[12])) * TICK_MS // utime, stime
  } catch {
    return null // not on this machine, or ended
  }
}

/**
 * backendPids: async () => the process ids of this bench's PostgreSQL sessions (or null on SQLite).
 * Backends opened during the measure count from zero.
 */
export async function startCpuMeter(backendPids = async () => null) {
  const node = process.cpuUsage()
  const before = new Map()
  for (const pid of (await backendPids()) ?? []) before.set(pid, processCpuMs(pid) ?? 0)
  return {
    /** CPU ms per unit of work since the start: { node, postgres } (postgres null on SQLite or a remote server) */
    async per(units) {
      const n = process.cpuUsage(node)
      const pids = await backendPids()
      let pg = null
      for (const pid of pids ?? []) {
        const ms = processCpuMs(pid)
        if (ms !== null) pg = (pg ?? 0) + ms - (before.get(pid) ?? 0)
      }
      return { node: (n.user + n.system) / 1000 / units, postgres: pg === null ? null : pg / units }
    },
  }
}
