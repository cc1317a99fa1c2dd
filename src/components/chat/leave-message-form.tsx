/**
 * The leave-message form of both cards: the desktop card (name and tel side by side) and the mobile
 * sheet (stacked, a number pad for tel). After sending, the success view.
 */
import { View, Text, Input, Textarea } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { FEEDBACK_LIMITS } from '../../shared/contracts/feedback'
import { inputValue, useLeaveMessage } from './use-leave-message'
import LeaveMessageDone from './leave-message-done'

export default function LeaveMessageForm({ reason, sheet }: { reason: 'noBody' | 'kefu_down' | null; sheet?: boolean }) {
  const { t } = useTranslation()
  const f = useLeaveMessage()
  const b = sheet ? 'hj-mchat' : 'hj-chat'
  if (f.done) return <LeaveMessageDone onAgain={f.reset} />
  const error = (name: 'desc' | 'name' | 'tel' | 'email') =>
    f.errors[name] && (
      <Text className='hj-chat__error' data-testid={`leave-error-${name}`}>
        {t(f.errors[name] as string)}
      </Text>
    )
  const field = (name: 'name' | 'tel' | 'email', type: 'text' | 'number' = 'text') => (
    <View className={`${b}__field`}>
      <Text className={`${b}__label`}>* {t(`chat.leave.${name}`)}</Text>
      <Input className={`${b}__input`} data-testid={`leave-${name}`} type={type} value={f.form[name]} maxlength={FEEDBACK_LIMITS[name]} onInput={(e) => f.set(name, e.detail.value)} />
      {error(name)}
    </View>
  )
  return (
    <View className={`${b}__form`}>
      <Text className='hj-chat__hint'>{t(reason === 'kefu_down' ? 'chat.kefuDown' : 'chat.noBody')}</Text>
      <View className={`${b}__field`}>
        <Text className={`${b}__label`}>* {t('chat.leave.desc')}</Text>
        <Textarea className={`${b}__textarea`} data-testid='leave-desc' value={f.form.desc} maxlength={FEEDBACK_LIMITS.desc} placeholder={t('chat.leave.descPlaceholder')} onInput={(e) => f.set('desc', inputValue(e))} />
        {error('desc')}
      </View>
      {sheet ? (
        <>
          {field('name')}
          {field('tel', 'number')}
        </>
      ) : (
        <View className='hj-chat__row'>
          {field('name')}
          {field('tel')}
        </View>
      )}
      {field('email')}
      <View className={`hj-chat__btn${sheet ? ' hj-mchat__submit' : ''}${f.submitting ? ' is-busy' : ''}`} data-testid='leave-submit' onClick={() => void f.submit()}>
        {t('chat.leave.submit')}
      </View>
    </View>
  )
}
