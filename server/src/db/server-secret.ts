/**
 * The signing secret when JWT_SECRET is not set. A secret written in the source would let anyone mint
 * an operations token, so none is: the first start generates 48 random bytes and keeps them — in
 * DATA_DIR/jwt-secret (mode 0600) on SQLite, in the `server_secrets` table on PostgreSQL, where every
 * instance behind the load balancer must sign and verify with the same one. Later starts reuse it, so
 * tokens survive a restart.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { DatabaseHandle } from './database'

export const SECRET_FILE_NAME = 'jwt-secret'
const MIN_LENGTH = 32

const generate = () => crypto.randomBytes(48).toString('base64url')

function fromFile(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE_NAME)
  fs.mkdirSync(dataDir, { recursive: true })
  try {
    // 'wx': two processes starting together cannot both write; the loser reads the winner's secret
    fs.writeFileSync(file, generate(), { flag: 'wx', mode: 0o600 })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  // a copied data directory may have lost the mode: nobody but the server's user reads the secret
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600)
  const secret = fs.readFileSync(file, 'utf8').trim()
  if (secret.length < MIN_LENGTH) throw new Error(`${file} holds no usable secret (fewer than ${MIN_LENGTH} characters): delete it to generate a new one`)
  return secret
}

async function fromDatabase(handle: DatabaseHandle): Promise<string> {
  const { db } = handle
  try {
    await db
      .insertInto('server_secrets')
      .values({ name: 'jwt', value: generate(), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
  } catch (err) {
    throw new Error(`cannot keep the generated JWT secret in the database (run the migrations first): ${(err as Error).message}`)
  }
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow()
  return row.value
}

/** JWT_SECRET when set, else the generated secret of this data directory / database. */
export async function resolveJwtSecret(configured: string, dataDir: string, handle: DatabaseHandle): Promise<string> {
  if (configured) return configured
  return handle.kind === 'postgres' ? fromDatabase(handle) : fromFile(dataDir)
}
