/**
 * Favourites and follows: user@haijiao.demo has a few favourites (activities, topics,
 * information) and follows two organisations, so the personal centre is not empty on first start.
 * Applied once per database (marked in `seed_marks`): what the demo user removes stays removed after a
 * restart. Items are picked deterministically (foundation activities by title, the oldest published
 * topics and information by id; organisations by Chinese name).
 */
import type { Kysely } from 'kysely'
import type { DB, FavoriteItemType } from '../schema'
import { seedOnce } from './once'

const MARK = 'participation-demo-v1'
const DEMO_USER = 'user@haijiao.demo'
const FAVORITE_ACTIVITIES = ['海外高层次人才回国创业大赛（北京站）', '伦敦留学生回国就业宣讲会', '东京生物医药创新论坛']
/** an organizer and a place; not the first organizer of the sponsor list (its tests follow that one) */
const FOLLOWED_ORGANIZATIONS = ['全球留学生联合会', '深圳湾科技园']

export async function seedFavorites(db: Kysely<DB>, now: Date, bump: (k: string) => void): Promise<void> {
  await seedOnce(db, MARK, async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('email', '=', DEMO_USER).executeTakeFirst()
    if (!user) return false
    // a little apart in time, so "newest first" has a visible order
    let tick = 0
    const at = () => new Date(now.getTime() - 3600_000 * ++tick).toISOString()

    const favorites: Array<{ type: FavoriteItemType; id: number }> = []
    for (const title of FAVORITE_ACTIVITIES) {
      const a = await trx.selectFrom('activities').select('id').where('title_zh', '=', title).where('status', '=', 'published').executeTakeFirst()
      if (a) favorites.push({ type: 'activity', id: a.id })
    }
    const topics = await trx.selectFrom('topics').select('id').where('status', '=', 'published').orderBy('id').limit(2).execute()
    for (const t of topics) favorites.push({ type: 'topic', id: t.id })
    const info = await trx.selectFrom('information').select('id').where('status', '=', 'published').orderBy('id').limit(2).execute()
    for (const n of info) favorites.push({ type: 'information', id: n.id })
    for (const f of favorites) {
      const r = await trx
        .insertInto('favorites')
        .values({ user_id: user.id, item_type: f.type, item_id: f.id, created_at: at() })
        .onConflict((oc) => oc.columns(['user_id', 'item_type', 'item_id']).doNothing())
        .executeTakeFirst()
      if (Number(r.numInsertedOrUpdatedRows ?? 0)) bump('favorites')
    }

    for (const name of FOLLOWED_ORGANIZATIONS) {
      const o = await trx.selectFrom('organizations').select(['id', 'follower_count']).where('name_zh', '=', name).where('pid', '=', 0).executeTakeFirst()
      if (!o) continue
      const r = await trx
        .insertInto('organizer_follows')
        .values({ user_id: user.id, organization_id: o.id, created_at: at() })
        .onConflict((oc) => oc.columns(['user_id', 'organization_id']).doNothing())
        .executeTakeFirst()
      if (Number(r.numInsertedOrUpdatedRows ?? 0)) {
        await trx.updateTable('organizations').set({ follower_count: o.follower_count + 1 }).where('id', '=', o.id).execute()
        bump('follows')
      }
    }
  })
}
