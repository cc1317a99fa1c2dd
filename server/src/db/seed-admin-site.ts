/** Issue 5 (site admin area): this area's admin menus (seed-menus.ts) and, once per database, its demo rows. */
import type { Kysely } from 'kysely'
import type { DB } from './schema'
import { seedAdminMenus, type SeedMenu } from './seed-menus'

export const ADMIN_SITE_MENUS: SeedMenu[] = []

export async function seedAdminSite(db: Kysely<DB>, _now: Date, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_SITE_MENUS, bump)
}
