/** Text box, send button and the file button (up to 9 files, each under 100 MB). */
import { useState } from 'react'
import { View, Input, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { CHAT_TEXT_MAX } from '../../shared/contracts/chat'
import { sendFiles, sendText, useChat } from './chat-store'
import { pickFiles } from './platform'

export default function ChatInput() {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const uploading = useChat((s) => s.uploading)
  const send = () => {
    // empty text sends nothing
    if (sendText(text)) setText('')
  }
  return (
    <View className='hj-chat__bar'>
      <View className='hj-chat__tool' data-testid='chat-file-button' onClick={() => void pickFiles().then(sendFiles)}>
        <Text className='hj-chat__tool-icon'>+</Text>
      </View>
      <Input
        className='hj-chat__box'
        data-testid='chat-input'
        value={text}
        maxlength={CHAT_TEXT_MAX}
        confirmType='send'
        placeholder={uploading ? t('chat.uploading') : t('chat.placeholder')}
        onInput={(e) => setText(e.detail.value)}
        onConfirm={send}
      />
      <View className={`hj-chat__send${text.trim() ? '' : ' is-empty'}`} data-testid='chat-send' onClick={send}>
        {t('chat.send')}
      </View>
    </View>
  )
}
