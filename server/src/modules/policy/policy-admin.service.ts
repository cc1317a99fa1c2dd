/**
 * CMS › Policies: list (keyword, status, level, sort), edit, publish/unpublish (publishing queues the
 * subscribers' digest), and the match rules ("rule cards") the consumer /policy/match/run evaluates.
 * A rule's bounds must be ordered (minAge ≤ maxAge), degree and foreign-descent values are enumerated.
 */
import type { AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { pageArgs, toPage } from '../../lib/paging'
import { sanitizeRichText } from '../../lib/rich-text'
import { PolicyAdminRepository } from './policy-admin.repository'
import { toRule } from './policy.service'
import { SubscriptionService } from '../subscription/subscription.service'
import { isoOrNull, sortOf, trimList, type AdminListQuery } from '../topic/cms-admin.shared'
import type { AdminPolicyDetail, AdminPolicyRow, PolicyInput, PolicyRuleInput } from '../../../../src/shared/contracts/admin-cms'
import type { PolicyLevel, PolicyRule } from '../../../../src/shared/contracts/content'

export const POLICY_SORT = { updatedAt: 'updated_at', publishedAt: 'published_at', viewCount: 'view_count', id: 'id' } as const

export class PolicyAdminService {
  private readonly repo: PolicyAdminRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new PolicyAdminRepository(ctx.db, ctx.dbKind)
  }

  private now() {
    return this.ctx.clock.now().toISOString()
  }

  private values(input: PolicyInput) {
    const titleZh = input.titleZh?.trim() ?? ''
    const titleEn = input.titleEn?.trim() ?? ''
    if (!titleZh) throw paramError('titleZh')
    if (!titleEn) throw paramError('titleEn')
    return {
      title_zh: titleZh,
      title_en: titleEn,
      summary_zh: (input.summaryZh ?? '').trim(),
      summary_en: (input.summaryEn ?? '').trim(),
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
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({
      keyword: q.keyword?.trim() || undefined,
      status: q.status || undefined,
      level: q.level || undefined,
      sort: sortOf(q, POLICY_SORT, 'updated_at'),
      offset,
      limit: pageSize,
    })
    const list: AdminPolicyRow[] = rows.map((r) => ({
      id: r.id,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      level: r.level,
      categoryCode: r.category_code,
      cityZh: r.city_zh,
      cityEn: r.city_en,
      issuerZh: r.issuer_zh,
      issuerEn: r.issuer_en,
      status: r.status,
      publishedAt: r.published_at,
      ruleCount: Number(r.rule_count ?? 0),
      viewCount: r.view_count,
      updatedAt: r.updated_at,
    }))
    return toPage(list, total, page, pageSize)
  }

  async detail(id: number): Promise<AdminPolicyDetail> {
    const r = await this.repo.find(id)
    if (!r) throw new AppError(302)
    return {
      id: r.id,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      summaryZh: r.summary_zh,
      summaryEn: r.summary_en,
      level: r.level,
      categoryCode: r.category_code,
      cityZh: r.city_zh,
      cityEn: r.city_en,
      issuerZh: r.issuer_zh,
      issuerEn: r.issuer_en,
      contentZh: r.content_zh,
      contentEn: r.content_en,
      status: r.status,
      publishedAt: r.published_at,
      rules: (await this.repo.rules(id)).map(toRule),
    }
  }

  async add(input: PolicyInput) {
    const now = this.now()
    const { id } = await this.repo.insert({ ...this.values(input), status: 'draft', created_at: now, updated_at: now })
    return this.detail(id)
  }

  async update(id: number, input: PolicyInput) {
    const row = await this.repo.find(id)
    if (!row) throw new AppError(302)
    const values = this.values(input)
    await this.repo.update(id, { ...values, published_at: values.published_at ?? row.published_at, updated_at: this.now() })
    return this.detail(id)
  }

  async publish(id: number, publish: boolean) {
    const row = await this.repo.find(id)
    if (!row) throw new AppError(302)
    const now = this.now()
    await this.repo.update(id, publish ? { status: 'published', published_at: row.published_at ?? now, updated_at: now } : { status: 'draft', updated_at: now })
    if (publish && row.status !== 'published') await new SubscriptionService(this.ctx).recordPublished('policy', id)
    return this.detail(id)
  }

  async remove(id: number) {
    if (!(await this.repo.find(id))) throw new AppError(302)
    await this.repo.remove(id)
    return null
  }

  async rules(policyId: number): Promise<PolicyRule[]> {
    if (!(await this.repo.find(policyId))) throw new AppError(302)
    return (await this.repo.rules(policyId)).map(toRule)
  }

  /** a rule card: new (no id) or an edit of a rule of the same policy */
  async saveRule(input: PolicyRuleInput): Promise<PolicyRule> {
    if (!(await this.repo.find(input.policyId))) throw new AppError(302)
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
    const rule = await this.repo.findRule(id)
    if (!rule) throw new AppError(302)
    await this.repo.removeRule(id)
    return null
  }
}
