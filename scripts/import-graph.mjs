#!/usr/bin/env node
// The import graph of one part of the code (server/src or src/admin): which files form import circles,
// and which arrows point against the part's floors. `import type` counts: a type-only circle still ties
// the files of a circle together (a change to one re-checks them all, and the layering is read from it).
//
//   node scripts/import-graph.mjs [server|admin ...] [--json] [--list] [--check]
//
// Prints, per part: files, arrows, circles (strongly connected components of more than one file), files
// in circles, arrows inside circles, and upward arrows (a file importing a file of a higher floor; the
// floors follow the rooms of eslint.config.mjs). `--check` (run by `npm test` with the static checks)
// lists every circle and upward arrow and exits 1 when there is any.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Floors, lowest first: a file may import its own floor and the ones below. First match wins. */
export const PARTS = {
  server: {
    dir: 'server/src',
    floors: [
      // the configuration is read by every room (the database, storage and password hashing included)
      ['config', /^server\/src\/config\.ts$/],
      ['lib', /^server\/src\/lib\//],
      ['migrations', /^server\/src\/db\/migrations\//],
      ['db', /^server\/src\/db\//],
      ['storage', /^server\/src\/storage\//],
      // the queue, its worker and the mail deliveries: the context carries the queue and modules enqueue on it;
      // the handlers that call services are wiring, in the composition root (job-handlers.ts)
      ['jobs', /^server\/src\/jobs\//],
      // the infrastructure every service receives: it names the pieces below it, never a module
      ['context', /^server\/src\/context\.ts$/],
      ['plugins', /^server\/src\/plugins\//],
      ['blocks', /^server\/src\/blocks\//],
      ['modules', /^server\/src\/modules\//],
      // the composition root (app.ts, services.ts with the Services type, job-handlers.ts) and the entry points
      ['entry', /^server\/src\/[^/]+\.ts$/],
    ],
  },
  admin: {
    dir: 'src/admin',
    floors: [
      ['api', /^src\/admin\/api\//],
      ['core', /^src\/admin\/(core|locales)\//],
      ['components', /^src\/admin\/components\//],
      ['views', /^src\/admin\/views\/(?!registry\.ts$)/],
      ['shell', /^src\/admin\/(layout|pages)\//],
      ['entry', /^src\/admin\/[^/]+$/],
      ['registry', /^src\/admin\/views\/registry\.ts$/],
    ],
  },
}
// The registry lists every view, so it sits above the views; the shell (layout, pages) reads it.
PARTS.admin.floors.splice(PARTS.admin.floors.findIndex(([n]) => n === 'shell'), 0, PARTS.admin.floors.pop())

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js']
const ALIASES = [
  ['@contracts/', 'src/shared/contracts/'],
  ['@shared/', 'src/shared/'],
  ['@/', 'src/'],
]
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\brequire\(\s*['"]([^'"]+)['"]\s*\)/g

function walk(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== '__tests__') walk(p, out)
    } else if (/\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

function resolve(fromFile, spec) {
  let base
  const alias = ALIASES.find(([a]) => spec.startsWith(a))
  if (alias) base = path.join(ROOT, alias[1], spec.slice(alias[0].length))
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(fromFile), spec)
  else return null // a package
  for (const ext of ['', ...EXTENSIONS]) {
    const p = base + ext
    if (fs.existsSync(p) && fs.statSync(p).isFile()) return p
  }
  return null
}

/** Strongly connected components (Tarjan, iterative). */
function components(nodes, edges) {
  let index = 0
  const idx = new Map(), low = new Map(), onStack = new Set(), stack = [], out = []
  for (const start of nodes) {
    if (idx.has(start)) continue
    const work = [[start, 0]]
    idx.set(start, index); low.set(start, index); index++; stack.push(start); onStack.add(start)
    while (work.length) {
      const frame = work[work.length - 1]
      const [v] = frame
      const next = [...(edges.get(v) ?? [])]
      if (frame[1] < next.length) {
        const w = next[frame[1]++]
        if (!idx.has(w)) {
          idx.set(w, index); low.set(w, index); index++; stack.push(w); onStack.add(w)
          work.push([w, 0])
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)))
      } else {
        work.pop()
        if (work.length) {
          const u = work[work.length - 1][0]
          low.set(u, Math.min(low.get(u), low.get(v)))
        }
        if (low.get(v) === idx.get(v)) {
          const comp = []
          let w
          do {
            w = stack.pop(); onStack.delete(w); comp.push(w)
          } while (w !== v)
          out.push(comp)
        }
      }
    }
  }
  return out
}

export function analyse(partName) {
  const part = PARTS[partName]
  const rel = (p) => path.relative(ROOT, p).split(path.sep).join('/')
  const files = walk(path.join(ROOT, part.dir))
  const inside = new Set(files)
  const edges = new Map()
  for (const f of files) {
    const text = fs.readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    const targets = new Set()
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(f, m[1] ?? m[2] ?? m[3] ?? m[4])
      if (target && inside.has(target) && target !== f) targets.add(target)
    }
    edges.set(f, targets)
  }
  const floorOf = (f) => part.floors.findIndex(([, re]) => re.test(rel(f)))
  const circles = components(files, edges).filter((c) => c.length > 1)
  const circleOf = new Map()
  circles.forEach((c, i) => c.forEach((f) => circleOf.set(f, i)))
  const arrows = [], inCircles = [], upward = []
  for (const [from, targets] of edges) {
    for (const to of targets) {
      const arrow = `${rel(from)} → ${rel(to)}`
      arrows.push(arrow)
      if (circleOf.has(from) && circleOf.get(from) === circleOf.get(to)) inCircles.push(arrow)
      if (floorOf(from) < floorOf(to)) upward.push(arrow)
    }
  }
  return {
    part: partName,
    files: files.length,
    arrows: arrows.length,
    circles: circles.map((c) => c.map(rel).sort()),
    filesInCircles: circles.reduce((n, c) => n + c.length, 0),
    arrowsInCircles: inCircles,
    upwardArrows: upward,
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const parts = args.filter((a) => !a.startsWith('--'))
  const results = (parts.length ? parts : Object.keys(PARTS)).map(analyse)
  if (args.includes('--json')) console.log(JSON.stringify(results, null, 2))
  else {
    for (const r of results) {
      console.log(
        `${r.part}: ${r.files} files, ${r.arrows} arrows; ${r.circles.length} circles holding ${r.filesInCircles} files ` +
          `(largest ${Math.max(0, ...r.circles.map((c) => c.length))}), ${r.arrowsInCircles.length} arrows inside circles, ${r.upwardArrows.length} upward arrows`,
      )
      if (args.includes('--list') || args.includes('--check')) {
        r.circles.forEach((c, i) => console.log(`  circle ${i + 1}: ${c.join(', ')}`))
        r.upwardArrows.forEach((a) => console.log(`  upward: ${a}`))
      }
    }
  }
  if (args.includes('--check') && results.some((r) => r.circles.length || r.upwardArrows.length)) {
    console.error('import graph: circles or upward arrows (above); ARCHITECTURE.md says where each kind of file sits')
    process.exit(1)
  }
}
