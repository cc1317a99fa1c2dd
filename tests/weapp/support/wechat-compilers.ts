/**
 * WeChat's own WXML and WXSS compilers on the build: `wcc` and `wcsc` for Linux, from the npm package
 * miniprogram-compiler (the binaries WeChat DevTools runs; here through miniprogram-simulate's dependency).
 *
 * Why: app-service.ts emulates the logic layer and matches Taro's tree to base.wxml with a regular
 * expression; only WeChat's compiler knows whether base.wxml, the pages and utils.wxs are WXML it accepts,
 * and only its render function tells what a page's data becomes in the view: which template each node
 * takes (a missing one is a console warning there, an empty spot on a phone), and which texts and image
 * sources end up in the virtual tree.
 *
 * - compileWxss: every .wxss through wcsc; a syntax error throws with wcsc's message.
 * - WeChatView: every .wxml and .wxs through wcc (a syntax error throws with wcc's message), then a page's
 *   data rendered through wcc's render function into WeChat's virtual tree
 *   (`{tag: 'wx-view', attr, children}`, text as plain strings).
 */
import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { wxmlToJs } from 'miniprogram-compiler'
import wxssToJs from 'miniprogram-compiler/src/wcsc'

// the wrapper's 1 MB default is close to the whole build's output (≈ 230 KB of WXML code, ≈ 420 KB of WXSS)
const MAX_OUTPUT = 64 * 1024 * 1024

export interface WxNode {
  tag: string
  attr?: Record<string, unknown>
  children?: (WxNode | string)[]
}

/** build-relative paths without the extension, as both compilers take them */
function filesOf(dist: string, extension: string): string[] {
  return (fs.readdirSync(dist, { recursive: true }) as string[])
    .filter((f) => f.endsWith(extension))
    .map((f) => f.split(path.sep).join('/').slice(0, -extension.length))
    .sort()
}

/** Every .wxss of the build through wcsc; returns the files it compiled on their own (the rest are imported by them). */
export function compileWxss(dist: string): string[] {
  // wxssToJs of the package's index swallows wcsc's message (it reads `.comm` of the returned error and
  // fails with "Cannot read properties of undefined"), so its own wcsc module is called, which returns it
  const out = wxssToJs(dist, filesOf(dist, '.wxss'), { maxBuffer: MAX_OUTPUT })
  if (out instanceof Error) throw new Error(`wcsc: ${out.message}`)
  return Object.keys(out).filter((k) => k.endsWith('.wxss'))
}

type RenderInRealm = (dataJson: string, render: unknown) => WxNode

export class WeChatView {
  private readonly gwx: (file: string) => unknown
  private readonly renderInRealm: RenderInRealm
  private warnings: string[] = []
  private componentRenders = 0
  private readonly components = new Map<string, Map<string, string>>()

  constructor(private readonly dist: string) {
    // wxmlToJs throws with wcc's message (file:line:column) when a .wxml or .wxs does not compile
    let code: string
    try {
      code = wxmlToJs(dist, { maxBuffer: MAX_OUTPUT })
    } catch (err) {
      throw new Error(`wcc: ${(err as Error).message}`)
    }
    const warn = (...args: unknown[]) => this.warnings.push(args.map(String).join(' '))
    // the generated code reads `window` and reports a missing template or a failing wxs call with console.warn
    const context = vm.createContext({ window: {}, console: { warn, error: warn, log: () => undefined, info: () => undefined } })
    this.gwx = vm.runInContext(`(function () {${code}\n})()`, context)
    // The data is parsed inside the context: wcc's data copy keeps only objects whose constructor is that
    // realm's Object, and an object from outside reaches utils.wxs without its fields ("Template `undefined`
    // not found" for every node).
    this.renderInRealm = vm.runInContext('(function (json, render) { return render(JSON.parse(json), {}, {}) })', context)
  }

  /** whether wcc produced a render function for this build file (e.g. 'pages/index/index.wxml') */
  has(file: string): boolean {
    return typeof this.gwx(file) === 'function'
  }

  /**
   * The page's data rendered as WeChat's view layer renders it: the page's own WXML, and each custom
   * component in it (Taro's `comp`, which takes over below base.wxml's last level) rendered from its own WXML with its
   * attributes, in place. Returns the tree, the compiler's warnings during the render and how many
   * component instances were rendered into it.
   */
  render(route: string, data: unknown): { tree: WxNode; warnings: string[]; components: number } {
    this.warnings = []
    this.componentRenders = 0
    const tree = this.renderFile(`${route}.wxml`, data)
    return { tree, warnings: this.warnings, components: this.componentRenders }
  }

  private renderFile(file: string, data: unknown): WxNode {
    const render = this.gwx(file)
    if (typeof render !== 'function') throw new Error(`wcc has no render function for ${file}`)
    const tree = this.renderInRealm(JSON.stringify(data), render)
    const components = this.componentsOf(file)
    const expand = (node: WxNode | string) => {
      if (typeof node === 'string') return
      const wxml = components.get(node.tag)
      if (wxml) {
        this.componentRenders++
        node.children = this.renderFile(wxml, node.attr ?? {}).children ?? []
      }
      else node.children?.forEach(expand)
    }
    tree.children?.forEach(expand)
    return tree
  }

  /** `wx-<name>` → the component's .wxml, from the usingComponents of the file's .json */
  private componentsOf(file: string): Map<string, string> {
    const known = this.components.get(file)
    if (known) return known
    const json = path.join(this.dist, file.replace(/\.wxml$/, '.json'))
    const using: Record<string, string> = fs.existsSync(json) ? (JSON.parse(fs.readFileSync(json, 'utf8')).usingComponents ?? {}) : {}
    const dir = path.posix.dirname(file)
    const components = new Map(Object.entries(using).map(([name, target]) => [`wx-${name}`, `${path.posix.join(dir, target)}.wxml`]))
    this.components.set(file, components)
    return components
  }
}

function visit(tree: WxNode, onNode: (node: WxNode | string) => void) {
  const walk = (node: WxNode | string) => {
    onNode(node)
    if (typeof node !== 'string') node.children?.forEach(walk)
  }
  tree.children?.forEach(walk)
}

/** the texts of the tree in document order, trimmed, without the empty ones */
export function wxTexts(tree: WxNode): string[] {
  const out: string[] = []
  visit(tree, (node) => {
    if (typeof node === 'string' && node.trim()) out.push(node.trim())
  })
  return out
}

/** the `src` of every image in the tree, in document order */
export function wxImageSources(tree: WxNode): string[] {
  const out: string[] = []
  visit(tree, (node) => {
    if (typeof node !== 'string' && node.tag === 'wx-image' && typeof node.attr?.src === 'string' && node.attr.src) out.push(node.attr.src)
  })
  return out
}
