/**
 * Admin target overrides, merged over config/index.ts when Taro runs with `--mode admin`
 * (`npm run build:admin` → dist/admin, served at /admin/ in history mode).
 *
 * version.json: config/index.ts's H5 webpackChain already writes `{ version: APP_VERSION }` into the
 * output folder of every H5 build, so dist/admin/version.json comes from the same mechanism and the
 * same build id as the bundle. (Taro's merge composes webpackChain functions: both run.)
 */
import path from 'path'
import type { UserConfigExport } from '@tarojs/cli'

/**
 * webpack ≥ 5.100 validates ProgressPlugin options at compile time and rejects the extra options Taro's
 * webpackbar passes ("unknown property 'fancy'"). package.json now pins webpack 5.91.0 (what Taro 4.2.1
 * is built against), so this is a no-op today; it keeps the admin building if the pin is ever relaxed,
 * by switching off webpack's own schema validation (the `validate` option only those newer versions
 * understand — older ones would reject the key, hence the version check).
 */
function webpackNeedsValidateOff(): boolean {
  try {
    const [major, minor] = String(require('webpack/package.json').version).split('.').map(Number)
    return major === 5 && minor >= 100
  } catch {
    return false
  }
}

const ROOT = path.resolve(__dirname, '..')

/**
 * Taro pages are static. The shell page answers `/admin/` and every other `/admin/<view>` path (its
 * own switcher picks the view from the stored menu); the negative look-ahead keeps the three auth
 * pages on their own routes, because route order follows the pages list and the shell comes first.
 */
const customRoutes: Record<string, string | string[]> = {
  '/pages/shell/index': ['/', '/:view((?!admLogin|admRegister|forgot)(?:.*))'],
  '/pages/adm-login/index': '/admLogin',
  '/pages/adm-register/index': '/admRegister',
  '/pages/forgot/index': '/forgot',
}

/**
 * antd's prebuilt stylesheet in two parts (config/antd-css-split-loader.js): `?part=first`, imported by
 * app.ts, holds the components the login page, the shell and the home view draw (antd class prefixes:
 * `btn` is Button, `col`/`row` the grid of Form's items, `space` the forgot page's, `slide`/`zoom`/`move`/
 * `fade`/`motion`/`wave` the animations those use; the shell's frame and side menu are plain markup,
 * layout/admin-layout.tsx); `?part=rest`, imported with the lazy views' code (views/lazy-view.tsx) and by
 * the register page, holds everything else. A component added to the first view is added here, or it draws unstyled until
 * a view's code has loaded.
 */
const ANTD_FIRST_VIEW = [
  'btn', 'form', 'input', 'space', 'card', 'typography', 'spin', 'row', 'col', 'statistic', 'message', 'flex',
  'app', 'wave', 'motion', 'zoom', 'slide', 'fade', 'move', 'css',
]

/**
 * antd components the first view draws as their markup alone (src/admin/components/plain.tsx, plain-form.tsx):
 * antd.css's variables of these components are kept for their own class, as no component writes them at
 * run time (config/antd-css-split-loader.js).
 */
const ANTD_PLAIN_MARKUP = ['card', 'statistic', 'typography', 'form', 'input']

const adminConfig: UserConfigExport<'webpack5'> = {
  projectName: 'haijiao-admin',
  sourceRoot: 'src/admin',
  outputRoot: 'dist/admin',
  // Taro names the webpack cache `${NODE_ENV}-${TARO_ENV}`: the consumer H5 build and this one (both
  // --type h5) would share and keep invalidating one pack file ("Restoring pack failed").
  cache: {
    enable: true,
    name: `${process.env.NODE_ENV || 'production'}-admin`,
    buildDependencies: {
      config: [path.join(ROOT, 'config/index.ts'), path.join(ROOT, 'config/admin.ts'), path.join(ROOT, 'config/antd-css-split-loader.js')],
      files: [path.join(ROOT, 'src/admin/app.config.ts')],
    },
  } as any,
  // bundled in the admin and also served from dist at /admin/locales/… (like the consumer's /locales)
  copy: {
    patterns: [{ from: 'src/admin/locales/', to: 'dist/admin/locales/' }],
    options: {},
  },
  h5: {
    publicPath: '/admin/',
    staticDirectory: 'static',
    router: { mode: 'browser', basename: '/admin', customRoutes },
    // the webpack5 runner Babel-compiles only sourceRoot (src/admin): shared code must be listed
    compile: { include: [path.resolve(ROOT, 'src/shared')] },
    postcss: {
      // desktop admin styles are written in real px; antd styles itself at runtime (CSS-in-JS)
      pxtransform: { enable: false, config: {} },
    },
    webpackChain(chain: any) {
      if (webpackNeedsValidateOff()) chain.set('validate', false)
      chain.module
        .rule('antd-css-split')
        .test(/[\\/]antd[\\/]dist[\\/]antd\.css$/)
        .resourceQuery(/part=/)
        .enforce('pre')
        .use('antd-css-split')
        .loader(path.join(__dirname, 'antd-css-split-loader.js'))
        .options({ first: ANTD_FIRST_VIEW, plainVars: ANTD_PLAIN_MARKUP })
      // antd's helper packages (@rc-component/*, @ant-design/cssinjs …) do not declare `sideEffects: false`,
      // so a module that imports one for a single export keeps the whole package: the Tooltip and Menu of the
      // shell import antd's form context for its NoFormStyle, and with it all of @rc-component/form and
      // async-validator landed in the first load (~11 KB gzip). They have no import-time side effects.
      chain.module
        .rule('antd-helpers-side-effect-free')
        .test(/[\\/]node_modules[\\/](@rc-component[\\/]|@ant-design[\\/](colors|cssinjs|cssinjs-utils|fast-color)[\\/])/)
        .set('sideEffects', false)
      // Taro splits only initial chunks, so every page chunk (login, register, forgot, shell) carried
      // its own copy of antd (~390 KiB each). Splitting every chunk (the views are lazy, views/lazy-view.tsx)
      // shares code by use: antd's core goes with the first page, a component only some views use (Table,
      // Upload, DatePicker …) goes with those views, instead of all of antd in one chunk on the first load.
      chain.optimization.merge({ splitChunks: { chunks: 'all', minSize: 20000, maxAsyncRequests: 10, maxInitialRequests: 8 } })
    },
    devServer: {
      port: 10087,
      historyApiFallback: { index: '/admin/index.html' },
      proxy: [
        { context: ['/api', '/locales', '/uploads', '/version.json'], target: 'http://localhost:8080', changeOrigin: true },
      ],
    },
  },
}

export default adminConfig
