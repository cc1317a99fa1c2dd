import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useLang } from '../../shared/hooks/use-lang'
import { useScrollPagedList } from '../../shared/hooks/use-paged-list'
import { useQueryParam } from '../../shared/hooks/use-query-param'
import { Chips, KeywordBox, PagedItems } from '../../components/ui/list'
import { PageHead } from '../../components/ui/detail'
import { PolicyRow } from '../../components/policy/policy-row'
import { getPolicyCategories, getPolicyList } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { OptionItem } from '@contracts/api'
import type { PolicyListItem } from '@contracts/policy'
import AdvertStrip from '../../components/advert/advert-strip'
import '../../shared/i18n/sections/content'

export const POLICY_LEVELS = ['national', 'provincial', 'municipal', 'district'] as const

/** /policy — policies by level and category, keyword, paged; a link to the policy match. */
export default function PolicyPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const [keyword, setKeyword] = useState(useQueryParam('keyword'))
  const [level, setLevel] = useState(useQueryParam('level'))
  const [categoryCode, setCategory] = useState(useQueryParam('categoryCode'))
  const [categories, setCategories] = useState<OptionItem[]>([])
  useEffect(() => {
    getPolicyCategories()
      .then((list) => setCategories(Array.isArray(list) ? list : []))
      .catch(() => setCategories([]))
  }, [])
  const list = useScrollPagedList<PolicyListItem, { level: string; categoryCode: string; keyword: string }>(getPolicyList as any, { level, categoryCode, keyword })
  return (
    <Layout path='/policy' titleKey='page.policy'>
      <View className='hj-c-inline' style={{ justifyContent: 'space-between' }}>
        <PageHead title={t('policy.title')} subtitle={t('policy.subtitle')} />
        <View className='hj-c-btn' data-testid='policy-to-match' onClick={() => go('/match')}>
          {t('policy.toMatch')}
        </View>
      </View>
      <View className='hj-c-toolbar'>
        <KeywordBox value={keyword} onSearch={setKeyword} testid='policy-keyword' framed />
        <View className='hj-c-filters'>
          <Chips
            testid='policy-level'
            label={t('policy.levelLabel')}
            value={level}
            onChange={setLevel}
            options={POLICY_LEVELS.map((l) => ({ value: l, label: t(`policy.level.${l}`) }))}
          />
          {categories.length > 0 && (
            <Chips
              testid='policy-category'
              label={t('policy.category')}
              value={categoryCode}
              onChange={setCategory}
              options={categories.map((c) => ({ value: c.code, label: pickLang(c, 'name', lang) }))}
            />
          )}
        </View>
      </View>
      <AdvertStrip area='policy' />
      <PagedItems list={list} testid='policy' className='hj-c-list'>
        {(item) => <PolicyRow key={item.id} item={item} lang={lang} testid='policy-item' />}
      </PagedItems>
      {list.items && list.items.length > 0 && <Text className='hj-c-muted'>{t('policy.matchHint')}</Text>}
    </Layout>
  )
}
