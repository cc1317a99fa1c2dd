// Cluster suite: real server processes (tsx server/src/server.ts) on PostgreSQL + Redis behind a
// round-robin proxy written in tests/cluster/support, plus the graceful-stop and kill -9 checks.
// A file whose PostgreSQL or Redis is unreachable prints one line and skips.
module.exports = require('./jest.process-suite')({
  displayName: 'cluster',
  testMatch: '<rootDir>/tests/cluster/**/*.cluster.test.ts',
  testTimeout: 120_000,
})
