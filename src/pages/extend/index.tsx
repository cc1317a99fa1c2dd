import { useEffect, useState } from 'react'
import { Loading } from '../../components/ui/loading'
import { View, Text } from '@tarojs/components'
import { RichHtml } from '../../components/ui/rich-html'
import { useRouter } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import Layout from '../../components/layout'
import { request } from '../../shared/api/request'
import { pickLang } from '../../shared/i18n'
import './index.scss'
// this part of the texts travels with the pages that use it (mini-program: not in the main package)
import '../../shared/i18n/sections/extend'

interface SiteText {
  code: string
  titleZh: string
  titleEn: string
  contentZh: string
  contentEn: string
}

export const EXTEND_CODES = ['user_agreement', 'privacy_policy'] as const

/** /extend?content=user_agreement|privacy_policy — seeded bilingual site texts. */
export default function ExtendPage() {
  const { t } = useTranslation()
  const { params } = useRouter()
  const code = (EXTEND_CODES as readonly string[]).includes(params.content || '') ? (params.content as string) : 'user_agreement'
  const [text, setText] = useState<SiteText | null>(null)
  const [failed, setFailed] = useState(false)
  const lang = useLang()

  useEffect(() => {
    setText(null)
    request<SiteText>({ url: '/system/text/detail', data: { code } })
      .then((env) => (env.code === 200 ? setText(env.result) : setFailed(true)))
      .catch(() => setFailed(true))
  }, [code])

  const fallbackTitle = code === 'privacy_policy' ? t('extend.privacyPolicy') : t('extend.userAgreement')
  const title = text ? pickLang(text, 'title', lang) : fallbackTitle
  const content = text ? pickLang(text, 'content', lang) : ''
  const isHtml = /<[a-z][\s\S]*>/i.test(content)
  return (
    <Layout path='/extend' titleKey={code === 'privacy_policy' ? 'extend.privacyPolicy' : 'extend.userAgreement'}>
      <View className='hj-extend' data-testid='extend'>
        <Text className='hj-extend__title'>{title}</Text>
        {!text && !failed && <Loading className='hj-extend__muted' text={t('common.loading')} />}
        {failed && <Text className='hj-extend__muted'>{t('common.empty')}</Text>}
        {text && (isHtml ? <RichHtml html={content} /> : <Text className='hj-extend__content'>{content}</Text>)}
      </View>
    </Layout>
  )
}
