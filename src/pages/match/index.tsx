/**
 * /match — return-policy match (spec section 3): a questionnaire over the match fields (options
 * from GET /policy/match/options), POST /policy/match/run, result cards per policy with the conditions
 * that held (✓) and did not (✗), linking /policyDetail?id=.
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import Layout from '../../components/layout'
import { Chip } from '../../components/ui/tag'
import Field from '../../components/ui/field'
import Form from '../../components/ui/form'
import { getMatchOptions, runMatch } from '../../shared/api/content'
import type { MatchAnswers, MatchCondition, MatchOptions, MatchResult, MatchResultItem } from '@contracts/policy'
import type { OptionItem } from '@contracts/api'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import '../../components/activity/activity.scss'
import './index.scss'

export const MATCH_CONDITIONS: MatchCondition[] = ['degree', 'age', 'overseasYears', 'returnYears', 'city', 'title', 'platformNature', 'professionalField', 'foreignDescent']

const FALLBACK_DEGREES: OptionItem[] = [
  { code: 'bachelor', nameZh: '学士', nameEn: 'Bachelor' },
  { code: 'master', nameZh: '硕士', nameEn: 'Master' },
  { code: 'doctor', nameZh: '博士', nameEn: 'Doctor' },
]

export type MatchDraft = { [K in keyof MatchAnswers]?: MatchAnswers[K] | '' }

/** The first unanswered field (in questionnaire order), or null when the draft is complete. */
export function missingField(d: MatchDraft): keyof MatchAnswers | null {
  const order: (keyof MatchAnswers)[] = ['degree', 'age', 'overseasYears', 'returnYears', 'city', 'title', 'platformNature', 'professionalField', 'foreignNationality']
  for (const k of order) {
    const v = d[k]
    if (v === undefined || v === '' || (typeof v === 'number' && !Number.isFinite(v))) return k
  }
  return null
}

/** Conditions of one result in display order: matched first (✓) then unmatched (✗). */
export function conditionRows(item: MatchResultItem): { cond: MatchCondition; ok: boolean }[] {
  return [...item.matchedConditions.map((c) => ({ cond: c, ok: true })), ...item.unmatchedConditions.map((c) => ({ cond: c, ok: false }))]
}

/** One card per policy: a policy with several rules keeps its best rule (the server sorts best first). */
export function bestPerPolicy(list: MatchResultItem[]): MatchResultItem[] {
  const seen = new Set<number>()
  return list.filter((i) => (seen.has(i.policy.id) ? false : (seen.add(i.policy.id), true)))
}

export function MatchResultCard({ item, lang }: { item: MatchResultItem; lang: Lang }) {
  const { t } = useTranslation()
  const rows = conditionRows(item)
  const p = item.policy
  return (
    <View className={`hj-mres${item.matched ? ' is-matched' : ''}`} data-testid='match-result' data-matched={item.matched ? 'true' : 'false'} data-policy-id={p.id}>
      <View className='hj-mres__head'>
        <Text className={`hj-mres__flag${item.matched ? ' is-matched' : ''}`}>{item.matched ? t('match.matched') : t('match.partial')}</Text>
        <Text className='hj-mres__level'>{t(`match.level.${p.level}`)}</Text>
        <Text className='hj-mres__count'>{rows.length ? t('match.metCount', { m: item.matchedConditions.length, n: rows.length }) : t('match.noConditions')}</Text>
      </View>
      <Text className='hj-mres__title' data-testid='match-result-title' onClick={() => go(`/policyDetail?id=${p.id}`)}>
        {pickLang(p, 'title', lang)}
      </Text>
      <Text className='hj-mres__meta'>{[pickLang(p, 'issuer', lang), pickLang(p, 'city', lang)].filter(Boolean).join(' · ')}</Text>
      <View className='hj-mres__conds'>
        {rows.map((r) => (
          <Text key={r.cond} className={`hj-mcond${r.ok ? ' is-ok' : ' is-no'}`} data-testid='match-cond' data-cond={r.cond} data-ok={r.ok ? 'true' : 'false'}>
            {r.ok ? '✓' : '✗'} {t(`match.cond.${r.cond}`)}
          </Text>
        ))}
      </View>
      <Text className='hj-link hj-mres__link' data-testid='match-result-link' onClick={() => go(`/policyDetail?id=${p.id}`)}>
        {t('match.viewPolicy')} ›
      </Text>
    </View>
  )
}

export function MatchResultList({ result, lang }: { result: MatchResult; lang: Lang }) {
  const { t } = useTranslation()
  const list = bestPerPolicy(result.list)
  const full = list.filter((i) => i.matched).length
  return (
    <View className='hj-mlist' id='match-results' data-testid='match-results'>
      <Text className='hj-mlist__title'>{t('match.result')}</Text>
      {list.length === 0 ? (
        <Text className='hj-empty' data-testid='match-empty'>
          {t('match.noResult')}
        </Text>
      ) : (
        <Text className='hj-mlist__count' data-testid='match-count'>
          {t('match.resultCount', { n: list.length, m: full })}
        </Text>
      )}
      <View className='hj-mlist__cards'>
        {list.map((item) => (
          <MatchResultCard key={`${item.policy.id}-${item.ruleId}`} item={item} lang={lang} />
        ))}
      </View>
    </View>
  )
}

function Choice({ field, options, value, lang, onPick }: { field: string; options: OptionItem[]; value: string | undefined; lang: Lang; onPick: (c: string) => void }) {
  return (
    <View className='hj-mq__chips'>
      {options.map((o) => (
        <Chip key={o.code} className='hj-chip' active={value === o.code} testid={`match-${field}-${o.code}`} onPick={() => onPick(o.code)}>
          {pickLang(o, 'name', lang) || o.code}
        </Chip>
      ))}
    </View>
  )
}

export default function MatchPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const [options, setOptions] = useState<MatchOptions | null>(null)
  const [draft, setDraft] = useState<MatchDraft>({})
  const [result, setResult] = useState<MatchResult | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  useEffect(() => {
    getMatchOptions().then(
      (o) => setOptions(o || null),
      () => setOptions(null),
    )
  }, [])

  const set = <K extends keyof MatchAnswers>(k: K, v: MatchAnswers[K] | '') => {
    setDraft((d) => ({ ...d, [k]: v }))
    setError('')
  }
  const num = (k: 'age' | 'overseasYears' | 'returnYears') => (value: string) => {
    const v = value.replace(/[^\d]/g, '')
    set(k, v === '' ? '' : Math.min(150, Number(v)))
  }

  const submit = async () => {
    const miss = missingField(draft)
    if (miss) {
      setError(t('match.required', { field: t(`match.field.${miss}`) }))
      return
    }
    setBusy(true)
    try {
      const r = await runMatch(draft as MatchAnswers)
      setResult(r && Array.isArray(r.list) ? r : { list: [] })
      setTimeout(() => void Taro.pageScrollTo({ selector: '#match-results', duration: 300 }).catch(() => undefined), 50)
    } catch {
      setError(t('common.networkError'))
    } finally {
      setBusy(false)
    }
  }

  const o = options
  const sel = (field: 'city' | 'title' | 'platformNature' | 'professionalField', list: OptionItem[] | undefined) => (
    <View className='hj-mq__field' data-testid={`match-field-${field}`}>
      <Text className='hj-mq__label'>{t(`match.field.${field}`)}</Text>
      {list && list.length ? <Choice field={field} options={list} value={draft[field] as string | undefined} lang={lang} onPick={(c) => set(field, c)} /> : <Text className='hj-muted'>{t('common.loading')}</Text>}
    </View>
  )
  const numField = (field: 'age' | 'overseasYears' | 'returnYears') => (
    <View className='hj-mq__field hj-mq__field--num' data-testid={`match-field-${field}`}>
      <Field className='hj-mq__num' label={t(`match.field.${field}`)} placeholder='' type='number' maxlength={3} value={draft[field] === undefined ? '' : String(draft[field])} onChange={num(field)} testId={`match-${field}`} />
    </View>
  )

  return (
    <Layout path='/match' titleKey='match.title'>
      <View className='hj-match'>
        <View className='hj-match__intro'>
          <Text className='hj-match__title'>{t('match.title')}</Text>
          <Text className='hj-match__text'>{t('match.intro')}</Text>
        </View>
        <Form onSubmit={() => !busy && void submit()}>
          <View className='hj-mq' data-testid='match-form'>
            <View className='hj-mq__field' data-testid='match-field-degree'>
              <Text className='hj-mq__label'>{t('match.field.degree')}</Text>
              <Choice field='degree' options={o?.degrees?.length ? o.degrees : FALLBACK_DEGREES} value={draft.degree as string | undefined} lang={lang} onPick={(c) => set('degree', c as MatchAnswers['degree'])} />
            </View>
            <View className='hj-mq__nums'>
              {numField('age')}
              {numField('overseasYears')}
              {numField('returnYears')}
            </View>
            {sel('city', o?.cities)}
            {sel('title', o?.titles)}
            {sel('platformNature', o?.platformNatures)}
            {sel('professionalField', o?.professionalFields)}
            <View className='hj-mq__field' data-testid='match-field-foreignNationality'>
              <Text className='hj-mq__label'>{t('match.field.foreignNationality')}</Text>
              <View className='hj-mq__chips'>
                <Chip className='hj-chip' active={draft.foreignNationality === true} testid='match-foreignNationality-yes' onPick={() => set('foreignNationality', true)}>
                  {t('match.yes')}
                </Chip>
                <Chip className='hj-chip' active={draft.foreignNationality === false} testid='match-foreignNationality-no' onPick={() => set('foreignNationality', false)}>
                  {t('match.no')}
                </Chip>
              </View>
            </View>
            {error && (
              <Text className='hj-mq__error' data-testid='match-error'>
                {error}
              </Text>
            )}
            <View className={`hj-btn hj-mq__submit${busy ? ' is-busy' : ''}`} data-testid='match-submit' onClick={() => !busy && void submit()}>
              {busy ? t('match.submitting') : t('match.submit')}
            </View>
          </View>
        </Form>
        {result && <MatchResultList result={result} lang={lang} />}
      </View>
    </Layout>
  )
}
