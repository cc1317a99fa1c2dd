/** Issue 5 (admin-site): schema changes of this admin area. Portable (schema builder only). */
import type { Kysely } from 'kysely'

export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
