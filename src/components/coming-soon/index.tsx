import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../layout'
import { go } from '../../shared/router/navigate'
import { findRoute } from '../../shared/router/routes'
import './coming-soon.scss'

/** Placeholder for routes whose issue has not landed yet: bilingual, inside the frame. */
export default function ComingSoon({ path, titleKey }: { path: string; titleKey: string }) {
  const { t } = useTranslation()
  return (
    <Layout path={path} titleKey={titleKey} bare={!!findRoute(path)?.bare}>
      <View className='hj-soon' data-testid='coming-soon'>
        <Text className='hj-soon__title'>{t(titleKey)}</Text>
        <Text className='hj-soon__text'>{t('common.comingSoon')}</Text>
        <View className='hj-soon__home' onClick={() => go('/')}>
          {t('common.backHome')}
        </View>
      </View>
    </Layout>
  )
}
