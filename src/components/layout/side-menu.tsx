/**
 * Desktop floating side menu (spec sections 2 and 9): subscribe, contact service (with its service topics
 * on hover, each opening the chat routed to that category), phone tooltip, WeChat
 * QR with consult text, go-to-top after scrolling past 500 px; the menu is 140 px high, 160 px once the
 * go-to-top entry shows. Subscribe opens the subscription dialog, which asks for the e-mail.
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { Img } from '../ui/media'
import Icon from '../ui/icon'
import { useTranslation } from 'react-i18next'
import { useSiteSettings } from '../../shared/hooks/use-site-settings'
import { onScroll, scrollTopNow, toTop } from '../../shared/platform/scroll'
import { openSubscribe, requestChat } from '../../shared/stores/overlay-store'
import type { ChatCategoryEntrance } from '@contracts/chat'
import './desktop-frame.scss'

/** the floating menu's service topics (the footer's convenient entrances) */
const SERVICE_TOPICS: ChatCategoryEntrance[] = ['job', 'startup', 'tech']

export const GO_TOP_AFTER_PX = 500
export const SIDE_MENU_HEIGHT = { top: 140, scrolled: 160 }

export function sideMenuState(scrollTop: number): { showTop: boolean; height: number } {
  const showTop = scrollTop > GO_TOP_AFTER_PX
  return { showTop, height: showTop ? SIDE_MENU_HEIGHT.scrolled : SIDE_MENU_HEIGHT.top }
}

export default function SideMenu() {
  const { t } = useTranslation()
  const site = useSiteSettings()
  const [top, setTop] = useState(() => scrollTopNow())
  useEffect(() => onScroll(setTop), [])
  const { showTop, height } = sideMenuState(top)

  return (
    <View className='hj-side' data-testid='side-menu' style={{ height: `${height}PX` }}>
      <View className='hj-side__item' data-testid='side-subscribe' aria-label={t('frame.side.subscribe')} onClick={() => openSubscribe({ source: 'widget' })}>
        <Icon name='mail' className='hj-side__icon' />
        <Text className='hj-side__text'>{t('frame.side.subscribe')}</Text>
      </View>
      <View className='hj-side__item hj-side__item--pop' data-testid='side-service' aria-label={t('frame.side.service')} onClick={() => requestChat()}>
        <Icon name='service' className='hj-side__icon' />
        <Text className='hj-side__text'>{t('frame.side.service')}</Text>
        {/* the service categories: each opens the chat routed to that category's agents */}
        <View className='hj-side__pop hj-side__pop--topics'>
          {SERVICE_TOPICS.map((k) => (
            <Text
              key={k}
              className='hj-side__topic'
              data-testid={`side-service-${k}`}
              onClick={(e) => {
                e.stopPropagation()
                requestChat(k)
              }}
            >
              {t(`frame.${k}`)}
            </Text>
          ))}
        </View>
      </View>
      <View className='hj-side__item hj-side__item--pop' data-testid='side-phone' aria-label={t('frame.side.phone')}>
        <Icon name='phone' className='hj-side__icon' />
        <Text className='hj-side__text'>{t('frame.side.phone')}</Text>
        <View className='hj-side__pop hj-side__pop--phone'>
          <Text>{t('frame.side.phoneTip', { phone: site?.phone || '' })}</Text>
        </View>
      </View>
      <View className='hj-side__item hj-side__item--pop' data-testid='side-wechat' aria-label={t('frame.side.wechat')}>
        <Icon name='wechat' className='hj-side__icon' />
        <Text className='hj-side__text'>{t('frame.side.wechat')}</Text>
        <View className='hj-side__pop hj-side__pop--qr'>
          {site?.wechatQrUrl ? <Img className='hj-side__qr' src={site.wechatQrUrl} alt={t('frame.side.wechat')} mode='aspectFit' /> : <View className='hj-side__qr hj-side__qr--empty' />}
          <Text className='hj-side__consult'>{t('frame.side.consult')}</Text>
        </View>
      </View>
      {showTop && (
        <View className='hj-side__item' data-testid='side-top' aria-label={t('frame.side.top')} onClick={toTop}>
          <Icon name='top' className='hj-side__icon' />
          <Text className='hj-side__text'>{t('frame.side.top')}</Text>
        </View>
      )}
    </View>
  )
}
