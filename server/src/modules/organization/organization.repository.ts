import type { Database } from '../../db/database'

export class OrganizationRepository {
  constructor(private readonly db: Database) {}

  all() {
    return this.db.selectFrom('organizations').selectAll().orderBy('id').execute()
  }

  findById(id: number) {
    return this.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst()
  }

  update(
    id: number,
    patch: Partial<{ name_zh: string; name_en: string; logo_url: string | null; intro_zh: string | null; intro_en: string | null; website: string | null }>,
    now: string,
  ) {
    return this.db.updateTable('organizations').set({ ...patch, updated_at: now }).where('id', '=', id).execute()
  }
}
