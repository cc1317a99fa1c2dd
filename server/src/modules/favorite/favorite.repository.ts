/** Favourites (table `favorites`, migration 0004): one row per user and item. */
import type { Database } from '../../db/database'
import type { FavoriteItemType } from '../../db/schema'

/** the table each favourite type points at; all three have `id` and `status` ('published' is visible) */
const ITEM_TABLE = { activity: 'activities', topic: 'topics', information: 'information' } as const

export class FavoriteRepository {
  constructor(private readonly db: Database) {}

  async itemVisible(type: FavoriteItemType, id: number): Promise<boolean> {
    const r = await this.db
      .selectFrom(ITEM_TABLE[type])
      .select('id')
      .where('id', '=', id)
      .where('status', '=', 'published')
      .executeTakeFirst()
    return !!r
  }

  /** true when a row was added, false when it was already there (the primary key decides, race-free) */
  async add(userId: number, type: FavoriteItemType, itemId: number, now: string): Promise<boolean> {
    const r = await this.db
      .insertInto('favorites')
      .values({ user_id: userId, item_type: type, item_id: itemId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'item_type', 'item_id']).doNothing())
      .executeTakeFirst()
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1
  }

  async remove(userId: number, type: FavoriteItemType, itemId: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('favorites')
      .where('user_id', '=', userId)
      .where('item_type', '=', type)
      .where('item_id', '=', itemId)
      .executeTakeFirst()
    return Number(r.numDeletedRows) === 1
  }

  async has(userId: number, type: FavoriteItemType, itemId: number): Promise<boolean> {
    const r = await this.db
      .selectFrom('favorites')
      .select('item_id')
      .where('user_id', '=', userId)
      .where('item_type', '=', type)
      .where('item_id', '=', itemId)
      .executeTakeFirst()
    return !!r
  }

  /** the user's favourites of one type whose item is still published (index favorites_user_type_created_idx) */
  private visible(userId: number, type: FavoriteItemType) {
    return this.db
      .selectFrom('favorites as f')
      .innerJoin(`${ITEM_TABLE[type]} as t` as 'activities as t', 't.id', 'f.item_id')
      .where('f.user_id', '=', userId)
      .where('f.item_type', '=', type)
      .where('t.status', '=', 'published')
  }

  async page(userId: number, type: FavoriteItemType, offset: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.visible(userId, type)
        .select(['f.item_id', 'f.created_at'])
        .orderBy('f.created_at', 'desc')
        .orderBy('f.item_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.visible(userId, type).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  /** topic rows in the shape TopicService maps (same columns as its list) */
}
