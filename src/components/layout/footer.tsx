/**
 * Desktop footer (spec section 2): subscription e-mail box, four trust badges, about links, convenient
 * entrances, ICP record link, contact phone and e-mail from the site settings, copyright, social icons
 * with a QR image on hover. A valid e-mail (or a logged-in user) opens the subscription dialog; the
 * convenient entrances open the chat (both through the overlay store).
 */
import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import { Img } from '../ui/media'
import Icon, { type IconName } from '../ui/icon'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import { pickLang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { openInNewTab, assignLocation } from '../../shared/platform/browser'
import { subscribeEmailError } from '../../shared/validation'
import { DEFAULT_ICP_URL, useSiteSettings } from '../../shared/hooks/use-site-settings'
import { useAuth } from '../../shared/stores/auth-store'
import { openSubscribe, requestChat } from '../../shared/stores/overlay-store'
import InputButton from '../ui/input-button'
import type { ChatCategoryEntrance } from '@contracts/chat'
import './desktop-frame.scss'

const BADGES: Array<{ key: string; icon: IconName }> = [
  { key: 'official', icon: 'check' },
  { key: 'global', icon: 'globe' },
  { key: 'quality', icon: 'star' },
  { key: 'free', icon: 'gift' },
]

const ABOUT = [
  { key: 'frame.aboutUs', url: '/website' },
  { key: 'frame.policies', url: '/policy' },
  { key: 'frame.places', url: '/premiumPlace' },
  { key: 'frame.agreement', url: '/extend?content=user_agreement' },
  { key: 'frame.privacy', url: '/extend?content=privacy_policy' },
]

const ENTRANCES: ChatCategoryEntrance[] = ['job', 'startup', 'tech']

const SOCIAL_ICON: Record<string, IconName> = { wechat: 'wechat', weibo: 'weibo', linkedin: 'linkedin', douyin: 'douyin' }

function openExternal(url: string) {
  if (!openInNewTab(url)) assignLocation(url)
}

export default function Footer() {
  const { t } = useTranslation()
  const lang = useLang()
  const site = useSiteSettings()
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')

  const loggedIn = !!useAuth((s) => s.token)
  const subscribe = () => {
    // logged in: categories only (the account e-mail); logged out: the box's e-mail must be valid first
    const err = loggedIn ? '' : subscribeEmailError(email)
    setError(err)
    if (!err) openSubscribe({ source: 'footer', email: email.trim(), onClose: (done) => done && setEmail('') })
  }

  return (
    <View className='hj-footer' data-testid='footer'>
      <View className='hj-footer__badges'>
        {BADGES.map((b) => (
          <View key={b.key} className='hj-footer__badge' data-testid={`footer-badge-${b.key}`}>
            <Icon name={b.icon} className='hj-footer__badge-icon' color='#ffffff' />
            <View className='hj-footer__badge-text'>
              <Text className='hj-footer__badge-title'>{t(`frame.badge.${b.key}`)}</Text>
              <Text className='hj-footer__badge-sub'>{t(`frame.badge.${b.key}Text`)}</Text>
            </View>
          </View>
        ))}
      </View>
      <View className='hj-footer__inner'>
        <View className='hj-footer__col hj-footer__col--sub'>
          <Text className='hj-footer__logo'>海交 Haijiao</Text>
          <Text className='hj-footer__head'>{t('frame.subscribe.title')}</Text>
          <Text className='hj-footer__muted'>{t('frame.subscribe.text')}</Text>
          <View className='hj-footer__sub'>
            <InputButton
              inputClass='hj-footer__sub-input'
              buttonClass='hj-footer__sub-btn'
              value={email}
              type='text'
              placeholder={t('frame.subscribe.placeholder')}
              onInput={(v) => {
                setEmail(v)
                if (error) setError('')
              }}
              onSubmit={subscribe}
              testid='footer-subscribe-email'
              buttonTestid='footer-subscribe-btn'
              label={t('frame.subscribe.button')}
            />
          </View>
          {error && (
            <Text className='hj-footer__error' data-testid='footer-subscribe-error'>
              {t(error)}
            </Text>
          )}
        </View>
        <View className='hj-footer__col'>
          <Text className='hj-footer__head'>{t('frame.about')}</Text>
          {ABOUT.map((a) => (
            <Text key={a.key} className='hj-footer__link' onClick={() => go(a.url)}>
              {t(a.key)}
            </Text>
          ))}
        </View>
        <View className='hj-footer__col'>
          <Text className='hj-footer__head'>{t('frame.entrance')}</Text>
          {ENTRANCES.map((k) => (
            // convenient entrances open the chat with their service category (routed to its agents)
            <Text key={k} className='hj-footer__entry' data-testid={`footer-entrance-${k}`} onClick={() => requestChat(k)}>
              {t(`frame.${k}`)}
            </Text>
          ))}
        </View>
        <View className='hj-footer__col hj-footer__col--contact'>
          <Text className='hj-footer__head'>{t('frame.contact')}</Text>
          {site && (
            <>
              <Text data-testid='footer-phone'>{t('footer.phone', { phone: site.phone })}</Text>
              <Text data-testid='footer-email'>{t('footer.email', { email: site.email })}</Text>
            </>
          )}
          <Text className='hj-footer__head hj-footer__head--follow'>{t('frame.follow')}</Text>
          <View className='hj-footer__social'>
            {(site?.social?.length ? site.social : (['wechat', 'weibo', 'linkedin', 'douyin'] as const).map((code) => ({ code, nameZh: '', nameEn: '', qrUrl: site?.wechatQrUrl || '' }))).map((s) => {
              const name = pickLang(s, 'name', lang) || t(`frame.social.${s.code}`)
              return (
                <View key={s.code} className='hj-footer__social-item' data-testid={`footer-social-${s.code}`} aria-label={name}>
                  <View className='hj-footer__social-icon'>
                    <Icon name={SOCIAL_ICON[s.code] || 'chat'} className='hj-footer__social-glyph' />
                  </View>
                  <View className='hj-footer__qr'>
                    {s.qrUrl ? <Img className='hj-footer__qr-img' src={s.qrUrl} alt={t('frame.scanQr', { name })} mode='aspectFit' /> : <View className='hj-footer__qr-img hj-footer__qr-img--empty' />}
                    <Text className='hj-footer__qr-text'>{t('frame.scanQr', { name })}</Text>
                  </View>
                </View>
              )
            })}
          </View>
        </View>
      </View>
      <View className='hj-footer__bottom'>
        {site && <Text>{pickLang(site, 'copyright', lang)}</Text>}
        {site?.icp && (
          <Text className='hj-footer__link' data-testid='footer-icp' onClick={() => openExternal(site.icpUrl || DEFAULT_ICP_URL)}>
            {site.icp}
          </Text>
        )}
      </View>
    </View>
  )
}
