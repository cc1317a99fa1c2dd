/**
 * Policies, their match rules and the return-report matching questionnaire (/match).
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
 */
import type { ContentBase, OptionItem } from './api'

export type PolicyLevel = 'national' | 'provincial' | 'municipal' | 'district'

export interface PolicyListItem extends ContentBase {
  level: PolicyLevel
  cityZh: string
  cityEn: string
  issuerZh: string
  issuerEn: string
  category: OptionItem | null
  publishedAt: string
  viewCount: number
}

/**
 * Policy match rule (spec section 3). A null bound means "no condition". Lists are codes from
 * GET /policy/match/options; an empty list means "any".
 */
export interface PolicyRule {
  id: number
  policyId: number
  /** minimum degree: 'bachelor' < 'master' < 'doctor' */
  degree: 'bachelor' | 'master' | 'doctor' | null
  minAge: number | null
  maxAge: number | null
  /** at least this many years overseas */
  minOverseasYears: number | null
  /** returned at most this many years ago */
  maxReturnYears: number | null
  cities: string[]
  titles: string[]
  platformNatures: string[]
  professionalFields: string[]
  /** 'any' | 'chinese_only' (no foreign nationality) | 'foreign_descent_allowed' */
  foreignDescent: 'any' | 'chinese_only' | 'foreign_descent_allowed'
}

/** A rule that sets no condition (every field "any"): what a new rule starts from. */
export const EMPTY_POLICY_RULE: Omit<PolicyRule, 'id' | 'policyId'> = {
  degree: null,
  minAge: null,
  maxAge: null,
  minOverseasYears: null,
  maxReturnYears: null,
  cities: [],
  titles: [],
  platformNatures: [],
  professionalFields: [],
  foreignDescent: 'any',
}

export interface PolicyDetail extends PolicyListItem {
  contentZh: string
  contentEn: string
  rules: PolicyRule[]
}

/** POST /policy/match/run body: the questionnaire. */
export interface MatchAnswers {
  degree: 'bachelor' | 'master' | 'doctor'
  age: number
  overseasYears: number
  /** years since return; 0 when not yet returned */
  returnYears: number
  city: string
  title: string
  platformNature: string
  professionalField: string
  /** true when the person holds a foreign nationality (foreign descent) */
  foreignNationality: boolean
}

export type MatchCondition =
  | 'degree'
  | 'age'
  | 'overseasYears'
  | 'returnYears'
  | 'city'
  | 'title'
  | 'platformNature'
  | 'professionalField'
  | 'foreignDescent'

export interface MatchResultItem {
  policy: PolicyListItem
  ruleId: number
  /** true when every condition of the rule holds */
  matched: boolean
  matchedConditions: MatchCondition[]
  unmatchedConditions: MatchCondition[]
}

/** answer of POST /policy/match/run: fully matched policies first, then partial ones by matched count */
export interface MatchResult {
  list: MatchResultItem[]
}

/** GET /policy/match/options */
export interface MatchOptions {
  degrees: OptionItem[]
  cities: OptionItem[]
  titles: OptionItem[]
  platformNatures: OptionItem[]
  professionalFields: OptionItem[]
}
