// Decides once per run whether PostgreSQL takes part: reachable → every test file also runs against
// it (each in its own schema); unreachable → a printed notice and SQLite only.
const crypto = require('node:crypto')
const { Client } = require('pg')

module.exports = async function globalSetup() {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    process.env.HAIJIAO_TEST_PG_URL = url
    // this run's schemas are named hj_test_<run>_… and dropped together by global-teardown.js
    process.env.HAIJIAO_TEST_RUN = crypto.randomBytes(3).toString('hex')
    console.log(`\n[server tests] PostgreSQL reachable at ${url.replace(/:[^:@/]+@/, ':***@')}: running every file on SQLite and PostgreSQL`)
  } catch (err) {
    process.env.HAIJIAO_TEST_PG_URL = ''
    console.log(`\n[server tests] NOTICE: PostgreSQL not reachable at ${url} (${err.message}); running on SQLite only`)
  } finally {
    await client.end().catch(() => {})
  }
}
