// Server suite: every file runs against SQLite, and against PostgreSQL when one is reachable
// (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; see tests/server/global-setup.js).
// Argon2 uses a cheap cost under NODE_ENV=test (server/src/lib/password.ts) to keep the suite fast.
module.exports = {
  rootDir: '..',
  displayName: 'server',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
  transform: { '^.+\\.[tj]sx?$': ['babel-jest', { configFile: require('path').join(__dirname, '..', 'babel.config.js') }] },
  // jose is published as ESM only
  transformIgnorePatterns: ['/node_modules/(?!(jose|cookie)/)'],
  moduleNameMapper: { '^@contracts/(.*)$': '<rootDir>/src/shared/contracts/$1' },
  globalSetup: '<rootDir>/tests/server/global-setup.js',
  globalTeardown: '<rootDir>/tests/server/global-teardown.js',
  testTimeout: 60000,
  maxWorkers: 2,
}
