/**
 * CMS › Policies: list (keyword, status, level, sort), edit, publish/unpublish (publishing queues the
 * subscribers' digest), and the match rules ("rule cards") the consumer /policy/match/run evaluates.
 * A rule's bounds must be ordered (minAge ≤ maxAge), degree and foreign-descent values are enumerated.
 */
import type { AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { camelRow, found, titleSummary } from '../../db/rows'
import { toPage } from '../../lib/paging'
import { sanitizeRichText } from '../../lib/rich-text'
import { PolicyAdminRepository } from './policy-admin.repository'
import { toRule } from './policy.service'
import type { SubscriptionService } from '../subscription/subscription.service'
import { adminListArgs, isoOrNull, titleSummaryValues, trimList, type AdminListQuery } from '../../blocks/article/article.fields'
import type { AdminPolicyDetail, AdminPolicyRow, PolicyInput, PolicyRuleInput } from '@contracts/admin-cms'
import type { PolicyLevel, PolicyRule } from '@contracts/policy'

export const POLICY_SORT = { updatedAt: 'updated_at', publishedAt: 'published_at', viewCount: 'view_count', id: 'id' } as const

/** where a policy applies and who issued it, as the list and the detail show it */
const PLACE_COLUMNS = ['level', 'category_code', 'city_zh', 'city_en', 'issuer_zh', 'issuer_en'] as const

export class PolicyAdminService {
  private readonly repo: PolicyAdminRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly subscriptions: SubscriptionService,
  ) {
    this.repo = new PolicyAdminRepository(ctx.db, ctx.dbKind)
  }

  private now() {
    return this.ctx.clock.now().toISOString()
  }

  private values(input: PolicyInput) {
    return {
      ...titleSummaryValues(input),
      level: input.level,
      category_code: input.categoryCode?.trim() || null,
      city_zh: (input.cityZh ?? '').trim(),
      city_en: (input.cityEn ?? '').trim(),
      issuer_zh: (input.issuerZh ?? '').trim(),
      issuer_en: (input.issuerEn ?? '').trim(),
      content_zh: sanitizeRichText(input.contentZh),
      content_en: sanitizeRichText(input.contentEn),
      published_at: isoOrNull(input.publishedAt, () => paramError('publishedAt')),
    }
  }

  async list(q: AdminListQuery & { level?: PolicyLevel | '' }) {
    const { page, pageSize, filter } = adminListArgs(q, POLICY_SORT, 'updated_at')
    const { rows, total } = await this.repo.list({ ...filter, level: q.level || undefined })
    const list: AdminPolicyRow[] = rows.map((r) => ({
      ...camelRow(r, ['id', 'title_zh', 'title_en', ...PLACE_COLUMNS, 'status', 'published_at']),
      ruleCount: Number(r.rule_count ?? 0),
      ...camelRow(r, ['view_count', 'updated_at']),
    }))
    return toPage(list, total, page, pageSize)
  }

  async detail(id: number): Promise<AdminPolicyDetail> {
    const r = found(await this.repo.find(id))
    return {
      ...titleSummary(r),
      ...camelRow(r, [...PLACE_COLUMNS, 'content_zh', 'content_en', 'status', 'published_at']),
      rules: (await this.repo.rules(id)).map(toRule),
    }
  }

  async add(input: PolicyInput) {
    const now = this.now()
    const { id } = await this.repo.insert({ ...this.values(input), status: 'draft', created_at: now, updated_at: now })
    return this.detail(id)
  }

  async update(id: number, input: PolicyInput) {
    const row = found(await this.repo.find(id))
    const values = this.values(input)
    await this.repo.update(id, { ...values, published_at: values.published_at ?? row.published_at, updated_at: this.now() })
    return this.detail(id)
  }

  async publish(id: number, publish: boolean) {
    const row = found(await this.repo.find(id))
    const now = this.now()
    await this.repo.update(id, publish ? { status: 'published', published_at: row.published_at ?? now, updated_at: now } : { status: 'draft', updated_at: now })
    if (publish && row.status !== 'published') await this.subscriptions.recordPublished('policy', id)
    return this.detail(id)
  }

  async remove(id: number) {
    found(await this.repo.find(id))
    await this.repo.remove(id)
    return null
  }

  async rules(policyId: number): Promise<PolicyRule[]> {
    found(await this.repo.find(policyId))
    return (await this.repo.rules(policyId)).map(toRule)
  }

  /** a rule card: new (no id) or an edit of a rule of the same policy */
  async saveRule(input: PolicyRuleInput): Promise<PolicyRule> {
    found(await this.repo.find(input.policyId))
    if (input.id) {
      const existing = await this.repo.findRule(input.id)
      if (!existing || existing.policy_id !== input.policyId) throw new AppError(302)
    }
    if (input.minAge != null && input.maxAge != null && input.minAge > input.maxAge) throw paramError('maxAge')
    const id = await this.repo.saveRule(
      input.id,
      {
        policy_id: input.policyId,
        degree: input.degree ?? null,
        min_age: input.minAge ?? null,
        max_age: input.maxAge ?? null,
        min_overseas_years: input.minOverseasYears ?? null,
        max_return_years: input.maxReturnYears ?? null,
        cities: JSON.stringify(trimList(input.cities)),
        titles: JSON.stringify(trimList(input.titles)),
        platform_natures: JSON.stringify(trimList(input.platformNatures)),
        professional_fields: JSON.stringify(trimList(input.professionalFields)),
        foreign_descent: input.foreignDescent ?? 'any',
      },
      this.now(),
    )
    return toRule((await this.repo.findRule(id))!)
  }

  async removeRule(id: number) {
    found(await this.repo.findRule(id))
    await this.repo.removeRule(id)
    return null
  }
}
