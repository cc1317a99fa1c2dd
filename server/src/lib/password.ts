/**
 * argon2id via @node-rs/argon2. Under NODE_ENV=test (CHEAP_PASSWORD_HASHES) the cost is much lower
 * (memory 1 MiB, 1 pass) so the server suite, which hashes hundreds of passwords, stays fast; hashes
 * carry their own parameters, so verification works across both settings.
 */
import { hash, verify } from '@node-rs/argon2'
import { CHEAP_PASSWORD_HASHES } from '../config'

const PRODUCTION_COST = { memoryCost: 19456, timeCost: 2, parallelism: 1 }
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 }

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, CHEAP_PASSWORD_HASHES ? TEST_COST : PRODUCTION_COST)
}

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain)
  } catch {
    return false
  }
}
