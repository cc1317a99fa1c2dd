import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { request } from '../../shared/api/request'
import { API } from '../../shared/contracts/api'
import { pickLang } from '../../shared/i18n'

interface Site {
  phone: string
  email: string
  icp: string
  copyrightZh: string
  copyrightEn: string
}

let cached: Site | null = null

/** Minimal desktop footer: contact phone, e-mail, ICP record, copyright (GET /system/setting/site). */
export default function Footer() {
  const { t, i18n } = useTranslation()
  const [site, setSite] = useState<Site | null>(cached)
  useEffect(() => {
    if (cached) return
    request<Site>({ url: API.siteSettings, silent: true })
      .then((env) => {
        if (env.code === 200 && env.result) {
          cached = env.result
          setSite(env.result)
        }
      })
      .catch(() => undefined)
  }, [])
  const lang = i18n.language === 'en' ? 'en' : 'zh'
  return (
    <View className='hj-footer' data-testid='footer'>
      <View className='hj-footer__inner'>
        <View className='hj-footer__brand'>
          <Text className='hj-footer__logo'>海交 Haijiao</Text>
          <Text className='hj-footer__slogan'>{t('home.heroText')}</Text>
        </View>
        {site && (
          <View className='hj-footer__contact'>
            <Text>{t('footer.phone', { phone: site.phone })}</Text>
            <Text>{t('footer.email', { email: site.email })}</Text>
            <Text>
              {t('footer.icp')}: {site.icp}
            </Text>
            <Text>{pickLang(site, 'copyright', lang)}</Text>
          </View>
        )}
      </View>
    </View>
  )
}
