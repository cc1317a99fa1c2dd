/** The language switch of the desktop header and of the phone frame's bar (H5 and the mini-program). */
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { toggleLang } from '../../shared/i18n'

export function LangToggle() {
  const { t } = useTranslation()
  return (
    <View className='hj-lang' data-testid='header-lang' onClick={() => toggleLang()}>
      {t('header.lang')}
    </View>
  )
}
