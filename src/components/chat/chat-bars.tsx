/** The title bars of the chat cards: the desktop card's head (title, ×) and the mobile sheet's bar (‹ back, title). */
import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'

export function CardHead({ title, titleTestId, onClose, children }: { title: string; titleTestId?: string; onClose(): void; children?: ReactNode }) {
  return (
    <View className='hj-chat__head'>
      {children}
      <Text className='hj-chat__title' data-testid={titleTestId}>
        {title}
      </Text>
      <Text className='hj-chat__close' data-testid='chat-close' onClick={onClose}>
        ×
      </Text>
    </View>
  )
}

export function SheetBar({ title, titleTestId, onClose }: { title: string; titleTestId?: string; onClose(): void }) {
  const { t } = useTranslation()
  return (
    <View className='hj-mchat__bar'>
      <Text className='hj-mchat__back' data-testid='chat-close' onClick={onClose}>
        ‹ {t('common.back')}
      </Text>
      <Text className='hj-mchat__title' data-testid={titleTestId}>
        {title}
      </Text>
    </View>
  )
}
