/**
 * Mini-program: our sheet for WeChat's privacy authorization (src/shared/stores/privacy-store.ts), shown
 * while a privacy API waits. "Agree" is WeChat's `open-type="agreePrivacyAuthorization"` button (WeChat
 * checks that it was tapped before the call resumes); "Decline" cancels the call; the guide opens
 * WeChat's page of the privacy guide. H5 twin (./privacy-sheet.h5.tsx) draws nothing.
 */
import { View, Text, Button } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { PRIVACY_AGREE_BUTTON_ID, agreePrivacy, refusePrivacy, usePrivacy } from '../../shared/stores/privacy-store'
import { openPrivacyGuide } from '../../shared/platform/privacy'
import './sheet.scss'

export default function PrivacySheet() {
  const { t } = useTranslation()
  const pending = usePrivacy((s) => s.pending)
  if (!pending) return null
  return (
    <View className='hj-sheet-layer' data-testid='privacy-sheet' catchMove>
      <View className='hj-sheet' role='dialog' aria-modal='true'>
        <Text className='hj-sheet__title'>{t('privacy.title')}</Text>
        <Text className='hj-sheet__text'>{t('privacy.text')}</Text>
        <View className='hj-sheet__links'>
          <Text className='hj-link' data-testid='privacy-guide' onClick={openPrivacyGuide}>
            {t('privacy.guide')}
          </Text>
        </View>
        <View className='hj-sheet__actions'>
          <View className='hj-btn hj-btn--ghost hj-sheet__btn' data-testid='privacy-refuse' onClick={refusePrivacy}>
            {t('privacy.refuse')}
          </View>
          <Button
            id={PRIVACY_AGREE_BUTTON_ID}
            className='hj-btn hj-sheet__btn'
            data-testid='privacy-agree'
            openType='agreePrivacyAuthorization'
            onAgreePrivacyAuthorization={agreePrivacy}
          >
            {t('privacy.agree')}
          </Button>
        </View>
      </View>
    </View>
  )
}
