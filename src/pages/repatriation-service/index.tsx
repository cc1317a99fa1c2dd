import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { useDetail } from '../../shared/hooks/use-detail'
import { useLang } from '../../shared/hooks/use-lang'
import { Cover } from '../../components/ui/media'
import { DetailBody, PageHead } from '../../components/ui/detail'
import { getRepatriation } from '../../shared/api/content'
import { pickLang, pickList } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { RepatriationService } from '@contracts/site'
import { requestChat } from '../../shared/stores/overlay-store'
import { chatEntranceOfBusiness } from '@contracts/chat'
import '../../components/ui/ui.scss'
import './index.scss'
import '../../shared/i18n/sections/platforms'
import '../../shared/i18n/sections/chat'

/** Where each service leads next inside the product; "consult online" opens the chat. */
const NEXT: Record<RepatriationService['code'], string> = {
  achievement_transform: '/roadshow',
  apply_job: '/job',
  entrepreneurship: '/policy',
}

/** /repatriationService — the three returning-home services from GET /content/repatriation. */
export default function RepatriationServicePage() {
  const { t } = useTranslation()
  const lang = useLang()
  const { data, loading, missing } = useDetail<RepatriationService[]>(() => getRepatriation())
  const list = data || []
  return (
    <Layout path='/repatriationService' titleKey='router.repatriationService.index'>
      <PageHead title={t('service.title')} subtitle={t('service.subtitle')} />
      <DetailBody loading={loading} missing={missing || (!!data && list.length === 0)} testid='service-list'>
        <View className='hj-svc__nav'>
          {list.map((s, i) => (
            <View key={s.code} className='hj-svc__nav-item' data-testid={`service-tab-${s.code}`} onClick={() => void Taro.pageScrollTo({ selector: `#svc-${s.code}`, duration: 300 })?.catch?.(() => undefined)}>
              <Text className='hj-svc__nav-no'>0{i + 1}</Text>
              <Text className='hj-svc__nav-title'>{pickLang(s, 'title', lang)}</Text>
            </View>
          ))}
        </View>
        <View className='hj-c-list'>
          {list.map((s, i) => (
            <View key={s.code} id={`svc-${s.code}`} className={`hj-svc${i % 2 ? ' hj-svc--alt' : ''}`} data-testid='service-item'>
              <View className='hj-svc__image'>
                <Cover src={s.imageUrl} title={pickLang(s, 'title', lang)} />
              </View>
              <View className='hj-svc__body'>
                <Text className='hj-svc__title'>{pickLang(s, 'title', lang)}</Text>
                <Text className='hj-svc__intro'>{pickLang(s, 'intro', lang)}</Text>
                <Text className='hj-svc__steps-title'>{t('service.steps')}</Text>
                <View className='hj-svc__steps'>
                  {pickList(s, 'steps', lang).map((step, n) => (
                    <View key={`${n}-${step}`} className='hj-svc__step'>
                      <Text className='hj-svc__step-no'>{n + 1}</Text>
                      <Text className='hj-svc__step-text'>{step}</Text>
                    </View>
                  ))}
                </View>
                <View className='hj-svc__actions'>
                  <View className='hj-c-btn' data-testid={`service-consult-${s.code}`} onClick={() => requestChat(chatEntranceOfBusiness(s.code))}>
                    {t('chat.consult')}
                  </View>
                  <View className='hj-c-btn hj-c-btn--ghost' data-testid={`service-next-${s.code}`} onClick={() => go(NEXT[s.code])}>
                    {t(`service.next.${s.code}`)} ›
                  </View>
                </View>
              </View>
            </View>
          ))}
        </View>
      </DetailBody>
    </Layout>
  )
}
