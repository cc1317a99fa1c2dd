// The mini-program in WeChat DevTools (miniprogram-automator): tests/automator. Needs WECHAT_DEVTOOLS_CLI
// (Windows/macOS); without it every spec is skipped with one line saying why (tests/README.md).
const path = require('path')

module.exports = {
  rootDir: path.resolve(__dirname, '..'),
  displayName: 'automator',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/automator'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.[jt]sx?$': 'babel-jest' },
  // jose is published as ESM only (the suite starts the server in-process)
  transformIgnorePatterns: ['/node_modules/(?!(jose|cookie)/)'],
  moduleNameMapper: { '^@contracts/(.*)$': '<rootDir>/src/shared/contracts/$1' },
  maxWorkers: 1,
  // DevTools starts in 20-60 s; a build for the server URL takes up to a few minutes
  testTimeout: 120000,
}
