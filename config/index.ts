/**
 * Taro 4.2.1 build config (webpack5, React). One config builds the weapp (dist/weapp), the consumer H5
 * (dist/h5) and — with `--mode admin` — the admin H5, whose overrides live in config/admin.ts (owned by
 * the admin engineer) and are merged over this base.
 */
import fs from 'fs'
import path from 'path'
import { execSync } from 'child_process'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import devConfig from './dev'
import prodConfig from './prod'
// JSON, not the TS module: Taro's config loader only transpiles files under config/.
const ROUTES: Array<{ path: string; page: string }> = require('../src/shared/router/route-table.json')
const pagePath = (r: { page: string }) => `pages/${r.page}/index`

const ROOT = path.resolve(__dirname, '..')
const TARO_ENV = process.env.TARO_ENV || 'h5'

/** One build id per build: baked into the bundle (APP_VERSION) and written to version.json. */
function buildId(): string {
  let sha = ''
  try {
    sha = execSync('git rev-parse --short HEAD', { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
  } catch {
    /* no commit yet */
  }
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)
  return sha ? `${stamp}-${sha}` : stamp
}
const APP_VERSION = process.env.APP_VERSION || buildId()
const API_BASE = apiBase()

/**
 * The server origin the mini-program calls (H5 uses its page's origin and ignores it). A phone cannot
 * reach localhost, so a production weapp build without an explicit API_BASE stops here instead of
 * shipping one; WeChat calls only https/wss domains, so anything but localhost must be https.
 * Local builds for DevTools: `npm run build:weapp:local` (API_BASE=http://localhost:8080) or the watcher.
 */
function stopBuild(message: string): never {
  // exit instead of throwing: Taro would add a stack and a misleading "config file not found"
  console.error(`\n✖ ${message}\n`)
  process.exit(1)
}

function apiBase(): string {
  const explicit = process.env.API_BASE || process.env.TARO_APP_API_BASE || ''
  const productionWeapp = TARO_ENV === 'weapp' && process.env.NODE_ENV !== 'development'
  if (productionWeapp && !explicit) {
    stopBuild(
      'API_BASE is not set: a production mini-program build needs the server origin it will call, e.g.\n' +
        '  API_BASE=https://api.example.com npm run build:weapp\n' +
        '(for WeChat DevTools against a local server: npm run build:weapp:local)',
    )
  }
  if (productionWeapp && !/^https:\/\//.test(explicit) && !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(explicit)) {
    stopBuild(`API_BASE=${explicit}: WeChat calls only https:// (and wss://) domains; use https://… or http://localhost for DevTools`)
  }
  return (explicit || 'http://localhost:8080').replace(/\/+$/, '')
}

/** H5 URLs of every consumer page (spec section 2), e.g. '/pages/login/index' → '/login'. */
const customRoutes: Record<string, string | string[]> = {}
for (const r of ROUTES) {
  customRoutes[`/${pagePath(r)}`] = r.path === '/' ? ['/', '/index'] : r.path
}

/** Writes files next to the build output once webpack has emitted (version.json, project.config.json). */
class EmitFilesPlugin {
  constructor(private readonly files: () => Record<string, string>) {}
  apply(compiler: any) {
    compiler.hooks.afterEmit.tap('HaijiaoEmitFiles', (compilation: any) => {
      const out = compilation.outputOptions.path as string
      for (const [name, content] of Object.entries(this.files())) {
        fs.mkdirSync(out, { recursive: true })
        fs.writeFileSync(path.join(out, name), content)
      }
    })
  }
}

/**
 * webpackbar 5.0.2 (Taro's progress reporter) passes its own options to webpack's ProgressPlugin, which
 * webpack ≥ 5.9x rejects ("unknown property 'fancy'"). We drop it and keep its one important duty:
 * print errors and fail a non-watch build. (Pinning webpack to 5.91.0, Taro's own version, also fixes it.)
 */
class BuildReporterPlugin {
  apply(compiler: any) {
    compiler.hooks.done.tap('HaijiaoBuildReporter', (stats: any) => {
      const info = stats.toJson({ all: false, errors: true, warnings: true })
      const warnings = (info.warnings || []).filter((w: any) => !/deprecat/i.test(String(w.message || w)))
      if (warnings.length) console.log(`⚠️ ${warnings.length} warning(s):\n${warnings.slice(0, 10).map((w: any) => w.message || w).join('\n')}`)
      if (stats.hasErrors()) {
        console.log(`✖ Errors:\n${(info.errors || []).map((e: any) => e.message || e).join('\n')}`)
        if (!compiler.watchMode) process.exit(1)
      } else {
        console.log(`✔ ${compiler.options.output.path} built in ${((stats.endTime - stats.startTime) / 1000).toFixed(1)} s`)
      }
    })
  }
}

function commonChain(chain: any) {
  chain.plugins.delete('webpackbar')
  chain.plugin('haijiao-reporter').use(BuildReporterPlugin)
}

/**
 * The part of i18next and react-i18next the apps use (src/shared/i18n/lite), in every build: i18next
 * was 54 KB of the mini-program's main package and about 14.5 KB gzip of each web app's first load. The
 * unit tests keep the real ones and compare every text (tests/client/i18next-lite.test.tsx).
 */
/** a package as Taro's webpack runner resolves it (its copy, whose classes and hooks the build uses) */
function fromTaroRunner(name: string): any {
  return require(require.resolve(name, { paths: [require.resolve('@tarojs/webpack5-runner')] }))
}

function liteI18n(chain: any) {
  chain.resolve.alias
    .set('i18next$', path.join(ROOT, 'src/shared/i18n/lite/i18next-lite.ts'))
    .set('react-i18next$', path.join(ROOT, 'src/shared/i18n/lite/react-i18next-lite.ts'))
}

/**
 * Every consumer page renders inside the frame (src/components/layout): index.html preloads the chunks
 * holding it, so they download beside app.js instead of after app.js has run and asked for the page.
 */
class PreloadFrameChunksPlugin {
  apply(compiler: any) {
    const FRAME = /[\\/]src[\\/]components[\\/]layout[\\/]index\.tsx$/
    const PAGE = /[\\/]src[\\/]pages[\\/]/
    const holds = (re: RegExp) => (m: any): boolean => re.test(m.resource || '') || (m.modules || []).some(holds(re))
    // Taro's own copy of html-webpack-plugin: its hooks are per instance
    const HtmlWebpackPlugin = fromTaroRunner('html-webpack-plugin')
    compiler.hooks.compilation.tap('HaijiaoPreloadFrame', (compilation: any) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('HaijiaoPreloadFrame', (data: any) => {
        const publicPath = String(compilation.outputOptions.publicPath || '/')
        for (const chunk of compilation.chunks) {
          const modules = compilation.chunkGraph.getChunkModules(chunk)
          // the shared frame chunk, not a page's own chunk that happens to carry a copy
          if (chunk.canBeInitial() || !modules.some(holds(FRAME)) || modules.some(holds(PAGE))) continue
          for (const file of chunk.files) {
            const as = /\.js$/.test(file) ? 'script' : /\.css$/.test(file) ? 'style' : null
            if (as) data.headTags.push({ tagName: 'link', voidTag: true, meta: { plugin: 'HaijiaoPreloadFrame' }, attributes: { rel: 'preload', as, href: publicPath + file } })
          }
        }
        return data
      })
    })
  }
}

/**
 * Writes page-chunks.json beside index.html: for each public path of a page (`/activityDetail`), the
 * script and style files its route loads when it opens, beyond the initial ones. The server names them in the page's
 * index.html (plugins/static.ts), so a page opened from a link downloads them beside app.js instead of
 * after app.js has run and asked the router for the page.
 */
class PageChunksManifestPlugin {
  apply(compiler: any) {
    const PAGE = /(?:^|[\\/])pages[\\/]([\w-]+)[\\/]index(?:\.tsx?)?$/
    compiler.hooks.thisCompilation.tap('HaijiaoPageChunks', (compilation: any) => {
      compilation.hooks.processAssets.tap({ name: 'HaijiaoPageChunks', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const initial = new Set<string>()
        for (const chunk of compilation.chunks) if (chunk.canBeInitial()) for (const f of chunk.files) initial.add(f)
        const pages: Record<string, string[]> = {}
        for (const group of compilation.chunkGroups) {
          if (group.isInitial()) continue
          const origin = (group.origins || []).map((o: any) => PAGE.exec(String(o.request || ''))).find(Boolean)
          if (!origin) continue
          const files = new Set<string>(pages[`pages/${origin[1]}/index`] || [])
          for (const chunk of group.chunks) for (const f of chunk.files) if (/\.(js|css)$/.test(f) && !initial.has(f)) files.add(f)
          pages[`pages/${origin[1]}/index`] = [...files].sort()
        }
        const byPath: Record<string, string[]> = {}
        for (const r of ROUTES) if (pages[pagePath(r)]) byPath[r.path] = pages[pagePath(r)]
        // each language's texts (src/shared/i18n/texts.h5.ts): the app waits for them before its first
        // render, so the page names the ones it will draw in (TEXTS_CHUNK_KEY in plugins/static.ts)
        for (const group of compilation.chunkGroups) {
          const lang = /^texts-(zh|en)$/.exec(String(group.name || ''))?.[1]
          if (!lang) continue
          byPath[`#texts-${lang}`] = group.chunks.flatMap((c: any) => [...c.files]).filter((f: string) => /\.js$/.test(f) && !initial.has(f)).sort()
        }
        compilation.emitAsset('page-chunks.json', new compiler.webpack.sources.RawSource(JSON.stringify(byPath)))
      })
    })
  }
}

/**
 * taro-ui's AtInput (its title) and AtForm render Taro's Label and Form, which on H5 are Stencil web
 * components: the first one on a page loads the Stencil runtime and every web component the app uses
 * (~30 KB gzip on the login page). For those two files '@tarojs/components' is our module with a plain
 * <label> and <form> (src/components/ui/taro-form-elements.h5.tsx says more).
 */
function plainLabelAndForm(chain: any) {
  chain.module
    .rule('taro-ui-label-form')
    .test(/[\\/]taro-ui[\\/]lib[\\/]components[\\/](input|form)[\\/]index\.js$/)
    .resolve.alias.set('@tarojs/components$', path.join(ROOT, 'src/components/ui/taro-components.h5.ts'))
}

/**
 * Taro's H5 request imports a fetch polyfill, an AbortController polyfill and a JSONP client into app.js
 * (47 KB raw, ~13 KB brotli, parsed before the first page draws). Every browser the web builds target
 * (WEB_TARGETS in babel.config.js) has fetch and AbortController, and the app never asks for JSONP.
 */
function webBrowserApis(chain: any) {
  chain.resolve.alias
    .set('whatwg-fetch$', path.join(__dirname, 'stubs/empty.js'))
    .set('abortcontroller-polyfill/dist/abortcontroller-polyfill-only$', path.join(__dirname, 'stubs/empty.js'))
    .set('jsonp-retry$', path.join(__dirname, 'stubs/jsonp-retry.js'))
}

/**
 * The web builds' entries wait for the texts of the language in use with a top-level await
 * (src/shared/i18n/start.h5.ts, src/admin/core/texts-ready.ts), which webpack compiles to async functions.
 * webpack judges the target by package.json's browserslist (the mini-program's) and would warn; every
 * browser the web builds target (WEB_TARGETS in babel.config.js, ES2017) runs async functions.
 */
function webAsyncFunctions(chain: any) {
  chain.output.merge({ environment: { asyncFunction: true } })
}

/**
 * Consumer H5: Taro splits only the initial chunks, so every page's chunk (loaded when its route opens)
 * carried its own copy of the frame, the shared components and the vendor code each page uses (~380 KB
 * raw per page). Splitting every chunk puts code two routes share into chunks of its own, loaded with
 * whichever route needs it first and cached for the others; Taro's groups (taro, vendors, common) stay.
 * minSize keeps the split from producing dozens of tiny files.
 */
function splitByRoute(chain: any) {
  chain.optimization.merge({ splitChunks: { chunks: 'all', minSize: 20000, maxAsyncRequests: 12, maxInitialRequests: 8 } })
}

/**
 * What the mini-program's styles are prefixed for: the engines of the base library it needs (2.32.3; the
 * same targets as its scripts in babel.config.js, from WeChat's miniprogram-compat table).
 */
const MINI_CSS_TARGETS = ['iOS >= 13', 'Chrome >= 86']

/**
 * The mini-program has no innerHTML (runtime.enableInnerHTML: false; rich text goes through RichText), yet
 * @tarojs/runtime's index re-exports setInnerHTML, so its HTML scanner, parser and style sheet (~10 KB) stayed
 * in the main package's taro.js. They are replaced by config/stubs/taro-inner-html.js, which throws if called.
 */
function weappNoHtmlParser(chain: any) {
  const webpack = fromTaroRunner('webpack')
  chain.plugin('haijiao-no-html-parser').use(webpack.NormalModuleReplacementPlugin, [/[\\/]inner-html[\\/](html|parser)\.js$/, path.join(__dirname, 'stubs/taro-inner-html.js')])
}

/** base.wxml's template levels (mini.baseLevel below) */
const WEAPP_BASE_LEVEL = 10

function weappProjectConfig(): string {
  const base = JSON.parse(fs.readFileSync(path.join(ROOT, 'project.config.json'), 'utf8'))
  return JSON.stringify(
    { ...base, miniprogramRoot: './', appid: process.env.TARO_APP_ID || base.appid || 'touristappid' },
    null,
    2,
  )
}

export default defineConfig<'webpack5'>(async (merge, { mode }) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'haijiao',
    date: '2026-11-22',
    designWidth: 750,
    // Mini-program only: WXML cannot recurse into a template, so base.wxml repeats its templates once per
    // tree depth (Taro's default 16 levels, ~2.7 KB of the main package each); below the last level Taro's
    // `comp` component starts again at level 0. At 10 the seeded pages' trees need 118 component instances
    // over the runtime suite's 42 page openings (at 8: 790; at 12: 80); the suite prints the count.
    baseLevel: WEAPP_BASE_LEVEL,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // WEAPP_SIZE_MAP=1: the mini-program built with source maps into dist/weapp-map, for
    // scripts/weapp-size.mjs (which module the main package's bytes belong to); dist/weapp stays map-free
    outputRoot: TARO_ENV === 'weapp' && process.env.WEAPP_SIZE_MAP ? 'dist/weapp-map' : `dist/${TARO_ENV}`,
    // HTML tags in JSX and innerHTML: the web's need. The mini-program's pages use Taro's components only
    // (rich text goes through RichText), so its build leaves the plugin's runtime out of the main package.
    plugins: TARO_ENV === 'weapp' ? [] : ['@tarojs/plugin-html'],
    defineConstants: {
      APP_VERSION: JSON.stringify(APP_VERSION),
      API_BASE: JSON.stringify(API_BASE),
    },
    alias: {
      '@': path.resolve(ROOT, 'src'),
      '@shared': path.resolve(ROOT, 'src/shared'),
      // the contracts both sides share (server, apps, tests): one spelling instead of ../../../../
      '@contracts': path.resolve(ROOT, 'src/shared/contracts'),
    },
    copy: { patterns: [], options: {} },
    // The mini-program renders with Preact (through preact/compat, so the code stays React's): its runtime
    // is ~20 KB against React's reconciler's ~90 KB in the main package's app.js. What Preact does otherwise
    // in Taro's DOM is put back in src/shared/platform/preact-tuning.ts. The web builds keep React (the
    // admin's antd, and the H5 tests, run on React); babel.config.js picks the same framework per target.
    framework: TARO_ENV === 'weapp' ? 'preact' : 'react',
    compiler: { type: 'webpack5', prebundle: { enable: false } },
    cache: {
      // Not for the mini-program: with webpack's persistent cache, a rebuild after an edit shipped a
      // subpackage sub-common chunk that required a module no file defined (the page failed at
      // __webpack_require__; seen by tests/weapp/runtime.test.ts; Taro's tracker has stale sub-common output
      // with the cache on as an open problem). The weapp is always built from scratch.
      enable: TARO_ENV !== 'weapp',
      // Taro names the cache `${NODE_ENV}-${TARO_ENV}`: the consumer H5 and the admin (also h5) would share it.
      name: `${process.env.NODE_ENV || 'production'}-${TARO_ENV}-${mode || 'default'}`,
      buildDependencies: {
        config: [path.join(__dirname, 'index.ts'), path.join(__dirname, 'dev.ts'), path.join(__dirname, 'prod.ts'), ...(fs.existsSync(path.join(__dirname, 'admin.ts')) ? [path.join(__dirname, 'admin.ts')] : [])],
      },
    } as any,
    mini: {
      // The project runs with es6: false (WeChat ships the scripts as built): dependencies published as newer
      // JavaScript than the mini-program's targets (babel.config.js) go through Babel like our code;
      // tests/weapp checks every script parses as ES2019.
      compile: { include: [(modulePath: string) => /node_modules[\\/](zustand|taro-ui|qrcode|preact)[\\/]/.test(modulePath)] },
      postcss: {
        pxtransform: { enable: true, config: {} },
        // WeChat's engines (iOS WKWebView, Android XWeb/Chromium) take unprefixed flexbox and transforms: no
        // -ms- and old -webkit-box rules (about a fifth of the main package's styles). See MINI_CSS_TARGETS.
        autoprefixer: { enable: true, config: { overrideBrowserslist: MINI_CSS_TARGETS } },
        // what @tarojs/plugin-html did to our selectors (tag selectors become .h5-<tag>), kept without its runtime
        htmltransform: { enable: true },
        // the desktop layout's rules are the web's only (see the plugin)
        './config/postcss-weapp-mobile-only.js': { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      sassLoaderOption: {
        sassOptions: { silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'legacy-js-api', 'slash-div'], quietDeps: true },
      },
      // Taro writes every non-ASCII character as \uXXXX (6 bytes for a 3-byte Chinese character); WeChat reads
      // its scripts as UTF-8, so the Chinese texts ship at half the size
      // (Taro reads `terser` from the platform's section too; its typings list it only at the top level)
      ...({ terser: { enable: true, config: { output: { ascii_only: false } } } } as object),
      // no innerHTML in the mini-program (see plugins): Taro's HTML parser stays out of taro.js
      runtime: { enableInnerHTML: false },
      ...(process.env.WEAPP_SIZE_MAP ? { enableSourceMap: true, sourceMapType: 'hidden-source-map' } : {}),
      webpackChain(chain) {
        commonChain(chain)
        // Taro's entry renders with react-dom's createRoot (preact/compat reports React 18) — config/stubs/preact-dom.js
        chain.resolve.alias.delete('react-dom').set('react-dom$', path.join(__dirname, 'stubs/preact-dom.js'))
        liteI18n(chain)
        weappNoHtmlParser(chain)
        chain.plugin('haijiao-emit').use(EmitFilesPlugin, [() => ({ 'project.config.json': weappProjectConfig() })])
        // the texts of sections only subpackage pages use travel with those pages (src/shared/i18n/texts.ts)
        chain.module.rule('texts-sections').test(/[\\/]i18n[\\/]locales[\\/][\w-]+\.json$/).resourceQuery(/as=texts/).use('sections').loader(path.join(__dirname, 'texts-sections-loader.js'))
      },
    },
    h5: {
      publicPath: '/',
      staticDirectory: 'static',
      useHtmlComponents: true,
      // basename stays '' (= served at the root): universal-router with baseUrl '/' matches no page at all.
      router: { mode: 'browser', customRoutes },
      output: { filename: 'js/[name].[hash:8].js', chunkFilename: 'js/[name].[chunkhash:8].js' },
      miniCssExtractPluginOption: { ignoreOrder: true, filename: 'css/[name].[hash].css', chunkFilename: 'css/[name].[chunkhash].css' },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        // Design units are 750-wide (taro-ui's too): 28px → 14px CSS. px, not rem, so the desktop
        // layout does not scale with a root font size. Uppercase PX is left as is (desktop-only CSS).
        // (postcss-pxtransform supports 'px'; Taro's typings only list rpx/vw/rem)
        pxtransform: { enable: true, config: { targetUnit: 'px' as any } },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      sassLoaderOption: {
        sassOptions: { silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'legacy-js-api', 'slash-div'], quietDeps: true },
      },
      esnextModules: ['taro-ui'],
      webpackChain(chain) {
        commonChain(chain)
        liteI18n(chain)
        chain.plugin('haijiao-emit').use(EmitFilesPlugin, [() => ({ 'version.json': JSON.stringify({ version: APP_VERSION }) })])
        webBrowserApis(chain)
        webAsyncFunctions(chain)
        if (mode !== 'admin') {
          plainLabelAndForm(chain)
          splitByRoute(chain)
          if (process.env.NODE_ENV !== 'development') chain.plugin('haijiao-preload-frame').use(PreloadFrameChunksPlugin)
          if (process.env.NODE_ENV !== 'development') chain.plugin('haijiao-page-chunks').use(PageChunksManifestPlugin)
        }
      },
    },
  }

  let config = baseConfig
  if (mode === 'admin') {
    // consumer URLs mean nothing to the admin target
    delete ((baseConfig as any).h5.router as any).customRoutes
    const adminPath = path.join(__dirname, 'admin.ts')
    if (fs.existsSync(adminPath)) {
      const admin = require('./admin')
      const adminConfig = admin.default ?? admin
      config = merge({}, baseConfig, typeof adminConfig === 'function' ? await adminConfig(baseConfig) : adminConfig)
    } else {
      throw new Error('config/admin.ts is missing: the admin target cannot be built')
    }
  }
  if (process.env.NODE_ENV === 'development') {
    const dev: any = merge({}, config, devConfig)
    // the admin dev server runs beside the consumer's and falls back to its own index.html
    if (mode === 'admin') Object.assign(dev.h5.devServer, { port: 10087, historyApiFallback: { index: '/admin/index.html' } })
    return dev
  }
  return merge({}, config, prodConfig)
})

export { APP_VERSION, API_BASE }
