/**
 * argon2id via @node-rs/argon2. NODE_ENV=test uses a much cheaper cost (memory 1 MiB, 1 pass) so the
 * server suite, which hashes hundreds of passwords, stays fast; hashes carry their own parameters, so
 * verification works across both settings.
 */
import { hash, verify } from '@node-rs/argon2'

const PRODUCTION_COST = { memoryCost: 19456, timeCost: 2, parallelism: 1 }
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 }

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, process.env.NODE_ENV === 'test' ? TEST_COST : PRODUCTION_COST)
}

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain)
  } catch {
    return false
  }
}
