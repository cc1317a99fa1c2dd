// Client unit tests (design.md section 6): jsdom + React Testing Library, @tarojs/components through a
// shim onto @tarojs/components-react (a direct mapping loops; the shim is a lazy proxy so that
// components-react's Button, which taro-ui renders, survives the cycle), and a hand-written Taro mock.
// `h5.ts(x)` comes first in the extensions so tests exercise the H5 variants of platform files.
const path = require('path')

module.exports = {
  rootDir: path.resolve(__dirname, '..'),
  displayName: 'client',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/tests/client', '<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  moduleFileExtensions: ['h5.tsx', 'h5.ts', 'tsx', 'ts', 'js', 'jsx', 'json'],
  transform: { '^.+\\.(m?js|jsx|tsx?)$': 'babel-jest' },
  // Taro ships ESM (and a nested ESM tslib inside @tarojs/components): transform anything under those
  // packages, leave the rest of node_modules alone.
  transformIgnorePatterns: ['^(?!.*/node_modules/(@tarojs|@stencil|taro-ui|swiper|ssr-window|dom7|hls\\.js)/).*/node_modules/'],
  moduleNameMapper: {
    // the bundled texts with both languages at hand (the mini-program's variant): tests render and switch
    // synchronously; the web's one-chunk-per-language loading has its own test (i18n-texts-web.test.ts)
    '^\\./texts$': '<rootDir>/src/shared/i18n/texts.ts',
    // English as a list in the Chinese key order (the `&like=zh-cn` import of src/shared/i18n/texts.ts)
    '^(?:\\./|(?:\\.\\./)+)locales/en\\.json\\?.*like=zh-cn.*$': '<rootDir>/tests/client/mocks/texts-like-zh.js',
    // its files come cut per package in the mini-program build (config/texts-sections-loader.js); the
    // tests have every section at hand, as the web builds do
    '^(?:\\./|(?:\\.\\./)+)locales/([\\w-]+)\\.json\\?.*$': '<rootDir>/src/shared/i18n/locales/$1.json',
    '^@tarojs/taro$': '<rootDir>/tests/client/mocks/taro.ts',
    '^@tarojs/components$': '<rootDir>/tests/client/mocks/components-shim.js',
    '\\.(css|scss|sass|less)$': '<rootDir>/tests/client/mocks/style.js',
    '\\.(png|jpe?g|gif|svg)$': '<rootDir>/tests/client/mocks/file.js',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@shared/(.*)$': '<rootDir>/src/shared/$1',
    '^@contracts/(.*)$': '<rootDir>/src/shared/contracts/$1',
  },
  setupFiles: ['<rootDir>/tests/client/mocks/setup.ts'],
  // A file's first render requires (and, with a cold cache, transforms) Taro's components, taro-ui and the
  // page through the lazy shim inside the test body: 3.7 s alone on a 2-core machine with --no-cache, over
  // jest's 5 s default when two workers share the cores in CI (center.test.tsx failed so at stop 26).
  testTimeout: 30_000,
}
