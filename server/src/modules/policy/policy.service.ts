import type { AppContext } from '../../context'
import { camelRow, found } from '../../db/rows'
import { parseList } from '../../lib/json'
import { readPage, type PageQuery } from '../../lib/paging'
import { PolicyRepository } from './policy.repository'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { MatchAnswers, MatchCondition, MatchOptions, MatchResult, MatchResultItem, PolicyDetail, PolicyListItem, PolicyRule } from '@contracts/policy'

type Row = Awaited<ReturnType<PolicyRepository['list']>>['rows'][number]
type RuleRow = Awaited<ReturnType<PolicyRepository['rulesOf']>>[number]

const DEGREE_RANK = { bachelor: 1, master: 2, doctor: 3 } as const

export function toRule(r: RuleRow): PolicyRule {
  return {
    id: r.id,
    policyId: r.policy_id,
    degree: r.degree,
    minAge: r.min_age,
    maxAge: r.max_age,
    minOverseasYears: r.min_overseas_years,
    maxReturnYears: r.max_return_years,
    cities: parseList(r.cities),
    titles: parseList(r.titles),
    platformNatures: parseList(r.platform_natures),
    professionalFields: parseList(r.professional_fields),
    foreignDescent: r.foreign_descent,
  }
}

/**
 * Evaluates one rule against the questionnaire, condition by condition. Only the conditions the rule
 * sets are reported (matched or unmatched): a null bound, an empty list or foreignDescent 'any' sets
 * nothing, and listing it as "matched" would overstate what was checked.
 * - degree: answer rank >= required rank (bachelor < master < doctor);
 * - age: minAge <= age <= maxAge (both inclusive, each bound optional);
 * - overseasYears: overseasYears >= minOverseasYears (inclusive);
 * - returnYears: returnYears <= maxReturnYears (inclusive; 0 = not returned yet, always within);
 * - city / title / platformNature / professionalField: the answer's code is in the list;
 * - foreignDescent: 'chinese_only' refuses foreignNationality = true; 'any' and
 *   'foreign_descent_allowed' accept both.
 */
export function evaluateRule(rule: PolicyRule, a: MatchAnswers): { matched: MatchCondition[]; unmatched: MatchCondition[] } {
  // [condition, set by the rule, holds]
  const all: Array<[MatchCondition, boolean, boolean]> = [
    ['degree', rule.degree !== null, rule.degree === null || DEGREE_RANK[a.degree] >= DEGREE_RANK[rule.degree]],
    ['age', rule.minAge !== null || rule.maxAge !== null, (rule.minAge === null || a.age >= rule.minAge) && (rule.maxAge === null || a.age <= rule.maxAge)],
    ['overseasYears', rule.minOverseasYears !== null, rule.minOverseasYears === null || a.overseasYears >= rule.minOverseasYears],
    ['returnYears', rule.maxReturnYears !== null, rule.maxReturnYears === null || a.returnYears <= rule.maxReturnYears],
    ['city', rule.cities.length > 0, rule.cities.includes(a.city)],
    ['title', rule.titles.length > 0, rule.titles.includes(a.title)],
    ['platformNature', rule.platformNatures.length > 0, rule.platformNatures.includes(a.platformNature)],
    ['professionalField', rule.professionalFields.length > 0, rule.professionalFields.includes(a.professionalField)],
    ['foreignDescent', rule.foreignDescent !== 'any', rule.foreignDescent !== 'chinese_only' || !a.foreignNationality],
  ]
  const checks = all.filter(([, set]) => set).map(([c, , holds]) => [c, holds] as [MatchCondition, boolean])
  return { matched: checks.filter(([, v]) => v).map(([c]) => c), unmatched: checks.filter(([, v]) => !v).map(([c]) => c) }
}

export class PolicyService {
  private readonly repo: PolicyRepository
  constructor(
    ctx: AppContext,
    private readonly dict: DictionaryService,
  ) {
    this.repo = new PolicyRepository(ctx.db, ctx.dbKind)
  }

  /** Policy categories (dictionary policy_category): the filter chips of /policy. */
  categories() {
    return this.dict.options(DICT.policyCategory)
  }

  async toItems(rows: Row[]): Promise<PolicyListItem[]> {
    const cat = await this.dict.lookup(DICT.policyCategory, rows.map((r) => r.category_code))
    return rows.map((r) => ({
      ...camelRow(r, ['id', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'level', 'city_zh', 'city_en', 'issuer_zh', 'issuer_en']),
      category: cat(r.category_code),
      publishedAt: r.published_at ?? '',
      viewCount: r.view_count,
    }))
  }

  list(q: PageQuery & { level?: string; categoryCode?: string; keyword?: string }) {
    const filter = { level: q.level || undefined, categoryCode: q.categoryCode || undefined, keyword: q.keyword?.trim() || undefined }
    return readPage(q, (offset, limit) => this.repo.list({ ...filter, offset, limit }), (rows) => this.toItems(rows))
  }

  async detail(id: number): Promise<PolicyDetail> {
    const row = found(await this.repo.find(id))
    await this.repo.incrementViews(id)
    row.view_count += 1
    const [item] = await this.toItems([row])
    return { ...item, contentZh: row.content_zh, contentEn: row.content_en, rules: (await this.repo.rulesOf(id)).map(toRule) }
  }

  async matchOptions(): Promise<MatchOptions> {
    const [degrees, cities, titles, platformNatures, professionalFields] = await Promise.all([
      this.dict.options(DICT.degree),
      this.dict.options(DICT.city),
      this.dict.options(DICT.title),
      this.dict.options(DICT.platformNature),
      this.dict.options(DICT.professionalField),
    ])
    return { degrees, cities, titles, platformNatures, professionalFields }
  }

  /** One result per rule of every published policy: fully matched first, then by matched count. */
  async match(answers: MatchAnswers): Promise<MatchResult> {
    const { policies, rules } = await this.repo.allPublishedRules()
    const items = new Map((await this.toItems(policies)).map((p) => [p.id, p]))
    const order = new Map(policies.map((p, i) => [p.id, i]))
    const list: MatchResultItem[] = rules.map((r) => {
      const { matched, unmatched } = evaluateRule(toRule(r), answers)
      return { policy: items.get(r.policy_id)!, ruleId: r.id, matched: unmatched.length === 0, matchedConditions: matched, unmatchedConditions: unmatched }
    })
    list.sort(
      (x, y) =>
        Number(y.matched) - Number(x.matched) ||
        y.matchedConditions.length - x.matchedConditions.length ||
        (order.get(x.policy.id) ?? 0) - (order.get(y.policy.id) ?? 0) ||
        x.ruleId - y.ruleId,
    )
    return { list }
  }
}
