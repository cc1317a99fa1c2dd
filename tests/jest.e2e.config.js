// Browser end-to-end suite: real server (child process) + real builds (dist/h5, dist/admin) + Debian's
// Chromium through playwright-core. Each spec starts its own server, browser and SMTP sink (and a
// watchdog ends the server if jest dies). Generous timeouts because the first page load of an H5 build
// parses a few MB of JS.
module.exports = require('./jest.process-suite')({
  displayName: 'e2e',
  testMatch: '<rootDir>/tests/e2e/**/*.e2e.test.ts',
  testTimeout: 180_000,
})
