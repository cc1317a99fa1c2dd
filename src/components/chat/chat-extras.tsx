/**
 * The helpdesk parts of both chat cards (H5 and the mini-program): outside business hours, when advisers
 * are back in the visitor's own clock and in Beijing time; "the adviser is typing…"; once the adviser
 * closes the conversation, the one-time rating (1–5 stars, optional comment); and "e-mail me the
 * transcript" (tourists give the address, users' goes to their account's e-mail).
 */
import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import { getToken } from '../../shared/storage'
import { toast } from '../../shared/stores/toast-store'
import { EMAIL_PATTERN } from '@contracts/validation'
import { RATING_COMMENT_MAX } from '@contracts/helpdesk'
import Field from '../ui/field'
import TextArea from '../ui/textarea'
import { rateChat, sendTranscript, skipRating, useChat } from './chat-store'
import { returnTime } from './hours-text'
import { pressable } from '../ui/pressable'
import '../../shared/i18n/sections/chat'

/** Outside business hours: when advisers are back (the visitor's clock and Beijing time), then the form. */
export function HoursNotice() {
  const { t } = useTranslation()
  const lang = useLang()
  const hours = useChat((s) => s.hours)
  const back = hours?.nextOpenAt ? returnTime(hours.nextOpenAt, lang) : null
  return (
    <View className='hj-chat__hours' data-testid='chat-hours'>
      <Text className='hj-chat__hint'>{t('chat.hours.closed')}</Text>
      {back && (
        <Text className='hj-chat__hours-back' data-testid='chat-hours-back'>
          {back.sameAsBeijing ? t('chat.hours.backBeijing', { beijing: back.beijing }) : t('chat.hours.back', { local: back.local, zone: back.zone, beijing: back.beijing })}
        </Text>
      )}
      <Text className='hj-chat__hint'>{t('chat.hours.leave')}</Text>
    </View>
  )
}

/** "typing…" while the adviser types */
export function TypingLine() {
  const { t } = useTranslation()
  const typing = useChat((s) => s.typing)
  const name = useChat((s) => s.kefu?.name)
  if (!typing) return null
  return (
    <Text className='hj-chat__typing' data-testid='chat-typing'>
      {t('chat.typing', { name: name || '' })}
    </Text>
  )
}

/** The one-time rating after the adviser closed the conversation. */
export function RateCard() {
  const { t } = useTranslation()
  const rating = useChat((s) => s.rating)
  const [score, setScore] = useState(0)
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  if (rating === 'done') {
    return (
      <View className='hj-chat__rate is-done' data-testid='chat-rated'>
        <Text>{t('chat.rate.thanks')}</Text>
      </View>
    )
  }
  if (rating !== 'ask') return null
  const submit = async () => {
    if (!score || busy) return
    setBusy(true)
    const ok = await rateChat(score, comment.slice(0, RATING_COMMENT_MAX))
    setBusy(false)
    if (!ok) toast(t('chat.rate.failed'), { duration: 2500 })
  }
  return (
    <View className='hj-chat__rate' data-testid='chat-rate'>
      <Text className='hj-chat__rate-title'>{t('chat.rate.title')}</Text>
      <View className='hj-chat__stars'>
        {[1, 2, 3, 4, 5].map((n) => (
          <View key={n} className={`hj-chat__star${n <= score ? ' is-on' : ''}`} data-testid={`chat-rate-${n}`} {...pressable()} aria-label={t('chat.rate.stars', { n })} aria-pressed={n === score} onClick={() => setScore(n)}>
            <Text aria-hidden='true'>★</Text>
          </View>
        ))}
      </View>
      {score > 0 && (
        <TextArea className='hj-chat__fld' label={t('chat.rate.comment')} testId='chat-rate-comment' value={comment} maxlength={RATING_COMMENT_MAX} placeholder={t('chat.rate.commentPlaceholder')} onChange={setComment} />
      )}
      <View className='hj-chat__rate-actions'>
        <Text className='hj-chat__link' data-testid='chat-rate-skip' onClick={skipRating}>
          {t('chat.rate.skip')}
        </Text>
        <View className={`hj-chat__btn hj-chat__btn--small${score ? '' : ' is-disabled'}${busy ? ' is-busy' : ''}`} data-testid='chat-rate-submit' onClick={() => void submit()}>
          {t('chat.rate.submit')}
        </View>
      </View>
    </View>
  )
}

/** "E-mail me the transcript": tourists type the address; a logged-in user's goes to the account's. */
export function TranscriptLink() {
  const { t } = useTranslation()
  const messages = useChat((s) => s.messages.length)
  const [open, setOpen] = useState(false)
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  if (!messages) return null
  const member = !!getToken()
  const send = async () => {
    if (busy) return
    if (!member && !EMAIL_PATTERN.test(email.trim())) {
      setError(t('chat.leave.validate.emailInvalid'))
      return
    }
    setError('')
    setBusy(true)
    const to = await sendTranscript(member ? undefined : email.trim())
    setBusy(false)
    if (to) {
      toast(t('chat.transcript.sent', { to }), { duration: 3000 })
      setOpen(false)
    }
  }
  if (!open) {
    return (
      <Text className='hj-chat__link hj-chat__transcript-link' data-testid='chat-transcript' onClick={() => (member ? void send() : setOpen(true))}>
        {t('chat.transcript.ask')}
      </Text>
    )
  }
  return (
    <View className='hj-chat__transcript' data-testid='chat-transcript-form'>
      <Field className='hj-chat__fld' label={t('chat.leave.email')} testId='chat-transcript-email' value={email} onChange={setEmail} maxlength={254} />
      {error && (
        <Text className='hj-chat__error' data-testid='chat-transcript-error'>
          {error}
        </Text>
      )}
      <View className='hj-chat__rate-actions'>
        <Text className='hj-chat__link' onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Text>
        <View className={`hj-chat__btn hj-chat__btn--small${busy ? ' is-busy' : ''}`} data-testid='chat-transcript-send' onClick={() => void send()}>
          {t('chat.transcript.send')}
        </View>
      </View>
    </View>
  )
}

/** Between the messages and the reply bar: typing, rating, transcript. */
export default function ChatExtras() {
  return (
    <View className='hj-chat__extras'>
      <TypingLine />
      <RateCard />
      <TranscriptLink />
    </View>
  )
}
