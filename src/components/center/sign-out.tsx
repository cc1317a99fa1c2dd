/**
 * "Log out" at the bottom of the personal centre and the profile page (phones and the mini-program have
 * no header menu): a first tap asks, a second confirms. Ours, in the page, not Taro.showModal: the same
 * markup on H5 and in the mini-program, with test ids on both buttons.
 */
import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useAuth } from '../../shared/stores/auth-store'
import { go } from '../../shared/router/navigate'
import './center.scss'

export default function SignOut() {
  const { t } = useTranslation()
  const logout = useAuth((s) => s.logout)
  const [asking, setAsking] = useState(false)
  const confirm = () => {
    setAsking(false)
    logout()
    void go('/', { replace: true })
  }
  return (
    <View className='hj-ct-signout' data-testid='center-logout-box'>
      {!asking ? (
        <View className='hj-ct-btn hj-ct-btn--ghost hj-ct-signout__btn' data-testid='center-logout' onClick={() => setAsking(true)}>
          {t('header.logout')}
        </View>
      ) : (
        <View className='hj-ct-signout__ask' role='alertdialog' aria-label={t('center.logoutAsk')}>
          <Text className='hj-ct-signout__text'>{t('center.logoutAsk')}</Text>
          <View className='hj-ct-signout__row'>
            <View className='hj-ct-btn hj-ct-btn--ghost' data-testid='center-logout-cancel' onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </View>
            <View className='hj-ct-btn' data-testid='center-logout-confirm' onClick={confirm}>
              {t('center.logoutConfirm')}
            </View>
          </View>
        </View>
      )}
    </View>
  )
}
