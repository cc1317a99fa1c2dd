// Taro builds use babel-preset-taro; jest (client units and server tests) uses plain presets,
// because babel-preset-taro's runtime transforms do not run under node (design.md section 6).
const MINI_TARGETS = 'ios >= 13, chrome >= 86'
const WEB_TARGETS = 'chrome >= 66, android >= 66, ios_saf >= 11.3, safari >= 11.1, firefox >= 60, edge >= 79, samsung >= 9'

module.exports = (api) => {
  if (api.env('test')) {
    return {
      presets: [
        ['@babel/preset-env', { targets: { node: 'current' } }],
        ['@babel/preset-react', { runtime: 'automatic' }],
        '@babel/preset-typescript',
      ],
    }
  }
  // The web builds (consumer H5 and admin) are compiled for browsers with native ES2017 (async/await,
  // classes, spread) and fetch with AbortController: WeChat's in-app browser, Android WebView / Chrome
  // 66+, iOS Safari 11.3+ (config/index.ts leaves Taro's fetch and AbortController polyfills out). ES5
  // output (package.json's browserslist, which webpack and the web's CSS prefixes still read) was a third
  // larger and slower to parse.
  // The mini-program is compiled for the oldest engine of the base library it needs (2.32.3, for WeChat's
  // privacy authorization): WeChat's own table (the miniprogram-compat package, getBrowsersList('2.32.3'))
  // gives iOS 13 and Chrome 86. ES5 output was 45 KB more of the main package (regenerator, class and
  // spread helpers); tests/weapp/weapp-build.test.ts parses every script as ES2019.
  const web = process.env.TARO_ENV === 'h5'
  return {
    presets: [['taro', { framework: process.env.TARO_ENV === 'weapp' ? 'preact' : 'react', ts: true, compiler: 'webpack5', targets: web ? WEB_TARGETS : MINI_TARGETS }]],
  }
}
