/**
 * The mini-program must build on every commit: build dist/weapp when it is missing, older than
 * the sources, or always under CI=true; then check app.json against the route table and measure the
 * main package (everything outside subpackage roots) against WeChat's 2 MB limit.
 */
import fs from 'fs'
import path from 'path'
import { spawnSync } from 'child_process'
import * as acorn from 'acorn'
import { DIST, ROOT, ensureWeappBuild } from './support/ensure-build'
import { WeChatView, compileWxss, wxTexts } from './support/wechat-compilers'

const MAIN_PACKAGE_LIMIT = 2 * 1024 * 1024
/**
 * What a first open downloads before home can draw (ARCHITECTURE.md, "The mini-program main package"):
 * at most 500 KB (487 KB, from 901 KB): a change that grows it past the target fails here.
 */
const MAIN_PACKAGE_TARGET = 500 * 1024
const MAIN_PACKAGE_BUDGET = MAIN_PACKAGE_TARGET
/** WeChat's limit on the subpackages one page preloads */
const PRELOAD_LIMIT = 2 * 1024 * 1024

interface RouteDef {
  path: string
  page: string
  tab?: boolean
}
const ROUTES: RouteDef[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'src/shared/router/route-table.json'), 'utf8'))
const pagePath = (r: RouteDef) => `pages/${r.page}/index`

function dirSize(dir: string, exclude: (rel: string) => boolean, base = dir): number {
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const rel = path.relative(base, full).split(path.sep).join('/')
    if (exclude(rel)) continue
    total += entry.isDirectory() ? dirSize(full, exclude, base) : fs.statSync(full).size
  }
  return total
}

let appJson: {
  pages: string[]
  subPackages?: { root: string; pages: string[] }[]
  subpackages?: { root: string; pages: string[] }[]
  tabBar?: { list: { pagePath: string }[] }
}
let subs: { root: string; pages: string[] }[]

beforeAll(() => {
  ensureWeappBuild()
  appJson = JSON.parse(fs.readFileSync(path.join(DIST, 'app.json'), 'utf8'))
  subs = appJson.subPackages || appJson.subpackages || []
})

const allPages = () => [...appJson.pages, ...subs.flatMap((s) => s.pages.map((p) => `${s.root.replace(/\/$/, '')}/${p}`))]

test('app.json lists every consumer page', () => {
  const listed = allPages()
  const missing = ROUTES.map(pagePath).filter((p) => !listed.includes(p))
  expect(missing).toEqual([])
  for (const p of listed) {
    expect([p, fs.existsSync(path.join(DIST, `${p}.js`))]).toEqual([p, true])
    expect([p, fs.existsSync(path.join(DIST, `${p}.wxml`))]).toEqual([p, true])
  }
})

test('tab-bar pages sit in the main package, first page is home', () => {
  const tabs = ROUTES.filter((r) => r.tab).map(pagePath)
  expect(appJson.pages[0]).toBe('pages/index/index')
  expect([...appJson.pages].sort()).toEqual([...tabs].sort())
  expect(appJson.tabBar?.list.map((i) => i.pagePath).sort()).toEqual([...tabs].sort())
})

/** mini-program pages without a web route (WEAPP_ONLY in src/app.config.ts) */
const WEAPP_ONLY_PAGES = ['pages/chat/index']

test('every other page is in a subpackage', () => {
  const others = [...ROUTES.filter((r) => !r.tab).map(pagePath), ...WEAPP_ONLY_PAGES]
  const inSubs = subs.flatMap((s) => s.pages.map((p) => `${s.root.replace(/\/$/, '')}/${p}`))
  expect([...inSubs].sort()).toEqual([...others].sort())
  for (const s of subs) expect(fs.existsSync(path.join(DIST, s.root))).toBe(true)
})

test('the main package stays within its budget (WeChat allows 2 MB)', () => {
  const roots = subs.map((s) => s.root.replace(/\/$/, ''))
  const size = dirSize(DIST, (rel) => roots.some((r) => rel === r || rel.startsWith(`${r}/`)) || rel === 'project.config.json')
  const total = dirSize(DIST, () => false)
  const files = fs.readdirSync(DIST).filter((f) => fs.statSync(path.join(DIST, f)).isFile() && f !== 'project.config.json')
  const top = files.map((f) => [f, fs.statSync(path.join(DIST, f)).size] as const).sort((a, b) => b[1] - a[1]).slice(0, 8)
  console.log(`[weapp] main package ${(size / 1024).toFixed(1)} KB (budget ${MAIN_PACKAGE_BUDGET / 1024} KB, target ${MAIN_PACKAGE_TARGET / 1024} KB, WeChat's limit ${(MAIN_PACKAGE_LIMIT / 1024).toFixed(0)} KB); whole build ${(total / 1024).toFixed(1)} KB\n${top.map(([f, n]) => `  ${f} ${(n / 1024).toFixed(1)} KB`).join('\n')}`)
  expect(size).toBeLessThan(MAIN_PACKAGE_LIMIT)
  expect(size).toBeLessThanOrEqual(MAIN_PACKAGE_BUDGET)
})

// ---- preloading the subpackages a tab page leads to ----------------------------------------------------

/** route paths of subpackage pages named in a tab page's own sources: the page folder and the components it imports (not the shared frame, services and helpers, whose paths every page shares) */
function linkedSubpackages(page: string): Map<string, string> {
  const SRC = path.join(ROOT, 'src')
  const FRAME = /[\\/]src[\\/](shared[\\/]|components[\\/](layout|overlays|chat|subscribe|account)[\\/])/
  const resolve = (from: string, spec: string): string | null => {
    const base = spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : spec.startsWith('@/') ? path.join(SRC, spec.slice(2)) : null
    if (!base) return null
    for (const ext of ['.weapp.tsx', '.weapp.ts', '.tsx', '.ts', '/index.weapp.tsx', '/index.weapp.ts', '/index.tsx', '/index.ts']) {
      if (fs.existsSync(base + ext)) return base + ext
    }
    return null
  }
  const seen = new Set<string>()
  const stack = [path.join(SRC, 'pages', page, 'index.tsx')]
  const linked = new Map<string, string>()
  while (stack.length) {
    const file = stack.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    const src = fs.readFileSync(file, 'utf8')
    for (const m of src.matchAll(/(?:from\s*|import\(\s*(?:\/\*.*?\*\/\s*)?|import\s+)['"]([^'"]+)['"]/g)) {
      const next = resolve(file, m[1])
      if (next && !FRAME.test(next)) stack.push(next)
    }
    for (const r of ROUTES) {
      if (r.tab) continue
      const named = new RegExp(`['"\`]${r.path.replace(/\//g, '\\/')}(?=['"\`?#/])`)
      if (named.test(src) && !linked.has(r.page)) linked.set(r.page, path.relative(ROOT, file))
    }
  }
  return linked
}

test("every tab page preloads the subpackages its links lead to, within WeChat's 2 MB per page", () => {
  const rules = (appJson as { preloadRule?: Record<string, { network?: string; packages: string[] }> }).preloadRule || {}
  const roots = new Set(subs.map((s) => s.root.replace(/\/$/, '')))
  for (const tab of ROUTES.filter((r) => r.tab)) {
    const rule = rules[pagePath(tab)]
    expect([tab.page, rule ? 'has a preloadRule' : 'no preloadRule']).toEqual([tab.page, 'has a preloadRule'])
    expect([tab.page, rule.network ?? 'wifi']).toEqual([tab.page, 'all'])
    // each package a subpackage of app.json
    expect(rule.packages.filter((p) => !roots.has(p.replace(/\/$/, '')))).toEqual([])
    const linked = linkedSubpackages(tab.page)
    const missing = [...linked].filter(([page]) => !rule.packages.includes(`pages/${page}`)).map(([page, file]) => `pages/${page} (linked from ${file})`)
    expect([tab.page, missing]).toEqual([tab.page, []])
    const bytes = rule.packages.reduce((n, p) => n + dirSize(path.join(DIST, p), () => false), 0)
    console.log(`[weapp] ${pagePath(tab)} preloads ${rule.packages.length} subpackages, ${(bytes / 1024).toFixed(1)} KB`)
    expect(bytes).toBeLessThanOrEqual(PRELOAD_LIMIT)
  }
  // the scan finds links (a scan that finds nothing would pass any rule)
  expect(linkedSubpackages('index').has('activity-detail')).toBe(true)
  expect(linkedSubpackages('activity').has('activity-detail')).toBe(true)
})

// ---- WeChat's own compilers (the ones DevTools and the upload run) ------------------------------------

let view: WeChatView | undefined

test("WeChat's WXML compiler (wcc) compiles the build and gives every page and the component a render function", () => {
  // a syntax error anywhere in a .wxml or .wxs throws here, with wcc's file:line:column
  view = new WeChatView(DIST)
  const missing = [...allPages(), 'comp'].filter((p) => !view?.has(`${p}.wxml`))
  expect(missing).toEqual([])
})

test("below base.wxml's last level wcc's tree continues in Taro's comp component, whose own WXML renders the rest", () => {
  const levels = [...fs.readFileSync(path.join(DIST, 'base.wxml'), 'utf8').matchAll(/<template name="tmpl_(\d+)_container">/g)].map((m) => Number(m[1]) + 1)
  const baseLevel = Math.max(...levels)
  expect(baseLevel).toBeGreaterThanOrEqual(8)
  // a chain of views two levels deeper than the templates go: one `comp` instance carries the rest
  let node: Record<string, unknown> = { nn: '9', v: 'deepest text' }
  for (let depth = 0; depth < baseLevel + 2; depth++) node = { nn: '0', sid: `_n_${depth}`, cn: [node] }
  view ??= new WeChatView(DIST)
  const { tree, warnings, components } = view.render('pages/index/index', { root: { cn: [node] } })
  expect(warnings).toEqual([])
  expect(components).toBe(1)
  expect(wxTexts(tree)).toEqual(['deepest text'])
})

test("WeChat's WXSS compiler (wcsc) compiles every stylesheet of the build", () => {
  // a syntax error in any .wxss (imported ones included) throws here, with wcsc's message
  const compiled = compileWxss(DIST)
  const styled = ['app', ...allPages()].filter((p) => fs.existsSync(path.join(DIST, `${p}.wxss`)))
  expect(styled.length).toBeGreaterThan(20)
  expect(styled.filter((p) => !compiled.includes(`${p}.wxss`))).toEqual([])
})

test('project.config.json opens in WeChat DevTools (app id from TARO_APP_ID, tourist by default)', () => {
  const pc = JSON.parse(fs.readFileSync(path.join(DIST, 'project.config.json'), 'utf8'))
  expect(pc.compileType).toBe('miniprogram')
  expect(pc.miniprogramRoot).toBe('./')
  expect(pc.appid).toBe(process.env.TARO_APP_ID || 'touristappid')
  const rootPc = JSON.parse(fs.readFileSync(path.join(ROOT, 'project.config.json'), 'utf8'))
  expect(rootPc.miniprogramRoot).toBe('dist/weapp/')
})

// ---- personal centre ----------------------------------------------------------------------------------

/** all compiled JS of a page's folder (its subpackage root, or the page folder of a main-package page) */
function pageJs(page: string): string {
  const dir = path.join(DIST, 'pages', page)
  const out: string[] = []
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name)
      if (e.isDirectory()) walk(full)
      else if (e.name.endsWith('.js')) out.push(fs.readFileSync(full, 'utf8'))
    }
  }
  walk(dir)
  return out.join('\n')
}
const mainJs = () => ['app.js', 'common.js', 'vendors.js'].map((f) => fs.readFileSync(path.join(DIST, f), 'utf8')).join('\n')

test('the personal centre pages are in the build with their sections', () => {
  // /center is a tab page: main package, with my activities, favourites, follows and the promoter entry
  expect(appJson.pages).toContain('pages/center/index')
  // (code shared with the other centre pages, e.g. the login prompt, lands in the main package's common.js)
  const center = `${pageJs('center')}\n${mainJs()}`
  for (const id of ['center-page', 'center-activities', 'center-favorites', 'center-follows', 'promoter-submit', 'center-login-prompt']) {
    expect([id, center.includes(id)]).toEqual([id, true])
  }
  const userinfo = pageJs('center-userinfo')
  for (const id of ['userinfo-page', 'userinfo-avatar-change', 'userinfo-send-code', 'userinfo-phone-save']) {
    expect([id, userinfo.includes(id)]).toEqual([id, true])
  }
  const talent = pageJs('center-talent')
  for (const id of ['talent-item', 'talent-answers']) expect([id, talent.includes(id)]).toEqual([id, true])
  // the centre's styles ship in the main package (a tab page cannot load subpackage styles)
  expect(fs.readFileSync(path.join(DIST, 'common.wxss'), 'utf8')).toContain('.hj-ct-sec{')
})

test('favourite and follow buttons are on the detail pages; the participation API is compiled in', () => {
  for (const page of ['activity-detail', 'topic-detail', 'information-detail']) {
    expect([page, pageJs(page).includes('favorite-button')]).toEqual([page, true])
  }
  expect(pageJs('sponsor').includes('sponsor-follow')).toBe(true)
  const js = mainJs()
  for (const p of ['/favorite/info/add', '/follow/info/add', '/system/user/update/info', '/system/user/update/email', '/system/user/promoter/apply', '/system/user/promoter/talent/list', '/activity/enroll/my']) {
    expect([p, js.includes(p)]).toEqual([p, true])
  }
})

// ---- what older WeChat engines and phones need ------------------------------------------------------

/** every .js file of the build, relative to dist/weapp */
function buildJsFiles(): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name)
      if (e.isDirectory()) walk(full)
      else if (e.name.endsWith('.js')) out.push(path.relative(DIST, full))
    }
  }
  walk(DIST)
  return out
}

/**
 * The oldest engine the build runs on. The app needs base library 2.32.3 (WeChat's privacy authorization,
 * README), and WeChat's own compatibility table (the miniprogram-compat package, getBrowsersList('2.32.3'))
 * gives iOS 13 and Chrome 86 for it: ES2019 syntax. babel.config.js compiles for those targets.
 */
const OLDEST_ENGINE_ES = 2019

test('every script parses as ES2019 without regular-expression lookbehind: what iOS 13, the oldest engine of the base library the app needs, runs', () => {
  const pc = JSON.parse(fs.readFileSync(path.join(DIST, 'project.config.json'), 'utf8'))
  // the scripts are shipped as built: WeChat's own ES6-to-ES5 pass would grow them back
  expect(pc.setting?.es6).toBe(false)
  const files = buildJsFiles()
  expect(files.length).toBeGreaterThan(10)
  const failures = files.flatMap((f) => {
    try {
      const lookbehind: string[] = []
      acorn.parse(fs.readFileSync(path.join(DIST, f), 'utf8'), {
        ecmaVersion: OLDEST_ENGINE_ES,
        sourceType: 'script',
        // JavaScriptCore has lookbehind only from iOS 16.4, and acorn accepts it in ES2018
        onToken: (t) => {
          const pattern = t.type === acorn.tokTypes.regexp ? (t as unknown as { value: { pattern: string } }).value.pattern : ''
          if (/\(\?<[=!]/.test(pattern)) lookbehind.push(pattern)
        },
      })
      return lookbehind.map((p) => `${f}: lookbehind /${p}/`)
    } catch (err) {
      return [`${f}: ${(err as Error).message}`]
    }
  })
  expect(failures).toEqual([])
})

test('an ES5-only parse fails on the build: the check above is not vacuous', () => {
  // the build uses const and arrows; if it were ES5, the target above could go back down
  expect(() => acorn.parse(fs.readFileSync(path.join(DIST, 'common.js'), 'utf8'), { ecmaVersion: 5, sourceType: 'script' })).toThrow()
})

// ---- texts per package --------------------------------------------------------------------------------

/** the sections the main package's texts leave out, and the single texts it keeps of them (src/shared/i18n/texts.ts) */
function mainTextsSplit(): { omit: string[]; keep: string[] } {
  const src = fs.readFileSync(path.join(ROOT, 'src/shared/i18n/texts.ts'), 'utf8')
  const query = new URLSearchParams(/locales\/zh-cn\.json\?([^']+)'/.exec(src)?.[1] ?? '')
  return { omit: (query.get('omit') ?? '').split(',').filter(Boolean), keep: (query.get('keep') ?? '').split(',').filter(Boolean) }
}

/** keys of `sections` named in `code` as a string or the head of a template (`policy.title`, `policy.tab.${x}`) */
function keysNamed(code: string, sections: string[]): string[] {
  const re = new RegExp(`[\`'"]((?:${sections.join('|')})\\.[A-Za-z][\\w.]*(?:\\$\\{)?)`, 'g')
  return [...new Set([...code.matchAll(re)].map((m) => m[1]))]
}

test("the main package's scripts name no text of a section its texts leave out (each would show as its key)", () => {
  const { omit, keep } = mainTextsSplit()
  expect(omit.length).toBeGreaterThan(10)
  const roots = subs.map((p) => p.root.replace(/\/$/, '') + '/')
  const mainFiles = buildJsFiles().filter((f) => !roots.some((r) => f.split(path.sep).join('/').startsWith(r)))
  expect(mainFiles).toContain('common.js')
  const named = mainFiles.flatMap((f) => keysNamed(fs.readFileSync(path.join(DIST, f), 'utf8'), omit).filter((k) => !keep.includes(k)).map((k) => `${f}: ${k}`))
  expect(named).toEqual([])
  // and the subpackages do name them (the scan finds keys in built code)
  expect(keysNamed(pageJs('policy'), omit).some((k) => k.startsWith('policy.'))).toBe(true)
})

test('every source file that names a text of a left-out section imports the section module that carries it', () => {
  const { omit, keep } = mainTextsSplit()
  const sectionsDir = path.join(ROOT, 'src/shared/i18n/sections')
  /** module name → the sections it adds */
  const carried = new Map<string, string[]>()
  for (const f of fs.readdirSync(sectionsDir).filter((f) => /^[\w-]+\.ts$/.test(f))) {
    const q = /\?sections=([\w,]+)&/.exec(fs.readFileSync(path.join(sectionsDir, f), 'utf8'))?.[1]
    if (q) carried.set(f.replace(/\.ts$/, ''), q.split(','))
  }
  expect(omit.filter((s) => ![...carried.values()].some((list) => list.includes(s)))).toEqual([])
  const problems: string[] = []
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name)
      const rel = path.relative(ROOT, full).split(path.sep).join('/')
      if (e.isDirectory()) {
        if (!['src/admin', 'src/shared/i18n'].includes(rel)) walk(full)
      } else if (/\.tsx?$/.test(e.name) && !/\.h5\.tsx?$/.test(e.name)) {
        const code = fs.readFileSync(full, 'utf8')
        const imported = [...code.matchAll(/import '[./]*shared\/i18n\/sections\/([\w-]+)'/g)].flatMap((m) => carried.get(m[1]) ?? [])
        for (const key of keysNamed(code, omit)) {
          if (keep.includes(key) || imported.includes(key.split('.')[0])) continue
          problems.push(`${rel}: ${key}`)
        }
      }
    }
  }
  walk(path.join(ROOT, 'src'))
  expect(problems).toEqual([])
})

test('the build calls the API origin it was given, never a page-relative path', () => {
  // built by build:weapp:local, whose API_BASE is the local server
  expect(mainJs()).toContain('"http://localhost:8080"')
})

test('a production build without API_BASE stops with a clear message instead of shipping localhost', () => {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' }
  delete env.API_BASE
  delete env.TARO_APP_API_BASE
  const r = spawnSync('npx', ['taro', 'build', '--type', 'weapp'], { cwd: ROOT, encoding: 'utf8', env, timeout: 60_000 })
  const out = `${r.stdout || ''}${r.stderr || ''}`
  expect(r.status).toBe(1)
  expect(out).toContain('API_BASE is not set')
  expect(out).toContain('npm run build:weapp:local')
})

test('the tab bar has an icon and a selected icon per tab: PNG, 81 × 81 px, at most 40 KB each', () => {
  const list = (appJson.tabBar?.list || []) as Array<{ pagePath: string; iconPath?: string; selectedIconPath?: string }>
  expect(list).toHaveLength(5)
  for (const item of list) {
    for (const icon of [item.iconPath, item.selectedIconPath]) {
      expect([item.pagePath, typeof icon]).toEqual([item.pagePath, 'string'])
      const bytes = fs.readFileSync(path.join(DIST, icon as string))
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
      // IHDR: width and height as big-endian integers at bytes 16 and 20
      expect([icon, bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([icon, 81, 81])
      expect(bytes.length).toBeLessThanOrEqual(40 * 1024)
    }
  }
})

test('home and every detail page can be shared to a chat and to Moments', () => {
  for (const page of ['index', 'activity-detail', 'information-detail', 'policy-detail', 'topic-detail', 'roadshow-detail', 'platform-detail', 'talent-detail', 'sponsor', 'competition', 'raffle']) {
    // Taro moves these page-config flags into the page's script, where they make it define onShareAppMessage / onShareTimeline
    const js = fs.readFileSync(path.join(DIST, 'pages', page, 'index.js'), 'utf8')
    expect([page, /enableShareAppMessage[:=]!0/.test(js), /enableShareTimeline[:=]!0/.test(js)]).toEqual([page, true, true])
  }
})
