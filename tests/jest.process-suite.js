// The shape of the suites that start real server processes (tests/e2e, tests/cluster): node environment,
// one file at a time (every file starts its own processes, and two files in parallel on 2 cores only make
// timeouts flaky), and forceExit: each file tears its processes down in afterAll, and a stray keep-alive
// socket must not then hang CI until its global timeout.
/** @returns {import('jest').Config} */
module.exports = function processSuite({ displayName, testMatch, testTimeout }) {
  return {
    rootDir: '..',
    displayName,
    testEnvironment: 'node',
    testMatch: [testMatch],
    transform: { '^.+\\.[tj]sx?$': 'babel-jest' },
    moduleNameMapper: { '^@contracts/(.*)$': '<rootDir>/src/shared/contracts/$1', '^@shared/(.*)$': '<rootDir>/src/shared/$1', '^@/(.*)$': '<rootDir>/src/$1' },
    maxWorkers: 1,
    testTimeout,
    slowTestThreshold: 60,
    forceExit: true,
  }
}
