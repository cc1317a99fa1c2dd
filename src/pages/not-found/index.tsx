import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { LangToggle } from '../../components/layout/header'
import { go } from '../../shared/router/navigate'
import './index.scss'

/** /404 (outside the frame): address wrong, check the URL, back to home. */
export default function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <Layout path='/404' titleKey='router.notFound' bare>
      <View className='hj-404' data-testid='not-found'>
        <View className='hj-404__lang'>
          <LangToggle />
        </View>
        <Text className='hj-404__code'>404</Text>
        <Text className='hj-404__title'>{t('notFound.title')}</Text>
        <Text className='hj-404__text'>{t('notFound.text')}</Text>
        <View className='hj-btn hj-404__home' data-testid='not-found-home' onClick={() => go('/', { replace: true })}>
          {t('notFound.back')}
        </View>
      </View>
    </Layout>
  )
}
