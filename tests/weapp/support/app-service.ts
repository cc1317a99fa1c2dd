/**
 * An emulated WeChat mini-program app service for the built `dist/weapp`, in Node.
 *
 * - One `vm` context holding only the ECMAScript built-ins, timers and `console` (string code generation
 *   off: no `eval`, no `new Function`, as in WeChat's JavaScript engine).
 * - Each file is wrapped the way WeChat wraps a module: `require`, `module`, `exports`, and `window`,
 *   `document`, `navigator`, `localStorage`, `XMLHttpRequest`, ... shadowed as undefined.
 * - `App`, `Page`, `Component`, `Behavior`, `getApp`, `getCurrentPages`, and a `wx` that has every API
 *   name of miniprogram-api-typings. `wx.request` / `wx.connectSocket` reach a real server: the build's
 *   API origin (`http://localhost:8080`, from build:weapp:local) is rewritten to the test server's
 *   origin; `responseType: 'arraybuffer'` answers the bytes. Storage, navigation (checked against app.json),
 *   toasts, modals, login codes and every other API call are recorded; files written through
 *   `wx.getFileSystemManager().writeFile` under `wx.env.USER_DATA_PATH` are kept in `files`.
 * - WeChat's privacy authorization: the privacy APIs (PRIVACY_APIS) wait until the person has agreed to
 *   the privacy guide. Before that, a call goes to the `wx.onNeedPrivacyAuthorization` listener with a
 *   `resolve`; `resolve({ event: 'agree', buttonId })` resumes it only after a tap on the button with that
 *   id whose open-type is agreePrivacyAuthorization (`agreePrivacyButton`), as the base library checks;
 *   `resolve({ event: 'disagree' })` fails it with "privacy permission is not authorized".
 * - Page instances apply `setData` patch paths (`root.cn.[0].cn.[2].v`) to `data`, as the view layer
 *   receives them; events are delivered to the page's `eh` handler as the view layer would.
 *
 * What it cannot show: layout, styles, fonts, images actually decoding, the real WXML compiler, the
 * real base library's timing, native components and anything visual. See tests/README.md.
 */
import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import WebSocket from 'ws'

export const BUILD_ORIGIN = 'http://localhost:8080'

// WeChat's module wrapper parameters (the browser globals a mini-program does not have)
const SHADOWED = ['window', 'document', 'frames', 'self', 'location', 'navigator', 'localStorage', 'history', 'Caches', 'screen', 'alert', 'confirm', 'prompt', 'XMLHttpRequest', 'WebSocket', 'Reporter', 'webkit', 'WeixinJSCore']

export interface AppJson {
  pages: string[]
  subPackages?: { root: string; pages: string[] }[]
  subpackages?: { root: string; pages: string[] }[]
  tabBar?: { list: { pagePath: string; text: string }[] }
  window?: Record<string, unknown>
}

export interface TreeNode {
  nn: string
  sid?: string
  uid?: string
  v?: string
  cl?: string
  cn?: TreeNode[]
  [prop: string]: unknown
}

export interface PageInstance {
  route: string
  options: Record<string, string>
  data: { root: { cn: TreeNode[] } } & Record<string, any>
  setDataCalls: number
  /** bytes of every setData payload as JSON (what crosses from the app service to the view layer) */
  setDataBytes: number
  [key: string]: any
}

export interface RequestRecord {
  method: string
  url: string
  status: number
  body: unknown
  page: string | null
}

export interface ApiCall {
  api: string
  args: unknown
  page: string | null
}

/** the APIs WeChat holds back until the privacy guide is agreed to (those this app could call, and their kin) */
export const PRIVACY_APIS = [
  'chooseImage', 'chooseMedia', 'chooseVideo', 'chooseMessageFile', 'saveImageToPhotosAlbum', 'saveVideoToPhotosAlbum',
  'setClipboardData', 'getClipboardData', 'addPhoneCalendar', 'addPhoneRepeatCalendar', 'getLocation', 'getFuzzyLocation',
  'chooseLocation', 'chooseAddress', 'startRecord', 'getWeRunData', 'addPhoneContact',
]

/** names of every wx API in miniprogram-api-typings (the `Wx` interface) */
function wxApiNames(root: string): string[] {
  const file = path.join(root, 'node_modules/miniprogram-api-typings/types/wx/lib.wx.api.d.ts')
  const text = fs.readFileSync(file, 'utf8')
  const start = text.indexOf('    interface Wx {')
  const names = new Set<string>()
  for (const m of text.slice(start).matchAll(/^ {8}([a-zA-Z]\w*)(?:<|\(|$)/gm)) names.add(m[1])
  return [...names]
}

function parsePath(p: string): (string | number)[] {
  const out: (string | number)[] = []
  for (const m of p.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) out.push(m[1] !== undefined ? Number(m[1]) : m[2])
  return out
}

/** WeChat's setData: each key is a data path; values cross to the view layer as JSON. */
export function applyPatch(target: Record<string, any>, key: string, value: unknown): void {
  const parts = parsePath(key)
  let obj: any = target
  for (let i = 0; i < parts.length - 1; i++) {
    const k = parts[i]
    if (obj[k] === null || typeof obj[k] !== 'object') obj[k] = typeof parts[i + 1] === 'number' ? [] : {}
    obj = obj[k]
  }
  obj[parts[parts.length - 1]] = value === undefined ? undefined : JSON.parse(JSON.stringify(value))
}

export class AppService {
  readonly dist: string
  readonly appJson: AppJson
  readonly tabPages: string[]
  readonly allPages: string[]
  readonly ctx: vm.Context
  readonly requests: RequestRecord[] = []
  readonly calls: ApiCall[] = []
  readonly navigations: { api: string; url: string; ok: boolean; reason?: string }[] = []
  readonly toasts: { title: string; icon?: string }[] = []
  readonly errors: string[] = []
  readonly storage = new Map<string, string>()
  /** files the app wrote with getFileSystemManager().writeFile, by path */
  readonly files = new Map<string, Buffer>()
  readonly sockets: WebSocket[] = []
  loginCodes: string[] = []
  /** WeChat's privacy state: agreed yet, the app's listener, the ids of agree buttons tapped, what was asked, the clipboard */
  readonly privacy = {
    agreed: false,
    listener: null as null | ((resolve: (r: any) => void, info: unknown) => void),
    agreeButtons: new Set<string>(),
    asked: [] as string[],
    answers: [] as string[],
    clipboard: '',
  }
  /** the person's answer in the subscribe-message dialog, per template id (default: accept every one) */
  subscribeAnswer: (tmplIds: string[]) => Record<string, string> = (ids) => Object.fromEntries(ids.map((id) => [id, 'accept']))
  /** inside a tap's handler: WeChat opens the subscribe-message dialog only then */
  private inTap = false
  stack: PageInstance[] = []
  private tabInstances = new Map<string, PageInstance>()
  private modules = new Map<string, { exports: any }>()
  private pageDefs = new Map<string, any>()
  private loadingRoute: string | null = null
  private appInstance: any = null
  private inflight = 0
  private timers = new Set<ReturnType<typeof setTimeout>>()
  private intervals = new Set<ReturnType<typeof setInterval>>()
  private toCtx: (json: string) => any

  constructor(
    dist: string,
    private readonly serverOrigin: string,
    root = path.resolve(dist, '../..'),
  ) {
    this.dist = dist
    this.appJson = JSON.parse(fs.readFileSync(path.join(dist, 'app.json'), 'utf8'))
    this.tabPages = (this.appJson.tabBar?.list ?? []).map((t) => t.pagePath)
    const subs = this.appJson.subPackages || this.appJson.subpackages || []
    this.allPages = [...this.appJson.pages, ...subs.flatMap((s) => s.pages.map((p) => `${s.root.replace(/\/$/, '')}/${p}`))]

    this.ctx = vm.createContext({}, { name: 'weapp app service', codeGeneration: { strings: false, wasm: false } })
    this.toCtx = vm.runInContext('(function (s) { return s === undefined ? undefined : JSON.parse(s) })', this.ctx)
    const g = this.ctx as Record<string, unknown>
    const record = (kind: string) => (...args: unknown[]) => {
      const text = args.map((a) => (a instanceof Error || (a && typeof a === 'object' && 'stack' in (a as object)) ? String((a as Error).stack) : typeof a === 'string' ? a : safeJson(a))).join(' ')
      if (kind === 'error') this.errors.push(`console.error: ${text}`)
    }
    g.console = { log: record('log'), info: record('info'), debug: record('debug'), warn: record('warn'), error: record('error'), group: () => {}, groupEnd: () => {}, time: () => {}, timeEnd: () => {} }
    g.setTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const t = setTimeout(() => {
        this.timers.delete(t)
        this.guard('setTimeout', () => fn(...args))
      }, ms)
      this.timers.add(t)
      return t
    }
    g.clearTimeout = (t: ReturnType<typeof setTimeout>) => {
      this.timers.delete(t)
      clearTimeout(t)
    }
    g.setInterval = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const t = setInterval(() => this.guard('setInterval', () => fn(...args)), ms)
      this.intervals.add(t)
      return t
    }
    g.clearInterval = (t: ReturnType<typeof setInterval>) => {
      this.intervals.delete(t)
      clearInterval(t)
    }
    g.App = (options: any) => {
      this.appInstance = options
    }
    g.Page = (options: any) => {
      if (!this.loadingRoute) throw new Error('Page() called outside a page file')
      this.pageDefs.set(this.loadingRoute, options)
    }
    g.Component = (options: any) => {
      if (this.loadingRoute) this.pageDefs.set(this.loadingRoute, options)
    }
    g.Behavior = (options: any) => options
    g.getApp = () => this.appInstance
    g.getCurrentPages = () => [...this.stack]
    g.requirePlugin = () => ({})
    g.__wxConfig = this.toCtx(JSON.stringify({ ...this.appJson, envVersion: 'develop', platform: 'devtools' }))
    g.wx = this.buildWx(wxApiNames(root))
  }

  private guard(where: string, fn: () => void) {
    try {
      fn()
    } catch (err) {
      this.errors.push(`${where}: ${(err as Error)?.stack ?? String(err)}`)
    }
  }

  private get currentRoute(): string | null {
    return this.stack.length ? this.stack[this.stack.length - 1].route : null
  }

  // ---- modules ---------------------------------------------------------------------------------------

  require(file: string): any {
    const full = path.resolve(this.dist, file.endsWith('.js') ? file : `${file}.js`)
    const rel = path.relative(this.dist, full)
    if (rel.startsWith('..')) throw new Error(`require outside the package: ${file}`)
    const cached = this.modules.get(full)
    if (cached) return cached.exports
    if (!fs.existsSync(full)) throw new Error(`module ${rel} not found in the package`)
    const module = { exports: this.toCtx('{}') }
    this.modules.set(full, module)
    const src = fs.readFileSync(full, 'utf8')
    const wrapped = `(function (require, module, exports, ${SHADOWED.join(', ')}) {${src}\n})`
    const fn = new vm.Script(wrapped, { filename: rel }).runInContext(this.ctx)
    const localRequire = (p: string) => this.require(path.relative(this.dist, path.resolve(path.dirname(full), p)))
    fn.call(undefined, localRequire, module, module.exports)
    return module.exports
  }

  /** require app.js and run the app's onLaunch / onShow */
  launch(entry = 'pages/index/index', query: Record<string, string> = {}) {
    this.require('app')
    if (!this.appInstance) throw new Error('app.js did not call App()')
    const opts = this.toCtx(JSON.stringify({ path: entry, query, scene: 1001, referrerInfo: {} }))
    this.appInstance.onLaunch?.call(this.appInstance, opts)
    this.appInstance.onShow?.call(this.appInstance, opts)
  }

  private loadPage(route: string): any {
    if (!this.pageDefs.has(route)) {
      this.loadingRoute = route
      try {
        this.require(route)
      } finally {
        this.loadingRoute = null
      }
    }
    const def = this.pageDefs.get(route)
    if (!def) throw new Error(`${route}.js did not call Page()`)
    return def
  }

  private createPage(route: string, query: Record<string, string>): PageInstance {
    const def = this.loadPage(route)
    const page: PageInstance = Object.create(null)
    for (const [k, v] of Object.entries(def)) if (k !== 'data') page[k] = v
    const methods = def.methods || {}
    for (const [k, v] of Object.entries(methods)) page[k] = v
    page.data = JSON.parse(JSON.stringify(def.data || {}))
    if (!page.data.root) page.data.root = { cn: [] }
    page.route = route
    page.__route__ = route
    page.is = route
    page.options = this.toCtx(JSON.stringify(query))
    page.setDataCalls = 0
    page.setDataBytes = 0
    page.setData = (data: Record<string, unknown>, cb?: () => void) => {
      page.setDataCalls++
      page.setDataBytes += Buffer.byteLength(JSON.stringify(data) ?? '')
      for (const [k, v] of Object.entries(data)) applyPatch(page.data, k, v)
      if (cb) this.defer(cb)
    }
    page.selectComponent = () => null
    page.selectAllComponents = () => []
    page.createSelectorQuery = () => this.stub('SelectorQuery')
    page.getOpenerEventChannel = () => this.stub('EventChannel')
    page.getTabBar = () => null
    return page
  }

  private defer(fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t)
      this.guard('callback', fn)
    }, 0)
    this.timers.add(t)
  }

  /** what WeChat calls on the shown page for a user gesture: onReachBottom, onPullDownRefresh, ... */
  pageEvent(name: string, arg?: unknown): unknown {
    const page = this.current
    if (typeof page[name] !== 'function') throw new Error(`${page.route} defines no ${name}`)
    let result: unknown
    this.guard(`${page.route}.${name}`, () => {
      result = page[name].call(page, arg === undefined ? undefined : this.toCtx(JSON.stringify(arg)))
    })
    return result === undefined ? undefined : JSON.parse(JSON.stringify(result))
  }

  private lifecycle(page: PageInstance, name: string, arg?: unknown) {
    const fn = page[name] ?? page.lifetimes?.[name]
    if (typeof fn === 'function') this.guard(`${page.route}.${name}`, () => fn.call(page, arg))
  }

  /** open a page as WeChat does: onLoad(query), onShow, onReady */
  openPage(route: string, query: Record<string, string> = {}): PageInstance {
    const page = this.createPage(route, query)
    this.stack.push(page)
    if (this.tabPages.includes(route)) this.tabInstances.set(route, page)
    this.lifecycle(page, 'onLoad', page.options)
    this.lifecycle(page, 'onShow')
    this.lifecycle(page, 'onReady')
    return page
  }

  private unload(page: PageInstance) {
    this.lifecycle(page, 'onUnload')
    if (this.tabPages.includes(page.route)) this.tabInstances.delete(page.route)
  }

  get current(): PageInstance {
    if (!this.stack.length) throw new Error('no page open')
    return this.stack[this.stack.length - 1]
  }

  /** wait until no request is in flight and nothing changed for a few turns of the event loop */
  async settle(maxMs = 10000) {
    const started = Date.now()
    let quiet = 0
    let lastSig = ''
    while (Date.now() - started < maxMs) {
      await new Promise((r) => setTimeout(r, 25))
      const sig = `${this.inflight}:${this.stack.map((p) => p.setDataCalls).join(',')}:${this.requests.length}:${this.navigations.length}`
      if (this.inflight === 0 && sig === lastSig) {
        if (++quiet >= 3) return
      } else quiet = 0
      lastSig = sig
    }
  }

  /** deliver a view-layer event to the current page's handler, as a tap/input on the node would */
  fire(node: TreeNode, type: string, detail: Record<string, unknown> = {}) {
    const page = this.current
    const id = node.uid || node.sid
    const target = { id, dataset: { sid: node.sid } }
    const event = this.toCtx(JSON.stringify({ type, timeStamp: Date.now(), target, currentTarget: target, detail, touches: [], changedTouches: [], mark: {} }))
    if (typeof page.eh !== 'function') throw new Error(`${page.route} has no event handler`)
    this.inTap = type === 'tap'
    try {
      this.guard(`${page.route} ${type} event`, () => page.eh.call(page, event))
    } finally {
      this.inTap = false
    }
  }

  /**
   * the view layer's answer to a tap on a `<button open-type="agreePrivacyAuthorization">`: the base library
   * notes the button, then delivers its agreeprivacyauthorization event to the page
   */
  agreePrivacyButton(node: TreeNode) {
    this.privacy.agreeButtons.add(String(node.uid || node.sid))
    this.fire(node, 'agreeprivacyauthorization')
  }

  /** runs a privacy API now when agreed, else through the app's onNeedPrivacyAuthorization listener */
  private privacyGate(name: string, opts: any, run: () => unknown) {
    if (this.privacy.agreed) return run()
    const listener = this.privacy.listener
    if (!listener) return this.fail(opts, name, 'privacy permission is not authorized (no onNeedPrivacyAuthorization listener)')
    this.privacy.asked.push(name)
    let settled = false
    const resolve = (r: any) => {
      const event = String(r?.event ?? '')
      this.privacy.answers.push(event)
      if (event === 'exposureAuthorization' || settled) return
      settled = true
      if (event === 'agree') {
        if (!this.privacy.agreeButtons.has(String(r?.buttonId))) {
          this.errors.push(`resolve({ event: 'agree', buttonId: ${r?.buttonId} }) without a tap on that agreePrivacyAuthorization button`)
          return this.fail(opts, name, 'privacy permission is not authorized')
        }
        this.privacy.agreed = true
        return run()
      }
      return this.fail(opts, name, 'privacy permission is not authorized')
    }
    this.guard(`onNeedPrivacyAuthorization (${name})`, () => listener(resolve, this.toCtx(JSON.stringify({ referrer: name }))))
    return undefined
  }

  /** unload every open page (what reLaunch does before it opens a page) */
  unloadAll() {
    for (const p of this.stack.splice(0).reverse()) this.unload(p)
    this.tabInstances.clear()
  }

  close() {
    this.unloadAll()
    for (const t of this.timers) clearTimeout(t)
    for (const t of this.intervals) clearInterval(t)
    this.timers.clear()
    this.intervals.clear()
    for (const s of this.sockets) s.terminate()
  }

  // ---- wx --------------------------------------------------------------------------------------------

  /** a chainable stand-in for context/manager objects (SelectorQuery, UpdateManager, ...) */
  private stub(kind: string): any {
    const self: any = new Proxy(function () {}, {
      get: (_t, prop) => {
        if (prop === 'then') return undefined
        if (prop === 'exec') return (cb?: (r: unknown) => void) => cb && this.defer(() => cb(this.toCtx('[]')))
        return (...args: unknown[]) => {
          const cb = args.find((a) => typeof a === 'function') as ((r: unknown) => void) | undefined
          if (cb && String(prop).startsWith('on') === false && kind !== 'SelectorQuery') this.defer(() => cb(this.toCtx('{}')))
          return self
        }
      },
    })
    return self
  }

  private ok(opts: any, name: string, result: Record<string, unknown> = {}) {
    const res = this.toCtx(JSON.stringify({ errMsg: `${name}:ok`, ...result }))
    this.defer(() => {
      opts?.success?.(res)
      opts?.complete?.(res)
    })
    return res
  }

  private fail(opts: any, name: string, reason: string) {
    const res = this.toCtx(JSON.stringify({ errMsg: `${name}:fail ${reason}` }))
    this.defer(() => {
      opts?.fail?.(res)
      opts?.complete?.(res)
    })
  }

  /** a URL of the build's API origin, on the test server */
  serverUrl(url: string): string {
    return this.rewrite(url)
  }

  private rewrite(url: string, ws = false): string {
    const build = ws ? BUILD_ORIGIN.replace(/^http/, 'ws') : BUILD_ORIGIN
    const server = ws ? this.serverOrigin.replace(/^http/, 'ws') : this.serverOrigin
    return url.startsWith(build) ? server + url.slice(build.length) : url
  }

  private checkNavigation(api: string, url: string): string | null {
    if (typeof url !== 'string' || !url.startsWith('/')) return `url must be absolute, got ${String(url)}`
    const route = url.slice(1).split('?')[0]
    if (!this.allPages.includes(route)) return `page "${route}" is not found`
    const isTab = this.tabPages.includes(route)
    if (api === 'switchTab' && !isTab) return `${route} is not a tabBar page`
    if ((api === 'navigateTo' || api === 'redirectTo') && isTab) return `can not ${api} a tabbar page`
    return null
  }

  private navigate(api: string, opts: any) {
    const url: string = opts?.url
    const reason = this.checkNavigation(api, url)
    this.navigations.push({ api, url, ok: !reason, ...(reason ? { reason } : {}) })
    if (reason) return this.fail(opts, api, reason)
    const [routePart, qs = ''] = url.slice(1).split('?')
    const query = Object.fromEntries(new URLSearchParams(qs))
    // the page switch happens after the caller's turn, as in WeChat
    this.defer(() => {
      const top = this.stack[this.stack.length - 1]
      if (api === 'navigateTo') {
        if (top) this.lifecycle(top, 'onHide')
        if (this.stack.length >= 10) return this.fail(opts, api, 'webview count limit exceed')
      } else if (api === 'redirectTo') {
        if (top) this.unload(this.stack.pop()!)
      } else if (api === 'switchTab' || api === 'reLaunch') {
        for (const p of this.stack.splice(0).reverse()) {
          if (api === 'switchTab' && this.tabPages.includes(p.route)) this.lifecycle(p, 'onHide')
          else this.unload(p)
        }
        const kept = api === 'switchTab' ? this.tabInstances.get(routePart) : undefined
        if (kept) {
          this.stack.push(kept)
          this.lifecycle(kept, 'onShow')
          return this.ok(opts, api)
        }
      }
      this.openPage(routePart, query)
      this.ok(opts, api)
    })
  }

  private navigateBack(opts: any) {
    const delta = Math.max(1, Number(opts?.delta) || 1)
    this.navigations.push({ api: 'navigateBack', url: String(delta), ok: this.stack.length > 1 })
    if (this.stack.length <= 1) return this.fail(opts, 'navigateBack', 'cannot navigate back at first page.')
    this.defer(() => {
      for (let i = 0; i < delta && this.stack.length > 1; i++) this.unload(this.stack.pop()!)
      this.lifecycle(this.current, 'onShow')
      this.ok(opts, 'navigateBack')
    })
  }

  /** no network: every wx.request fails at once, as WeChat's does offline ("request:fail") */
  offline = false

  private request(opts: any) {
    const method = String(opts?.method || 'GET').toUpperCase()
    let url = this.rewrite(String(opts?.url))
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(opts?.header || {})) headers[k.toLowerCase()] = String(v)
    let body: string | undefined
    const data = opts?.data
    if (method === 'GET' || method === 'DELETE') {
      if (data && typeof data === 'object') {
        const qs = new URLSearchParams()
        for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null) qs.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v))
        const s = qs.toString()
        if (s) url += (url.includes('?') ? '&' : '?') + s
      }
    } else if (data !== undefined) {
      const ct = headers['content-type'] || 'application/json'
      headers['content-type'] = ct
      body = typeof data === 'string' ? data : ct.includes('x-www-form-urlencoded') ? new URLSearchParams(data).toString() : JSON.stringify(data)
    }
    const page = this.currentRoute
    const controller = new AbortController()
    this.inflight++
    const run = async () => {
      try {
        if (this.offline) throw new Error('offline')
        if (!url.startsWith(this.serverOrigin)) throw new Error(`request to ${url} would leave the test server (is the request domain registered?)`)
        const res = await fetch(url, { method, headers, body, signal: controller.signal })
        // WeChat hands an arraybuffer answer over as bytes, whatever its type
        const bytes = opts?.responseType === 'arraybuffer' ? await res.arrayBuffer() : null
        const text = bytes ? '' : await res.text()
        let parsed: unknown = bytes ? { bytes: bytes.byteLength } : text
        if (!bytes && opts?.dataType !== 'text' && opts?.responseType !== 'text') {
          try {
            parsed = JSON.parse(text)
          } catch {
            parsed = text
          }
        }
        this.requests.push({ method, url: url.slice(this.serverOrigin.length), status: res.status, body: parsed, page })
        const header: Record<string, string> = {}
        res.headers.forEach((v, k) => {
          header[k] = v
        })
        const result = this.toCtx(JSON.stringify({ errMsg: 'request:ok', statusCode: res.status, data: parsed, header }))
        if (bytes) result.data = bytes
        this.inflight--
        this.guard(`request ${url} success`, () => opts?.success?.(result))
        this.guard(`request ${url} complete`, () => opts?.complete?.(result))
      } catch (err) {
        this.inflight--
        this.requests.push({ method, url, status: 0, body: String(err), page })
        const result = this.toCtx(JSON.stringify({ errMsg: `request:fail ${(err as Error).message}` }))
        this.guard(`request ${url} fail`, () => opts?.fail?.(result))
        this.guard(`request ${url} complete`, () => opts?.complete?.(result))
      }
    }
    void run()
    const task = { abort: () => controller.abort(), onHeadersReceived: () => {}, offHeadersReceived: () => {}, onChunkReceived: () => {}, offChunkReceived: () => {} }
    return task
  }

  private connectSocket(opts: any) {
    const url = this.rewrite(String(opts?.url), true)
    const listeners: Record<string, ((r: unknown) => void)[]> = { open: [], message: [], close: [], error: [] }
    const emit = (kind: string, payload: Record<string, unknown>) => {
      for (const l of listeners[kind]) this.guard(`socket ${kind}`, () => l(this.toCtx(JSON.stringify(payload))))
    }
    this.calls.push({ api: 'connectSocket', args: { url }, page: this.currentRoute })
    const ws = new WebSocket(url, opts?.protocols, { headers: opts?.header })
    this.sockets.push(ws)
    ws.on('open', () => emit('open', { header: {} }))
    ws.on('message', (data) => emit('message', { data: data.toString() }))
    ws.on('close', (code, reason) => emit('close', { code, reason: reason.toString() }))
    ws.on('error', (err) => emit('error', { errMsg: err.message }))
    this.ok(opts, 'connectSocket')
    return {
      onOpen: (f: any) => listeners.open.push(f),
      onMessage: (f: any) => listeners.message.push(f),
      onClose: (f: any) => listeners.close.push(f),
      onError: (f: any) => listeners.error.push(f),
      send: (o: any) => {
        if (ws.readyState !== WebSocket.OPEN) return this.fail(o, 'sendSocketMessage', 'socket is not open')
        ws.send(o?.data)
        this.ok(o, 'sendSocketMessage')
      },
      close: (o: any) => {
        ws.close(o?.code || 1000, o?.reason)
        this.ok(o, 'closeSocket')
      },
    }
  }

  private buildWx(names: string[]): Record<string, unknown> {
    const wx: Record<string, any> = {}
    const window = { pixelRatio: 2, screenWidth: 390, screenHeight: 844, windowWidth: 390, windowHeight: 760, statusBarHeight: 47, safeArea: { left: 0, right: 390, top: 47, bottom: 810, width: 390, height: 763 }, screenTop: 0 }
    const device = { brand: 'emulator', model: 'iPhone 14', system: 'iOS 17.0', platform: 'ios', benchmarkLevel: 1 }
    const base = { SDKVersion: '3.4.0', version: '8.0.40', language: 'zh_CN', theme: 'light', enableDebug: false, host: { env: 'WeChat' } }
    const sync = (v: unknown) => () => this.toCtx(JSON.stringify(v))
    for (const name of names) {
      wx[name] = (...args: any[]) => {
        this.calls.push({ api: name, args: safeClone(args[0]), page: this.currentRoute })
        if (/^(create|get).*(Context|Manager|Query|Observer|Animation)$/.test(name) || /^create/.test(name)) return this.stub(name)
        if (name.startsWith('on') || name.startsWith('off') || name.endsWith('Sync')) return undefined
        return this.ok(args[0], name)
      }
    }
    const recordCall = (name: string, fn: (...a: any[]) => any) => (...args: any[]) => {
      this.calls.push({ api: name, args: safeClone(args[0]), page: this.currentRoute })
      return fn(...args)
    }
    Object.assign(wx, {
      getSystemInfoSync: recordCall('getSystemInfoSync', sync({ ...window, ...device, ...base })),
      getSystemInfo: recordCall('getSystemInfo', (o: any) => this.ok(o, 'getSystemInfo', { ...window, ...device, ...base })),
      getWindowInfo: recordCall('getWindowInfo', sync(window)),
      getDeviceInfo: recordCall('getDeviceInfo', sync(device)),
      getAppBaseInfo: recordCall('getAppBaseInfo', sync(base)),
      getSystemSetting: sync({ bluetoothEnabled: false, locationEnabled: false, wifiEnabled: true, deviceOrientation: 'portrait' }),
      getAppAuthorizeSetting: sync({}),
      getMenuButtonBoundingClientRect: sync({ width: 87, height: 32, top: 51, right: 383, bottom: 83, left: 296 }),
      getAccountInfoSync: sync({ miniProgram: { appId: 'touristappid', envVersion: 'develop', version: '' } }),
      getLaunchOptionsSync: sync({ path: 'pages/index/index', query: {}, scene: 1001, referrerInfo: {} }),
      getEnterOptionsSync: sync({ path: 'pages/index/index', query: {}, scene: 1001, referrerInfo: {} }),
      canIUse: () => true,
      nextTick: (fn: () => void) => this.defer(fn),
      getStorageSync: (key: string) => {
        const v = this.storage.get(key)
        return v === undefined ? '' : this.toCtx(v)
      },
      setStorageSync: (key: string, value: unknown) => {
        this.storage.set(key, JSON.stringify(value))
      },
      removeStorageSync: (key: string) => {
        this.storage.delete(key)
      },
      clearStorageSync: () => this.storage.clear(),
      getStorageInfoSync: () => this.toCtx(JSON.stringify({ keys: [...this.storage.keys()], currentSize: 0, limitSize: 10240 })),
      getStorage: (o: any) => (this.storage.has(o?.key) ? this.ok(o, 'getStorage', { data: JSON.parse(this.storage.get(o.key)!) }) : this.fail(o, 'getStorage', 'data not found')),
      setStorage: (o: any) => {
        this.storage.set(o?.key, JSON.stringify(o?.data))
        return this.ok(o, 'setStorage')
      },
      removeStorage: (o: any) => {
        this.storage.delete(o?.key)
        return this.ok(o, 'removeStorage')
      },
      clearStorage: (o: any) => {
        this.storage.clear()
        return this.ok(o, 'clearStorage')
      },
      request: (o: any) => this.request(o),
      env: this.toCtx(JSON.stringify({ USER_DATA_PATH: 'wxfile://usr' })),
      getFileSystemManager: recordCall('getFileSystemManager', () => ({
        writeFile: (o: any) => {
          const file = String(o?.filePath ?? '')
          if (!file.startsWith('wxfile://usr/')) return this.fail(o, 'writeFile', `permission denied, open ${file}`)
          this.files.set(file, typeof o?.data === 'string' ? Buffer.from(o.data, o.encoding === 'base64' ? 'base64' : 'utf8') : Buffer.from(new Uint8Array(o?.data)))
          return this.ok(o, 'writeFile')
        },
      })),
      connectSocket: (o: any) => this.connectSocket(o),
      login: recordCall('login', (o: any) => {
        const code = this.loginCodes.shift()
        return code ? this.ok(o, 'login', { code }) : this.fail(o, 'login', 'no login code prepared by the test')
      }),
      onNeedPrivacyAuthorization: recordCall('onNeedPrivacyAuthorization', (fn: any) => {
        this.privacy.listener = fn
      }),
      getPrivacySetting: recordCall('getPrivacySetting', (o: any) =>
        this.ok(o, 'getPrivacySetting', { needAuthorization: !this.privacy.agreed, privacyContractName: '《海交小程序隐私保护指引》' }),
      ),
      openPrivacyContract: recordCall('openPrivacyContract', (o: any) => this.ok(o, 'openPrivacyContract')),
      requirePrivacyAuthorize: recordCall('requirePrivacyAuthorize', (o: any) => this.privacyGate('requirePrivacyAuthorize', o, () => this.ok(o, 'requirePrivacyAuthorize'))),
      ...Object.fromEntries(
        PRIVACY_APIS.map((name) => [
          name,
          recordCall(name, (o: any) =>
            this.privacyGate(name, o, () => {
              if (name === 'setClipboardData') this.privacy.clipboard = String(o?.data ?? '')
              return this.ok(o, name, name === 'getClipboardData' ? { data: this.privacy.clipboard } : {})
            }),
          ),
        ]),
      ),
      requestSubscribeMessage: recordCall('requestSubscribeMessage', (o: any) =>
        this.inTap ? this.ok(o, 'requestSubscribeMessage', this.subscribeAnswer(o?.tmplIds ?? [])) : this.fail(o, 'requestSubscribeMessage', 'can only be invoked by user TAP gesture.'),
      ),
      showToast: (o: any) => {
        this.toasts.push({ title: String(o?.title ?? ''), icon: o?.icon })
        return this.ok(o, 'showToast')
      },
      showModal: recordCall('showModal', (o: any) => this.ok(o, 'showModal', { confirm: true, cancel: false, content: '' })),
      navigateTo: (o: any) => this.navigate('navigateTo', o),
      redirectTo: (o: any) => this.navigate('redirectTo', o),
      switchTab: (o: any) => this.navigate('switchTab', o),
      reLaunch: (o: any) => this.navigate('reLaunch', o),
      navigateBack: (o: any) => this.navigateBack(o),
    })
    return wx
  }
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v)
  } catch {
    return String(v)
  }
}

function safeClone(v: unknown): unknown {
  if (v === undefined) return undefined
  try {
    return JSON.parse(JSON.stringify(v))
  } catch {
    return String(v)
  }
}

// ---- the rendered tree against base.wxml -----------------------------------------------------------------

export interface TemplateInfo {
  name: string
  tag: string
  /** attribute → the node property it reads (e.g. src → p3) */
  props: Record<string, string>
  tap: boolean
  children: boolean
}

/** Templates of base.wxml, and the utils.wxs that picks one for a node (ES5, run in its own context). */
export class BaseTemplates {
  readonly templates = new Map<string, TemplateInfo>()
  /** the last level's container template (config mini.baseLevel − 1): below it Taro's `comp` component takes over */
  readonly compContainer: string
  private xs: { a: (l: number, n: string, s: string) => string; f: (l: string, n: string) => string; c: (i: unknown, p: string) => string }

  constructor(dist: string) {
    const wxml = fs.readFileSync(path.join(dist, 'base.wxml'), 'utf8')
    for (const m of wxml.matchAll(/<template name="([^"]+)">([\s\S]*?)<\/template>\s*(?=<template name=|$)/g)) {
      const body = m[2]
      const tag = /<([a-z][\w-]*)/.exec(body.replace(/<template[^>]*\/>|<block[^>]*>|<\/block>/g, ''))?.[1] ?? 'template'
      const props: Record<string, string> = {}
      const open = /<([a-z][\w-]*)([^>]*)>/.exec(body)
      for (const a of (open?.[2] ?? '').matchAll(/([\w-]+)="\{\{(?:xs\.b\()?i\.(\w+)/g)) props[a[1]] = a[2]
      this.templates.set(m[1], { name: m[1], tag, props, tap: /bindtap="eh"/.test(open?.[0] ?? ''), children: /wx:for="\{\{i\.cn\}\}"/.test(body) })
    }
    const levels = [...this.templates.keys()].flatMap((n) => /^tmpl_(\d+)_container$/.exec(n)?.[1] ?? []).map(Number)
    this.compContainer = `tmpl_${Math.max(...levels)}_container`
    const ctx = vm.createContext({}, { codeGeneration: { strings: false, wasm: false } })
    const mod = { exports: {} as any }
    new vm.Script(`(function (module, exports) {${fs.readFileSync(path.join(dist, 'utils.wxs'), 'utf8')}\n})`).runInContext(ctx)(mod, mod.exports)
    this.xs = mod.exports
  }

  /** the template names a node resolves to (more than one for input-like dispatchers) */
  private resolve(name: string, node: TreeNode): string[] {
    const t = this.templates.get(name)
    if (!t) return [name]
    // tmpl_0_33 → tmpl_0_33_focus / _blur
    const dispatch = /^tmpl_(\d+)_(\d+)$/.exec(name)
    if (t.tag === 'template' && dispatch && this.templates.has(`${name}_blur`)) return [name, this.xs.c(node, `tmpl_${dispatch[1]}_`)]
    return [name]
  }

  /**
   * Walk the page's tree as base.wxml does; call `visit` with each node, the template it gets and its
   * parent chain. Returns the template names that do not exist.
   */
  walk(root: { cn?: TreeNode[] }, visit?: (node: TreeNode, tmpl: TemplateInfo | undefined, parents: TreeNode[]) => void): string[] {
    const missing: string[] = []
    const visitNode = (node: TreeNode, c: number, l: string, parents: TreeNode[]) => {
      let name = this.xs.a(c, node.nn, l)
      let childC = c + 1
      let childL = this.xs.f(l, node.nn)
      if (name === this.compContainer) {
        // the `comp` custom component restarts at level 0
        name = node.nn === '9' ? 'tmpl_0_9' : `tmpl_0_${node.nn}`
        childC = 1
        childL = this.xs.f('', node.nn)
      }
      const names = this.resolve(name, node)
      for (const n of names) if (!this.templates.has(n)) missing.push(`${n} (nn ${node.nn})`)
      const tmpl = this.templates.get(names[names.length - 1])
      visit?.(node, tmpl, parents)
      for (const child of node.cn ?? []) visitNode(child, childC, childL, [...parents, node])
    }
    for (const n of root.cn ?? []) visitNode(n, 0, '', [])
    // the root level uses c = 0 for the lookup, then children of a root-level node use c = 1
    return missing
  }
}
