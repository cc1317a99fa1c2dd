import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '.'
import { go } from '../../shared/router/navigate'
import './not-found-view.scss'

/**
 * The 404 page in the frame (header with the language switch and search on desktop, the back bar on
 * phones): page not found, check the URL, back to home; the title says "Page not found". Also what a
 * page shows that its route guard sends to /404 (/competition without an id), should it render first.
 */
export default function NotFoundView() {
  const { t } = useTranslation()
  return (
    <Layout path='/404' titleKey='router.notFound'>
      <View className='hj-404' data-testid='not-found' role='alert'>
        <Text className='hj-404__code'>404</Text>
        <Text className='hj-404__title' data-testid='not-found-title'>
          {t('notFound.title')}
        </Text>
        <Text className='hj-404__text'>{t('notFound.text')}</Text>
        <View className='hj-btn hj-404__home' data-testid='not-found-home' onClick={() => go('/', { replace: true })}>
          {t('notFound.back')}
        </View>
      </View>
    </Layout>
  )
}
