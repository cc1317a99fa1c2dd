/** Desktop leave-message card (spec sections 4 and 5), shown when no agent is online. */
import { View, Text, Input, Textarea } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { FEEDBACK_LIMITS } from '../../shared/contracts/feedback'
import { inputValue, useLeaveMessage } from './use-leave-message'
import LeaveMessageDone from './leave-message-done'

export interface LeaveMessageCardProps {
  reason: 'noBody' | 'kefu_down' | null
  onClose(): void
}

export default function LeaveMessageCard({ reason, onClose }: LeaveMessageCardProps) {
  const { t } = useTranslation()
  const f = useLeaveMessage()
  return (
    <View className='hj-chat hj-chat--leave' data-testid='leave-message-card'>
      <View className='hj-chat__head'>
        <Text className='hj-chat__title'>{t('chat.leave.title')}</Text>
        <Text className='hj-chat__close' data-testid='chat-close' onClick={onClose}>
          ×
        </Text>
      </View>
      {f.done ? (
        <LeaveMessageDone onAgain={f.reset} />
      ) : (
        <View className='hj-chat__form'>
          <Text className='hj-chat__hint'>{t(reason === 'kefu_down' ? 'chat.kefuDown' : 'chat.noBody')}</Text>
          <View className='hj-chat__field'>
            <Text className='hj-chat__label'>* {t('chat.leave.desc')}</Text>
            <Textarea
              className='hj-chat__textarea'
              data-testid='leave-desc'
              value={f.form.desc}
              maxlength={FEEDBACK_LIMITS.desc}
              placeholder={t('chat.leave.descPlaceholder')}
              onInput={(e) => f.set('desc', inputValue(e))}
            />
            {f.errors.desc && <Text className='hj-chat__error' data-testid='leave-error-desc'>{t(f.errors.desc)}</Text>}
          </View>
          <View className='hj-chat__row'>
            <View className='hj-chat__field'>
              <Text className='hj-chat__label'>* {t('chat.leave.name')}</Text>
              <Input className='hj-chat__input' data-testid='leave-name' value={f.form.name} maxlength={FEEDBACK_LIMITS.name} onInput={(e) => f.set('name', e.detail.value)} />
              {f.errors.name && <Text className='hj-chat__error' data-testid='leave-error-name'>{t(f.errors.name)}</Text>}
            </View>
            <View className='hj-chat__field'>
              <Text className='hj-chat__label'>* {t('chat.leave.tel')}</Text>
              <Input className='hj-chat__input' data-testid='leave-tel' value={f.form.tel} maxlength={FEEDBACK_LIMITS.tel} onInput={(e) => f.set('tel', e.detail.value)} />
              {f.errors.tel && <Text className='hj-chat__error' data-testid='leave-error-tel'>{t(f.errors.tel)}</Text>}
            </View>
          </View>
          <View className='hj-chat__field'>
            <Text className='hj-chat__label'>* {t('chat.leave.email')}</Text>
            <Input className='hj-chat__input' data-testid='leave-email' value={f.form.email} maxlength={FEEDBACK_LIMITS.email} onInput={(e) => f.set('email', e.detail.value)} />
            {f.errors.email && <Text className='hj-chat__error' data-testid='leave-error-email'>{t(f.errors.email)}</Text>}
          </View>
          <View className={`hj-chat__btn${f.submitting ? ' is-busy' : ''}`} data-testid='leave-submit' onClick={() => void f.submit()}>
            {t('chat.leave.submit')}
          </View>
        </View>
      )}
    </View>
  )
}
