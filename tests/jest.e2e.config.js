// Browser end-to-end suite: real server (child process) + real builds (dist/h5, dist/admin) + Debian's
// Chromium through playwright-core. Node environment, one file at a time (each file starts its own
// server and browser; two in parallel on 2 cores only make timeouts flaky), generous timeouts because
// the first page load of an H5 build parses a few MB of JS.
/** @type {import('jest').Config} */
module.exports = {
  rootDir: '..',
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.e2e.test.ts'],
  transform: { '^.+\\.[tj]sx?$': 'babel-jest' },
  moduleNameMapper: { '^@contracts/(.*)$': '<rootDir>/src/shared/contracts/$1', '^@shared/(.*)$': '<rootDir>/src/shared/$1', '^@/(.*)$': '<rootDir>/src/$1' },
  maxWorkers: 1,
  testTimeout: 180_000,
  slowTestThreshold: 60,
  // Each spec tears down its server, browser and SMTP sink in afterAll (and a watchdog ends the server if
  // jest dies); a stray keep-alive socket must not then hang CI until its global timeout.
  forceExit: true,
}
