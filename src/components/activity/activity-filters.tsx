/** Filters of the activity list: type, category, country, time status and keyword (all optional). */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import './activity.scss'
import { useTranslation } from 'react-i18next'
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, type ActivityFilterValue } from '../../shared/activity-list-query'
import type { OptionItem } from '@contracts/api'
import { pickLang, type Lang } from '../../shared/i18n'
import InputButton from '../ui/input-button'
import { Chip } from '../ui/tag'

interface RowProps {
  label: string
  name: string
  value?: string
  options: { code: string; label: string }[]
  onPick: (code: string | undefined) => void
}

function Row({ label, name, value, options, onPick }: RowProps) {
  const { t } = useTranslation()
  return (
    <View className='hj-filter__row' data-testid={`filter-${name}`}>
      <Text className='hj-filter__label'>{label}</Text>
      <View className='hj-filter__chips'>
        <Chip className='hj-chip' active={!value} testid={`filter-${name}-all`} onPick={() => onPick(undefined)}>
          {t('activity.all')}
        </Chip>
        {options.map((o) => (
          <Chip key={o.code} className='hj-chip' active={value === o.code} testid={`filter-${name}-${o.code}`} onPick={() => onPick(o.code)}>
            {o.label}
          </Chip>
        ))}
      </View>
    </View>
  )
}

export interface ActivityFiltersProps {
  value: ActivityFilterValue
  categories: OptionItem[]
  countries: OptionItem[]
  lang: Lang
  onChange: (v: ActivityFilterValue) => void
  /** false on phones: the frame's search box above filters the list by keyword (one box, not two) */
  keywordBox?: boolean
}

export default function ActivityFilters({ value, categories, countries, lang, onChange, keywordBox = true }: ActivityFiltersProps) {
  const { t } = useTranslation()
  const [keyword, setKeyword] = useState(value.keyword || '')
  useEffect(() => setKeyword(value.keyword || ''), [value.keyword])
  const set = (patch: Partial<ActivityFilterValue>) => onChange({ ...value, ...patch })
  const opt = (items: OptionItem[]) => items.map((o) => ({ code: o.code, label: pickLang(o, 'name', lang) || o.code }))
  const any = !!(value.type || value.categoryCode || value.country || value.status || value.keyword)
  return (
    <View className='hj-filter' data-testid='activity-filters'>
      {(keywordBox || any) && (
      <View className='hj-filter__row hj-filter__row--search'>
        {keywordBox && <Text className='hj-filter__label'>{t('activity.filter.keyword')}</Text>}
        {keywordBox && (
        <View className='hj-filter__search'>
          <InputButton
            value={keyword} confirmType='search' onInput={setKeyword} onSubmit={() => set({ keyword: keyword.trim() || undefined })}
            placeholder={t('activity.filter.keywordPlaceholder')} testid='filter-keyword' label={t('activity.filter.search')}
            inputClass='hj-filter__input' buttonClass='hj-filter__btn'
          />
        </View>
        )}
        {any && (
          <Text className='hj-filter__reset hj-link' data-testid='filter-reset' onClick={() => onChange({})}>
            {t('activity.filter.reset')}
          </Text>
        )}
      </View>
      )}
      <Row
        label={t('activity.filter.type')}
        name='type'
        value={value.type}
        options={ACTIVITY_TYPES.map((c) => ({ code: c, label: t(`activity.type.${c}`) }))}
        onPick={(c) => set({ type: c as ActivityFilterValue['type'] })}
      />
      <Row
        label={t('activity.filter.status')}
        name='status'
        value={value.status}
        options={ACTIVITY_STATUSES.map((c) => ({ code: c, label: t(`activity.status.${c}`) }))}
        onPick={(c) => set({ status: c as ActivityFilterValue['status'] })}
      />
      {categories.length > 0 && (
        <Row label={t('activity.filter.category')} name='category' value={value.categoryCode} options={opt(categories)} onPick={(c) => set({ categoryCode: c })} />
      )}
      {countries.length > 0 && (
        <Row label={t('activity.filter.country')} name='country' value={value.country} options={opt(countries)} onPick={(c) => set({ country: c })} />
      )}
    </View>
  )
}
