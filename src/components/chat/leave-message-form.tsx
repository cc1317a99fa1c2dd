/**
 * The leave-message form of both cards: the desktop card (name and tel side by side) and the mobile
 * sheet (stacked, a number pad for tel). After sending, the success view.
 */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Field from '../ui/field'
import TextArea from '../ui/textarea'
import Form from '../ui/form'
import { FEEDBACK_LIMITS } from '@contracts/feedback'
import { useLeaveMessage } from './use-leave-message'
import LeaveMessageDone from './leave-message-done'
import { HoursNotice } from './chat-extras'
import '../../shared/i18n/sections/chat'

export default function LeaveMessageForm({ reason, sheet }: { reason: 'noBody' | 'kefu_down' | 'hours' | null; sheet?: boolean }) {
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
      <Field className='hj-chat__fld' label={t(`chat.leave.${name}`)} placeholder='' required testId={`leave-${name}`} type={type} value={f.form[name]} maxlength={FEEDBACK_LIMITS[name]} onChange={(v) => f.set(name, v)} />
      {error(name)}
    </View>
  )
  return (
    <Form className={`${b}__form`} stack onSubmit={() => void f.submit()}>
      {reason === 'hours' ? <HoursNotice /> : <Text className='hj-chat__hint'>{t(reason === 'kefu_down' ? 'chat.kefuDown' : 'chat.noBody')}</Text>}
      <View className={`${b}__field`}>
        <TextArea className='hj-chat__fld' label={t('chat.leave.desc')} required testId='leave-desc' value={f.form.desc} maxlength={FEEDBACK_LIMITS.desc} placeholder={t('chat.leave.descPlaceholder')} onChange={(v) => f.set('desc', v)} />
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
    </Form>
  )
}
