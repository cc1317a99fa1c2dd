// weapp build-output checks: builds dist/weapp when missing/stale (or always with CI=true), then asserts
// app.json pages, tab-bar/main-package placement, subpackages and the 2 MB main-package limit.
const path = require('path')

module.exports = {
  rootDir: path.resolve(__dirname, '..'),
  displayName: 'weapp',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/weapp'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.[jt]sx?$': 'babel-jest' },
  // a cold weapp build takes ~15–120 s on 2 busy cores
  testTimeout: 600000,
}
