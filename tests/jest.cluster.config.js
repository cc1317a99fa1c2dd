// Cluster suite: real server processes (tsx server/src/server.ts) on PostgreSQL + Redis behind a
// round-robin proxy written in tests/cluster/support, plus the graceful-stop and kill -9 checks.
// One file at a time: every file starts its own instances, and two in parallel on 2 cores only
// make timeouts flaky. A file whose PostgreSQL or Redis is unreachable prints one line and skips.
/** @type {import('jest').Config} */
module.exports = {
  rootDir: '..',
  displayName: 'cluster',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/cluster/**/*.cluster.test.ts'],
  transform: { '^.+\\.[tj]sx?$': 'babel-jest' },
  moduleNameMapper: { '^@contracts/(.*)$': '<rootDir>/src/shared/contracts/$1', '^@shared/(.*)$': '<rootDir>/src/shared/$1', '^@/(.*)$': '<rootDir>/src/$1' },
  maxWorkers: 1,
  testTimeout: 120_000,
  slowTestThreshold: 60,
  forceExit: true,
}
