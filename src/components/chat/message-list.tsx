/** The live message list of both chat cards: history loads when scrolled to the top. */
import { useEffect, useRef, useState } from 'react'
import { View, Text, ScrollView } from '@tarojs/components'
import { Img } from '../ui/media'
import Taro from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import { chatFileUrl } from '../../shared/api/chat'
import { openInNewTab } from '../../shared/platform/browser'
import { CHAT_CATEGORY_ENTRANCES, type ChatCategoryEntrance, type ChatMessage } from '@contracts/chat'
import { loadHistory, openChat, useChat, type PendingMessage } from './chat-store'
import '../../shared/i18n/sections/chat'

const TOPICS = Object.keys(CHAT_CATEGORY_ENTRANCES) as ChatCategoryEntrance[]

const FILE_ICON: Record<string, string> = { video: '▶', audio: '♪', file: '▤' }

function Body({ m, onLoad }: { m: Pick<ChatMessage, 'msgType' | 'msgContent' | 'url'>; onLoad?: () => void }) {
  const url = chatFileUrl(m.url)
  if (m.msgType === 'text') return <Text className='hj-chat__text'>{m.msgContent}</Text>
  if (m.msgType === 'image') {
    return (
      <Img
        className='hj-chat__image'
        alt=''
        testid='chat-image'
        src={url}
        mode='widthFix'
        onLoad={onLoad}
        onClick={() => void Taro.previewImage({ urls: [url], current: url }).catch(() => undefined)}
      />
    )
  }
  return (
    <View className='hj-chat__file' data-testid='chat-file' onClick={() => openInNewTab(url)}>
      <Text className='hj-chat__file-icon'>{FILE_ICON[m.msgType] || '▤'}</Text>
      <Text className='hj-chat__file-name'>{m.msgContent || m.msgType}</Text>
    </View>
  )
}

function time(iso: string): string {
  const d = new Date(iso)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

export default function MessageList({ className }: { className?: string }) {
  const { t } = useTranslation()
  const messages = useChat((s) => s.messages)
  const pending = useChat((s) => s.pending)
  const hasMore = useChat((s) => s.hasMore)
  const loading = useChat((s) => s.loadingHistory)
  const kefu = useChat((s) => s.kefu)
  const category = useChat((s) => s.category)
  const [anchor, setAnchor] = useState('')
  const anchorRef = useRef('')
  anchorRef.current = anchor
  const lastId = messages.length ? messages[messages.length - 1].id : 0
  // an image near the end grows the list when it loads: scroll to the end again
  const refollow = () => {
    const a = anchorRef.current
    if (!a) return
    setAnchor('')
    setTimeout(() => setAnchor(a), 0)
  }
  const nearEnd = (i: number, n: number) => i >= n - 3

  // follow new messages to the bottom (not when history is prepended)
  const end = pending.length ? `chat-p-${pending[pending.length - 1].clientMsgId}` : lastId ? `chat-m-${lastId}` : ''
  useEffect(() => {
    setAnchor(end)
  }, [end])

  const mine = (m: ChatMessage) => m.sendType !== 'kefu'
  return (
    <ScrollView className={`hj-chat__list ${className || ''}`} scrollY scrollIntoView={anchor} upperThreshold={20} onScrollToUpper={() => void loadHistory()} data-testid='chat-messages'>
      {hasMore && (
        <View className='hj-chat__more' data-testid='chat-more' onClick={() => void loadHistory()}>
          {loading ? t('chat.loading') : t('chat.history')}
        </View>
      )}
      {!messages.length && !pending.length && (
        <View className='hj-chat__empty'>
          <Text>{t('chat.welcome', { name: kefu?.name || '' })}</Text>
          {/* opened without a topic (the phone's service button, the mini-program): the visitor may name one, routed like the entrances */}
          {!category && (
            <View className='hj-chat__topics' data-testid='chat-topics'>
              <Text className='hj-chat__topics-ask'>{t('chat.topicAsk')}</Text>
              {TOPICS.map((k) => (
                <Text key={k} className='hj-chat__topic' data-testid={`chat-topic-${k}`} onClick={() => void openChat(k)}>
                  {t(`frame.${k}`)}
                </Text>
              ))}
            </View>
          )}
        </View>
      )}
      {messages.map((m, i) => (
        <View key={m.id} id={`chat-m-${m.id}`} className={`hj-chat__msg${mine(m) ? ' is-mine' : ''}`} data-testid='chat-message'>
          {!mine(m) && (kefu?.url ? <Img className='hj-chat__avatar' src={chatFileUrl(kefu.url)} alt='' /> : <Text className='hj-chat__avatar hj-chat__avatar--text'>{(kefu?.name || '客').slice(0, 1)}</Text>)}
          <View className='hj-chat__bubble'>
            <Body m={m} onLoad={nearEnd(i, messages.length) ? refollow : undefined} />
            <Text className='hj-chat__meta'>
              {time(m.sendTime)}
              {mine(m) && m.readTime ? ` · ${t('chat.read')}` : ''}
            </Text>
          </View>
        </View>
      ))}
      {pending.map((p: PendingMessage) => (
        <View key={p.clientMsgId} id={`chat-p-${p.clientMsgId}`} className='hj-chat__msg is-mine is-pending' data-testid='chat-pending'>
          <View className='hj-chat__bubble'>
            <Body m={p} onLoad={refollow} />
            <Text className='hj-chat__meta'>{p.failed ? t('chat.failed') : t('chat.sending')}</Text>
          </View>
        </View>
      ))}
    </ScrollView>
  )
}
