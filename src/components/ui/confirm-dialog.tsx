/**
 * A yes/no question on top of the page (cancel an enrolment, leave the waiting list): our own View at the
 * dialog layer (z-index 2000, like the subscription dialog), the same on H5 and in the mini-program.
 * Ours, not AtModal: AtModal drops data-* (no test ids on its buttons) and its own z-index sits below the
 * spec's dialog layer; not wx.showModal: it cuts long English button texts at four characters.
 */
import { View, Text } from '@tarojs/components'
import { pressKeys, pressable } from './pressable'
import './confirm-dialog.scss'

export interface ConfirmDialogProps {
  title: string
  body?: string
  ok: string
  cancel: string
  /** red "ok" for a step that cannot be undone */
  danger?: boolean
  busy?: boolean
  testid: string
  onOk(): void
  onCancel(): void
}

export default function ConfirmDialog({ title, body, ok, cancel, danger, busy, testid, onOk, onCancel }: ConfirmDialogProps) {
  const press = (fn: () => void) => () => {
    if (!busy) fn()
  }
  return (
    <View className='hj-confirm-mask' data-testid={testid} catchMove>
      <View className='hj-confirm' role='dialog' aria-modal='true' aria-label={title}>
        <Text className='hj-confirm__title'>{title}</Text>
        {body && <Text className='hj-confirm__body'>{body}</Text>}
        <View className='hj-confirm__actions'>
          <View className='hj-confirm__btn' data-testid={`${testid}-cancel`} {...pressable()} {...pressKeys(press(onCancel))} onClick={press(onCancel)}>
            {cancel}
          </View>
          <View className={`hj-confirm__btn hj-confirm__btn--ok${danger ? ' is-danger' : ''}${busy ? ' is-busy' : ''}`} data-testid={`${testid}-ok`} {...pressable()} {...pressKeys(press(onOk))} onClick={press(onOk)}>
            {ok}
          </View>
        </View>
      </View>
    </View>
  )
}
