/**
 * Text box, send button and the file button (up to 9 files, each under 100 MB). The box is taro-ui's
 * AtInput (without title: the chat has no visible label, so on H5 the placeholder is also the input's
 * aria-label); AtInput passes no data-* through, so the test id `chat-input` is on our wrapper, the
 * input inside it. Enter / the keyboard's send key (`confirmType='send'`) sends, as the button does.
 */
import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import AtInput from 'taro-ui/lib/components/input'
import { useTranslation } from 'react-i18next'
import { useInputName } from '../ui/use-input-name'
import { CHAT_TEXT_MAX } from '@contracts/chat'
import { notifyTyping, sendFiles, sendText, useChat } from './chat-store'
import { pickFiles } from './platform'
import '../ui/at/input.scss'
import '../../shared/i18n/sections/chat'

export default function ChatInput() {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const uploading = useChat((s) => s.uploading)
  const placeholder = uploading ? t('chat.uploading') : t('chat.placeholder')
  // AtInput has no title here and takes no aria-label: name the <input> by the placeholder
  const box = useInputName(placeholder)
  const send = () => {
    // empty text sends nothing
    if (sendText(text)) setText('')
  }
  return (
    <View className='hj-chat__bar'>
      <View className='hj-chat__tool' data-testid='chat-file-button' onClick={() => void pickFiles().then(sendFiles)}>
        <Text className='hj-chat__tool-icon'>+</Text>
      </View>
      <View className='hj-chat__box' data-testid='chat-input' ref={box}>
        <AtInput
          value={text}
          // AtInput reads `maxLength || maxlength` and defaults both to 140: `maxlength` alone is ignored
          maxLength={CHAT_TEXT_MAX}
          confirmType='send'
          placeholder={placeholder}
          border={false}
          customStyle={{}}
          onChange={(v: string | number) => {
            setText(String(v))
            // the adviser sees "typing…" (throttled in the store)
            if (String(v).trim()) notifyTyping()
          }}
          onConfirm={send}
        />
      </View>
      <View className={`hj-chat__send${text.trim() ? '' : ' is-empty'}`} data-testid='chat-send' onClick={send}>
        {t('chat.send')}
      </View>
    </View>
  )
}
