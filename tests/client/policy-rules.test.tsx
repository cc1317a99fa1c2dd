import { formatPolicyRule, optionLabeler } from '../../src/components/policy/policy-rules'
import { i18n, initI18n } from '../../src/shared/i18n'
import { EMPTY_POLICY_RULE, type MatchOptions, type PolicyRule } from '@contracts/policy'

const rule = (over: Partial<PolicyRule> = {}): PolicyRule => ({ id: 1, policyId: 1, ...EMPTY_POLICY_RULE, ...over })

const options: MatchOptions = {
  degrees: [],
  cities: [
    { code: 'shanghai', nameZh: '上海', nameEn: 'Shanghai' },
    { code: 'beijing', nameZh: '北京', nameEn: '' },
  ],
  titles: [{ code: 'senior', nameZh: '正高级', nameEn: 'Senior' }],
  platformNatures: [{ code: 'college', nameZh: '高校', nameEn: 'College' }],
  professionalFields: [{ code: 'ai', nameZh: '人工智能', nameEn: 'Artificial intelligence' }],
}

beforeAll(() => initI18n())
const en = () => i18n.getFixedT('en') as any
const zh = () => i18n.getFixedT('zh') as any

test('an empty rule has no conditions', () => {
  expect(formatPolicyRule(rule(), en(), 'en')).toEqual([])
})

test('every condition of a full rule, in English, codes named through the match options', () => {
  const r = rule({
    degree: 'master',
    minAge: 25,
    maxAge: 45,
    minOverseasYears: 3,
    maxReturnYears: 5,
    cities: ['shanghai', 'beijing'],
    titles: ['senior'],
    platformNatures: ['college'],
    professionalFields: ['ai', 'unknown-code'],
    foreignDescent: 'chinese_only',
  })
  const out = formatPolicyRule(r, en(), 'en', optionLabeler(options, 'en'))
  expect(out.map((c) => c.key)).toEqual([
    'degree',
    'age',
    'overseasYears',
    'returnYears',
    'city',
    'title',
    'platformNature',
    'professionalField',
    'foreignDescent',
  ])
  expect(out.map((c) => c.text)).toEqual([
    'Degree: Master or higher',
    'Age: 25 to 45',
    'At least 3 year(s) overseas',
    'Returned to China within the last 5 year(s)',
    // Beijing has no English name: falls back to Chinese
    'City: Shanghai, 北京',
    'Professional title: Senior',
    'Platform nature: College',
    // unknown codes show as they are
    'Professional field: Artificial intelligence, unknown-code',
    'Chinese nationality only (no foreign nationality)',
  ])
})

test('Chinese texts, one-sided age bounds, foreign descent allowed', () => {
  const label = optionLabeler(options, 'zh')
  expect(formatPolicyRule(rule({ minAge: 18 }), zh(), 'zh', label).map((c) => c.text)).toEqual(['年龄：18 岁及以上'])
  expect(formatPolicyRule(rule({ maxAge: 40 }), zh(), 'zh', label).map((c) => c.text)).toEqual(['年龄：40 岁及以下'])
  expect(formatPolicyRule(rule({ maxAge: 40 }), en(), 'en', label).map((c) => c.text)).toEqual(['Age: 40 or younger'])
  expect(
    formatPolicyRule(rule({ degree: 'doctor', cities: ['shanghai', 'beijing'], foreignDescent: 'foreign_descent_allowed' }), zh(), 'zh', label).map((c) => c.text),
  ).toEqual(['学历：博士及以上', '城市：上海、北京', '外籍华人可申报'])
})

test('zero bounds are real conditions; a zero overseas minimum is none', () => {
  const out = formatPolicyRule(rule({ minAge: 0, maxReturnYears: 0, minOverseasYears: 0 }), en(), 'en')
  expect(out.map((c) => c.key)).toEqual(['age', 'returnYears'])
  expect(out[0].text).toBe('Age: 0 or older')
})
