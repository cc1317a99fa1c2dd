// weapp suite: build-output checks (weapp-build.test.ts builds dist/weapp when missing/stale, or always with
// CI=true) and the emulated app service (runtime.test.ts: every page of the build run against a real
// in-process server). One worker: the files share dist/weapp, and the build must finish before the runtime runs.
const path = require('path')

module.exports = {
  rootDir: path.resolve(__dirname, '..'),
  displayName: 'weapp',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/weapp'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.[jt]sx?$': 'babel-jest' },
  // jose is published as ESM only (the runtime suite starts the server in-process)
  transformIgnorePatterns: ['/node_modules/(?!(jose|cookie)/)'],
  moduleNameMapper: { '^@contracts/(.*)$': '<rootDir>/src/shared/contracts/$1' },
  maxWorkers: 1,
  // build checks first, runtime last: see the sequencer for the crash the other order causes
  testSequencer: '<rootDir>/tests/weapp/support/build-checks-first.js',
  // a cold weapp build takes ~15–120 s on 2 busy cores
  testTimeout: 600000,
}
