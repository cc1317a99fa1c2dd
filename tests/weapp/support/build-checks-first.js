// The weapp suite's order: the build checks (weapp-build.test.ts) before the runtime (runtime.test.ts).
// The runtime opens SQLite in this process; with Node 24 and better-sqlite3 12, a garbage collection that
// frees one of its statements while no JavaScript context is entered (inside a later spawnSync, such as
// the build checks' taro build or wcc/wcsc) aborts the whole jest process with "Assertion failed:
// (env) != nullptr" in node::RemoveEnvironmentCleanupHook, and no test result is written. Jest's default
// order (slowest file first) put the runtime first and crashed the suite in 3 runs of 3.
const Sequencer = require('@jest/test-sequencer').default

module.exports = class BuildChecksFirst extends Sequencer {
  sort(tests) {
    const rank = (t) => (/runtime\.test\.ts$/.test(t.path) ? 1 : 0)
    return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path))
  }
}
