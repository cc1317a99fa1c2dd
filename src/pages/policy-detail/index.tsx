import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import DetailPage from '../../components/layout/detail-page'
import { useQueryDetail } from '../../shared/hooks/use-detail'
import { DetailTitle, Meta, RichContent } from '../../components/ui/detail'
import { Tag } from '../../components/ui/tag'
import { formatDate } from '../../shared/format'
import { formatPolicyRule, optionLabeler } from '../../components/policy/policy-rules'
import { getMatchOptions, getPolicyDetail } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { MatchOptions, PolicyDetail } from '@contracts/policy'
import '../../components/ui/ui.scss'
import '../../shared/i18n/sections/content'

/** /policyDetail?id= — a policy, its match rules as readable conditions and the way to /match. */
export default function PolicyDetailPage() {
  const { t } = useTranslation()
  const detail = useQueryDetail<PolicyDetail>(getPolicyDetail)
  const { data, lang, title } = detail
  const [options, setOptions] = useState<MatchOptions | null>(null)
  useEffect(() => {
    if (!data || !data.rules || data.rules.length === 0 || options) return
    getMatchOptions()
      .then(setOptions)
      .catch(() => undefined)
  }, [data, options])
  const label = optionLabeler(options, lang)
  return (
    <DetailPage path='/policyDetail' titleKey='page.policyDetail' detail={detail} testid='policy-detail'>
      {(data) => (
        <View className='hj-c-two'>
          <View className='hj-c-two__main hj-c-detail'>
            <View className='hj-c-inline'>
              <Text className='hj-c-badge'>{t(`policy.level.${data.level}`)}</Text>
              {data.category && <Tag>{pickLang(data.category, 'name', lang)}</Tag>}
            </View>
            <DetailTitle>{title}</DetailTitle>
            <Meta
              items={[
                pickLang(data, 'issuer', lang) && `${t('policy.issuer')}: ${pickLang(data, 'issuer', lang)}`,
                pickLang(data, 'city', lang),
                formatDate(data.publishedAt),
                t('topic.views', { count: data.viewCount }),
              ]}
            />
            {pickLang(data, 'summary', lang) && <Text className='hj-c-summary'>{pickLang(data, 'summary', lang)}</Text>}
            <RichContent html={pickLang(data, 'content', lang)} />
          </View>
          <View className='hj-c-two__side hj-c-box' data-testid='policy-rules'>
            <Text className='hj-c-box__title'>{t('policy.conditions')}</Text>
            {data.rules.length === 0 && <Text className='hj-c-rule__cond'>{t('policy.noRules')}</Text>}
            {data.rules.map((rule, i) => {
              const conds = formatPolicyRule(rule, t as any, lang, label)
              return (
                <View key={rule.id} className='hj-c-rule' data-testid='policy-rule'>
                  {data.rules.length > 1 && <Text className='hj-c-rule__title'>{t('policy.ruleN', { n: i + 1 })}</Text>}
                  {conds.length === 0 && <Text className='hj-c-rule__cond'>{t('policy.rule.none')}</Text>}
                  {conds.map((c) => (
                    <Text key={c.key} className='hj-c-rule__cond' data-testid='policy-condition'>
                      ✓ {c.text}
                    </Text>
                  ))}
                </View>
              )
            })}
            <View className='hj-c-btn' data-testid='policy-match-link' onClick={() => go('/match')}>
              {t('policy.toMatch')}
            </View>
          </View>
        </View>
      )}
    </DetailPage>
  )
}
