/**
 * /center/talent — "My talent", promoters only: the people who enrolled through the promoter's share
 * link or code, with the activity, the enrolment state and what they answered in the form. A logged-out
 * visitor is sent to login; a logged-in non-promoter is sent to /center (where they can become one).
 */
import { View, Text } from '@tarojs/components'
import { Loading } from '../../components/ui/loading'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import Layout from '../../components/layout'
import LoginPrompt from '../../components/center/login-prompt'
import CenterSection, { Avatar } from '../../components/center/section'
import { ListNote, MiniPager, ownTime } from '../../components/center/row'
import { useCenterList } from '../../components/center/use-center-list'
import { useFreshUser } from '../../shared/hooks/use-fresh-user'
import { go } from '../../shared/router/navigate'
import { pickLang, type Lang } from '../../shared/i18n'
import { formatDateTime } from '../../shared/format'
import { getPromoterTalent } from '../../shared/api/participation'
import type { PromoterTalentItem } from '@contracts/participation'
import '../../components/center/center.scss'

function answerText(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (Array.isArray(v)) return v.map(String).join(', ')
  return String(v)
}

/** the form's labelled answers in form order, then answers the form no longer defines (by key) */
export function labelledAnswers(item: PromoterTalentItem, lang: Lang): Array<{ key: string; label: string; value: string }> {
  const out: Array<{ key: string; label: string; value: string }> = []
  const seen = new Set<string>()
  for (const f of item.fields) {
    seen.add(f.key)
    const value = answerText(item.answers[f.key])
    if (value) out.push({ key: f.key, label: pickLang(f, 'label', lang) || f.key, value })
  }
  for (const [key, v] of Object.entries(item.answers)) {
    if (seen.has(key)) continue
    const value = answerText(v)
    if (value) out.push({ key, label: key, value })
  }
  return out
}

function TalentCard({ item, lang }: { item: PromoterTalentItem; lang: Lang }) {
  const { t } = useTranslation()
  const name = item.person.nickName || item.person.guestEmail || t('center.talent.guest')
  const answers = labelledAnswers(item, lang)
  const tone = item.status === 'approved' ? 'ok' : item.status === 'pending' ? 'wait' : 'off'
  return (
    <View className='hj-ct-tcard' data-testid='talent-item'>
      <View className='hj-ct-tcard__head'>
        <Avatar src={item.person.avatarUrl} name={name} size='sm' />
        <View className='hj-ct-tcard__who'>
          <Text className='hj-ct-tcard__name' data-testid='talent-name'>
            {name}
          </Text>
          <Text className='hj-ct-tcard__meta'>
            {t('center.talent.enrolledAt')}: {formatDateTime(item.createdAt)}
          </Text>
        </View>
        {!item.person.confirmed && (
          <Text className='hj-ct-badge hj-ct-badge--off' data-testid='talent-unconfirmed'>
            {t('center.talent.unconfirmed')}
          </Text>
        )}
        <Text className={`hj-ct-badge hj-ct-badge--${tone}`}>{t(`center.status.${item.status}`)}</Text>
      </View>
      <View className='hj-ct-tcard__activity' onClick={() => go(`/activityDetail?id=${item.activity.id}`)}>
        <Text className='hj-ct-tcard__label'>{t('center.talent.activity')}</Text>
        <Text className='hj-ct-link' data-testid='talent-activity'>
          {pickLang(item.activity, 'title', lang)}
        </Text>
        <Text className='hj-ct-tcard__meta'>
          {ownTime(item.activity.startTime, item.activity.endTime, item.activity.timeZone)}
        </Text>
      </View>
      {answers.length > 0 && (
        <View className='hj-ct-tcard__answers' data-testid='talent-answers'>
          {answers.map((a) => (
            <View key={a.key} className='hj-ct-kv'>
              <Text className='hj-ct-kv__k'>{a.label}</Text>
              <Text className='hj-ct-kv__v'>{a.value}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  )
}

function TalentList({ lang }: { lang: Lang }) {
  const { t } = useTranslation()
  const list = useCenterList<PromoterTalentItem>((page, size) => getPromoterTalent(page, size), 'talent', 10)
  return (
    <CenterSection
      title={t('page.centerTalent')}
      testid='talent-page'
      extra={
        <Text className='hj-ct-text' data-testid='talent-total'>
          {t('center.talent.count', { count: list.total })}
        </Text>
      }
    >
      <Text className='hj-ct-text'>{t('center.talent.intro')}</Text>
      <ListNote list={list} testid='talent' />
      <View className='hj-ct-tgrid'>
        {(list.items || []).map((item) => (
          <TalentCard key={item.enrollmentId} item={item} lang={lang} />
        ))}
      </View>
      <MiniPager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='talent' />
      <Text className='hj-ct-link hj-ct-back' data-testid='talent-back' onClick={() => go('/center')}>
        ‹ {t('center.talent.back')}
      </Text>
    </CenterSection>
  )
}

export default function CenterTalentPage() {
  const { t } = useTranslation()
  const lang = useLang()
  // the stored flag decides quickly; the server's answer confirms (a promoter since another device)
  const { token, user } = useFreshUser(0, (u) => {
    if (!u.isPromoter) void go('/center', { replace: true })
  })

  return (
    <Layout path='/center/talent' titleKey='page.centerTalent'>
      {!token ? <LoginPrompt /> : !user || !user.isPromoter ? <Loading className='hj-ct-note' text={t('common.loading')} /> : <TalentList lang={lang} />}
    </Layout>
  )
}
