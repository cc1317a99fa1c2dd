/**
 * Policy match rules (spec section 3) as readable conditions: one line per condition a rule sets,
 * codes turned into names through the match options (GET /policy/match/options).
 */
import type { MatchCondition, MatchOptions, PolicyRule } from '@contracts/policy'
import type { OptionItem } from '@contracts/api'
import type { Lang } from '../../shared/i18n'
import '../../shared/i18n/sections/content'

type T = (key: string, opts?: Record<string, unknown>) => string

export interface RuleCondition {
  key: MatchCondition
  text: string
}

export type OptionKind = 'cities' | 'titles' | 'platformNatures' | 'professionalFields'

/** Code → name in the language, from the match options; unknown codes show as they are. */
export function optionLabeler(options: MatchOptions | null | undefined, lang: Lang) {
  return (kind: OptionKind, code: string): string => {
    const list: OptionItem[] = (options && options[kind]) || []
    const o = list.find((x) => x.code === code)
    if (!o) return code
    return (lang === 'en' ? o.nameEn || o.nameZh : o.nameZh || o.nameEn) || code
  }
}

export function formatPolicyRule(rule: PolicyRule, t: T, lang: Lang, label: (kind: OptionKind, code: string) => string = (_k, c) => c): RuleCondition[] {
  const sep = lang === 'zh' ? '、' : ', '
  const out: RuleCondition[] = []
  if (rule.degree) out.push({ key: 'degree', text: t('policy.rule.degree', { degree: t(`policy.degree.${rule.degree}`) }) })
  const min = rule.minAge
  const max = rule.maxAge
  if (min != null && max != null) out.push({ key: 'age', text: t('policy.rule.ageRange', { min, max }) })
  else if (min != null) out.push({ key: 'age', text: t('policy.rule.ageMin', { min }) })
  else if (max != null) out.push({ key: 'age', text: t('policy.rule.ageMax', { max }) })
  if (rule.minOverseasYears != null && rule.minOverseasYears > 0)
    out.push({ key: 'overseasYears', text: t('policy.rule.overseas', { count: rule.minOverseasYears }) })
  if (rule.maxReturnYears != null) out.push({ key: 'returnYears', text: t('policy.rule.returnYears', { count: rule.maxReturnYears }) })
  const lists: [OptionKind, MatchCondition][] = [
    ['cities', 'city'],
    ['titles', 'title'],
    ['platformNatures', 'platformNature'],
    ['professionalFields', 'professionalField'],
  ]
  for (const [kind, key] of lists) {
    const codes = rule[kind] || []
    if (codes.length) out.push({ key, text: t(`policy.rule.${kind}`, { list: codes.map((c) => label(kind, c)).join(sep) }) })
  }
  if (rule.foreignDescent === 'chinese_only') out.push({ key: 'foreignDescent', text: t('policy.rule.chineseOnly') })
  else if (rule.foreignDescent === 'foreign_descent_allowed') out.push({ key: 'foreignDescent', text: t('policy.rule.foreignAllowed') })
  return out
}
