// Every bench drives the app, which is TypeScript: started by plain node, a bench re-runs itself under
// tsx's loader and exits with the child's status. This module is plain JavaScript on purpose: it is
// loaded before tsx is.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const root = path.resolve(benchDir, '..', '..')

// BENCH_NODE_ARGS: extra node flags for the measuring process (e.g. --cpu-prof, which NODE_OPTIONS refuses).
export function runUnderTsx(scriptUrl) {
  if (process.env.HAIJIAO_BENCH_CHILD) return
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []
  const r = spawnSync(process.execPath, ['--import', 'tsx', ...nodeArgs, fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, HAIJIAO_BENCH_CHILD: '1' },
  })
  process.exit(r.status ?? 1)
}
