// Drops the PostgreSQL schemas of this run (hj_test_<run>_…) once every file has finished.
// They are not dropped as each file ends: Kysely's migrator and introspection read the catalogue of ALL
// schemas (pg_get_serial_sequence over every table), and a schema dropped by one worker meanwhile made
// another worker's start fail with "schema … does not exist".
const { Client } = require('pg')

module.exports = async function globalTeardown() {
  const url = process.env.HAIJIAO_TEST_PG_URL
  const run = process.env.HAIJIAO_TEST_RUN
  if (!url || !run) return
  const client = new Client({ connectionString: url })
  try {
    await client.connect()
    const { rows } = await client.query('select nspname from pg_namespace where nspname like $1', [`hj_test_${run}_%`])
    for (const r of rows) await client.query(`drop schema if exists "${r.nspname}" cascade`)
  } finally {
    await client.end().catch(() => {})
  }
}
