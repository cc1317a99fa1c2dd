/** Issue 5 (enrollment admin area): this area's admin menus (seed-menus.ts) and, once per database, its demo rows. */
import type { Kysely } from 'kysely'
import type { DB } from './schema'
import { seedAdminMenus, type SeedMenu } from './seed-menus'

export const ADMIN_ENROLLMENT_MENUS: SeedMenu[] = []

export async function seedAdminEnrollment(db: Kysely<DB>, _now: Date, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_ENROLLMENT_MENUS, bump)
}
