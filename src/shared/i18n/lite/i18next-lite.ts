/**
 * The part of i18next the apps use, for their builds: config/index.ts resolves `i18next` to this file
 * (and `react-i18next` to ./react-i18next-lite.ts) in the mini-program, the web app and the admin; the
 * unit tests run on i18next itself. i18next was 54 KB of the mini-program's main package (budget 500 KB)
 * and about 14.5 KB gzip of each web app's first load, evaluated before the first page, for what the apps
 * use of it: one namespace, two languages each other's fallback, keys with dots, `{{name}}` values
 * without escaping, a default value, resources added (deep) at start, per area and by subpackage pages,
 * a fixed language's `t`, the language switch and its event. No plurals, contexts, nesting, formats or
 * backends: the texts use none (tests/client/i18next-lite.test.tsx compares every key of both apps'
 * texts in both languages with i18next itself, so a text that starts to need one fails there).
 * Same semantics as i18next 25 where they meet: deepFind for keys, a value missing from the options
 * stays `{{name}}` (one given as undefined becomes ''), an empty string is a text, null is missing.
 */
type Dict = Record<string, unknown>
type Options = Record<string, unknown> & { lng?: string; defaultValue?: unknown }
type Listener = (...args: unknown[]) => void
interface ThirdParty {
  type: string
  init(instance: I18nLite): void
}
interface InitOptions {
  lng?: string
  fallbackLng?: string | string[]
  resources?: Record<string, Record<string, Dict>>
}

const NS = 'translation'
const VALUE = /{{(.+?)}}/g

/** i18next's deepFind: a key's value, trying the longest key with dots a level holds before descending */
function deepFind(obj: unknown, path: string): unknown {
  if (!obj || typeof obj !== 'object') return undefined
  const o = obj as Dict
  if (o[path]) return Object.prototype.hasOwnProperty.call(o, path) ? o[path] : undefined
  const tokens = path.split('.')
  let current: unknown = o
  for (let i = 0; i < tokens.length; ) {
    if (!current || typeof current !== 'object') return undefined
    let next: unknown
    let nextPath = ''
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += '.'
      nextPath += tokens[j]
      next = (current as Dict)[nextPath]
      if (next !== undefined) {
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue
        i += j - i + 1
        break
      }
    }
    current = next
  }
  return current
}

/** i18next's deepExtend: source into target; a leaf already there is replaced only with `overwrite` */
function deepExtend(target: Dict, source: Dict, overwrite: boolean): Dict {
  for (const prop of Object.keys(source)) {
    if (prop === '__proto__' || prop === 'constructor') continue
    const s = source[prop]
    if (prop in target) {
      const t = target[prop]
      if (typeof t === 'string' || typeof s === 'string' || !t || !s || typeof t !== 'object' || typeof s !== 'object') {
        if (overwrite) target[prop] = s
      } else deepExtend(t as Dict, s as Dict, overwrite)
    } else target[prop] = s
  }
  return target
}

function interpolate(text: string, options: Options | undefined): string {
  if (!text.includes('{{')) return text
  return text.replace(VALUE, (match, name: string) => {
    const key = name.trim()
    const value = options ? deepFind(options, key) : undefined
    if (value === undefined) return options && Object.prototype.hasOwnProperty.call(options, key) ? '' : match
    return value == null ? '' : String(value)
  })
}

export class I18nLite {
  language = ''
  isInitialized = false
  private fallback: string[] = []
  private data: Record<string, Record<string, Dict>> = {}
  private listeners = new Map<string, Set<Listener>>()

  use(plugin: ThirdParty): this {
    if (plugin?.type === '3rdParty') plugin.init(this)
    return this
  }

  init(options: InitOptions): Promise<I18nLite['t']> {
    const fb = options.fallbackLng
    this.fallback = fb ? (Array.isArray(fb) ? fb : [fb]) : []
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) for (const [ns, texts] of Object.entries(namespaces)) this.addResourceBundle(lng, ns, texts, true, true)
    this.language = options.lng ?? this.fallback[0] ?? ''
    this.isInitialized = true
    this.emit('initialized', options)
    return Promise.resolve(this.t)
  }

  changeLanguage(lng: string): Promise<I18nLite['t']> {
    if (lng !== this.language) {
      this.language = lng
      this.emit('languageChanged', lng)
    }
    return Promise.resolve(this.t)
  }

  /** the text of `key` in the language (options.lng, else the current one), else the fallback's, else the default value, else the key */
  t = (key: string, options?: Options): string => {
    const lng = options?.lng ?? this.language
    for (const l of [lng, ...this.fallback.filter((f) => f !== lng)]) {
      const found = deepFind(this.data[l]?.[NS], key)
      if (typeof found === 'string') return interpolate(found, options)
      if (typeof found === 'number' || typeof found === 'boolean') return String(found)
      // i18next's answer for a key that names a group of texts
      if (found && typeof found === 'object') return `key '${key} (${l})' returned an object instead of string.`
    }
    const fallback = options?.defaultValue
    return typeof fallback === 'string' ? interpolate(fallback, options) : key
  }

  getFixedT(lng: string | null): I18nLite['t'] {
    return (key, options) => this.t(key, lng ? { ...options, lng } : options)
  }

  addResourceBundle(lng: string, ns: string, resources: Dict, deep?: boolean, overwrite?: boolean): this {
    const copy = JSON.parse(JSON.stringify(resources)) as Dict
    const byNs = (this.data[lng] ??= {})
    byNs[ns] = deep ? deepExtend(byNs[ns] ?? {}, copy, !!overwrite) : { ...byNs[ns], ...copy }
    this.emit('added', lng, ns, resources)
    return this
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.data[lng]?.[ns] !== undefined
  }

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set())
    this.listeners.get(event)!.add(listener)
    return this
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener)
    else this.listeners.delete(event)
    return this
  }

  private emit(event: string, ...args: unknown[]) {
    for (const l of [...(this.listeners.get(event) ?? [])]) l(...args)
  }

  createInstance(): I18nLite {
    return new I18nLite()
  }
}

const i18next = new I18nLite()
export default i18next
export const createInstance = () => new I18nLite()
