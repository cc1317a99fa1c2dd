/**
 * Following organizers: follow (517 when already followed), unfollow (518 when not), the
 * caller's list (newest first) and the flag + follower count the /sponsor page shows. The organizer's
 * follower_count moves with each change, in the same transaction.
 */
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { FollowRepository } from './follow.repository'
import type { SponsorService } from '../sponsor/sponsor.service'
import type { FollowPage, FollowStatus } from '@contracts/participation'

function checkOrganizationId(raw: unknown): number {
  const id = Number(raw)
  if (!Number.isInteger(id) || id < 1) throw new AppError(301, { field: 'organizationId' })
  return id
}

export class FollowService {
  private readonly repo: FollowRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly sponsors: SponsorService,
  ) {
    this.repo = new FollowRepository(ctx.db)
  }

  private async organizer(raw: unknown) {
    const id = checkOrganizationId(raw)
    const org = await this.repo.organizer(id)
    if (!org) throw new AppError(302)
    return org
  }

  private async statusOf(userId: number, id: number): Promise<FollowStatus> {
    const [followed, org] = await Promise.all([this.repo.has(userId, id), this.repo.organizer(id)])
    return { followed, followerCount: org?.follower_count ?? 0 }
  }

  async follow(userId: number, raw: unknown): Promise<FollowStatus> {
    const org = await this.organizer(raw)
    if (!(await this.repo.add(userId, org.id, this.ctx.clock.now().toISOString()))) throw new AppError(517)
    return this.statusOf(userId, org.id)
  }

  async unfollow(userId: number, raw: unknown): Promise<FollowStatus> {
    const org = await this.organizer(raw)
    if (!(await this.repo.remove(userId, org.id))) throw new AppError(518)
    return this.statusOf(userId, org.id)
  }

  async status(userId: number, raw: unknown): Promise<FollowStatus> {
    const org = await this.organizer(raw)
    return this.statusOf(userId, org.id)
  }

  async mine(userId: number, q: PageQuery): Promise<FollowPage> {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.page(userId, offset, pageSize)
    const items = await this.sponsors.toItems(rows)
    return toPage(
      items.map((item, i) => ({ ...item, followedAt: rows[i].followed_at })),
      total,
      page,
      pageSize,
    )
  }
}
