/** Mobile leave-message sheet: the same form as the desktop card, stacked full width. */
import { View, Text, Input, Textarea } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { FEEDBACK_LIMITS } from '../../shared/contracts/feedback'
import { inputValue, useLeaveMessage } from './use-leave-message'
import LeaveMessageDone from './leave-message-done'

export default function MobileLeaveMessage({ reason, onClose }: { reason: 'noBody' | 'kefu_down' | null; onClose(): void }) {
  const { t } = useTranslation()
  const f = useLeaveMessage()
  const field = (name: 'name' | 'tel' | 'email', type: 'text' | 'number' = 'text') => (
    <View className='hj-mchat__field'>
      <Text className='hj-mchat__label'>* {t(`chat.leave.${name}`)}</Text>
      <Input className='hj-mchat__input' data-testid={`leave-${name}`} type={type} value={f.form[name]} maxlength={FEEDBACK_LIMITS[name]} onInput={(e) => f.set(name, e.detail.value)} />
      {f.errors[name] && <Text className='hj-chat__error' data-testid={`leave-error-${name}`}>{t(f.errors[name] as string)}</Text>}
    </View>
  )
  return (
    <View className='hj-mchat hj-mchat--leave' data-testid='leave-message-mobile'>
      <View className='hj-mchat__bar'>
        <Text className='hj-mchat__back' data-testid='chat-close' onClick={onClose}>
          ‹ {t('common.back')}
        </Text>
        <Text className='hj-mchat__title'>{t('chat.leave.title')}</Text>
      </View>
      {f.done ? (
        <LeaveMessageDone onAgain={f.reset} />
      ) : (
        <View className='hj-mchat__form'>
          <Text className='hj-chat__hint'>{t(reason === 'kefu_down' ? 'chat.kefuDown' : 'chat.noBody')}</Text>
          <View className='hj-mchat__field'>
            <Text className='hj-mchat__label'>* {t('chat.leave.desc')}</Text>
            <Textarea className='hj-mchat__textarea' data-testid='leave-desc' value={f.form.desc} maxlength={FEEDBACK_LIMITS.desc} placeholder={t('chat.leave.descPlaceholder')} onInput={(e) => f.set('desc', inputValue(e))} />
            {f.errors.desc && <Text className='hj-chat__error' data-testid='leave-error-desc'>{t(f.errors.desc)}</Text>}
          </View>
          {field('name')}
          {field('tel', 'number')}
          {field('email')}
          <View className={`hj-chat__btn hj-mchat__submit${f.submitting ? ' is-busy' : ''}`} data-testid='leave-submit' onClick={() => void f.submit()}>
            {t('chat.leave.submit')}
          </View>
        </View>
      )}
    </View>
  )
}
