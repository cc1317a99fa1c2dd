/**
 * Favourites of activities, topics and information: add (430 when already there), remove
 * (518 when not there), the caller's list per type (newest first, only published items) and the
 * "is favourite" flag a detail page shows. Only the caller's own rows are ever read or changed.
 */
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { FavoriteRepository } from './favorite.repository'
import type { ActivityService } from '../activity/activity.service'
import type { InformationService } from '../information/information.service'
import type { TopicService } from '../topic/topic.service'
import {
  FAVORITE_TYPES,
  type FavoriteItem,
  type FavoritePage,
  type FavoriteStatus,
  type FavoriteType,
} from '@contracts/participation'

export function checkFavoriteType(raw: unknown): FavoriteType {
  if (!FAVORITE_TYPES.includes(raw as FavoriteType)) throw new AppError(301, { field: 'type' })
  return raw as FavoriteType
}

function checkId(raw: unknown): number {
  const id = Number(raw)
  if (!Number.isInteger(id) || id < 1) throw new AppError(301, { field: 'id' })
  return id
}

export class FavoriteService {
  private readonly repo: FavoriteRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly sources: { activity: ActivityService; topic: TopicService; information: InformationService },
  ) {
    this.repo = new FavoriteRepository(ctx.db)
  }

  async add(userId: number, rawType: unknown, rawId: unknown): Promise<null> {
    const type = checkFavoriteType(rawType)
    const id = checkId(rawId)
    if (!(await this.repo.itemVisible(type, id))) throw new AppError(302)
    if (!(await this.repo.add(userId, type, id, this.ctx.clock.now().toISOString()))) throw new AppError(430)
    return null
  }

  async remove(userId: number, rawType: unknown, rawId: unknown): Promise<null> {
    const type = checkFavoriteType(rawType)
    const id = checkId(rawId)
    if (!(await this.repo.remove(userId, type, id))) throw new AppError(518)
    return null
  }

  async status(userId: number, rawType: unknown, rawId: unknown): Promise<FavoriteStatus> {
    return { favorite: await this.repo.has(userId, checkFavoriteType(rawType), checkId(rawId)) }
  }

  async mine(userId: number, rawType: unknown, q: PageQuery): Promise<FavoritePage> {
    const type = checkFavoriteType(rawType)
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.page(userId, type, offset, pageSize)
    const ids = rows.map((r) => r.item_id)
    const items: FavoriteItem[] = []
    if (type === 'activity') {
      const byId = new Map((await this.sources.activity.byIds(ids)).map((a) => [a.id, a]))
      for (const r of rows) {
        const activity = byId.get(r.item_id)
        if (activity) items.push({ type, itemId: r.item_id, createdAt: r.created_at, activity })
      }
    } else if (type === 'topic') {
      const byId = new Map((await this.sources.topic.byIds(ids)).map((t) => [t.id, t]))
      for (const r of rows) {
        const topic = byId.get(r.item_id)
        if (topic) items.push({ type, itemId: r.item_id, createdAt: r.created_at, topic })
      }
    } else {
      const byId = new Map((await this.sources.information.byIds(ids)).map((n) => [n.id, n]))
      for (const r of rows) {
        const information = byId.get(r.item_id)
        if (information) items.push({ type, itemId: r.item_id, createdAt: r.created_at, information })
      }
    }
    return toPage(items, total, page, pageSize)
  }
}
