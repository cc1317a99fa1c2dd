/**
 * 'chat/index' — the adviser console (spec section 2 "Advisor: index, avatar card, list card, dialog
 * card (file, text, upload), tag card"): the agent's customers with avatar cards and tags, the dialog
 * with text and files (upload through the chat upload kind, 9 files, < 100 MB), history on scrolling
 * to the top, and the agent's availability (online / away / offline: only online agents get new
 * conversations; away keeps the ones held; closing the last console tab is offline). Live over the /chat
 * socket as role kefu.
 */
import React, { useCallback, useEffect, useRef, useState } from 'react'
import { Alert, Badge, Button, Card, Empty, Input, Popconfirm, Segmented, Space, Tag, Typography, Upload } from 'antd'
import { useTranslation } from 'react-i18next'
import { SocketClient } from '../../../shared/socket/socket-client'
import { getToken } from '../../../shared/storage'
import { historyMessages, listByKeFu, listMessages, readMessages, uploadChatFile } from '../../api/chat'
import {
  CHAT_HEARTBEAT_MS,
  CHAT_MAX_FILES,
  CHAT_MAX_FILE_BYTES,
  CHAT_PATH,
  msgTypeOfFile,
  AGENT_STATUSES,
  type AgentStatus,
  type ChatAuthFrame,
  type ChatConversation,
  type ChatHandlingEvent,
  type ChatMessage,
  type ChatTransferInfo,
  type KefuTransferOut,
} from '@contracts/chat'
import { feedback } from '../../core/feedback'
import type { ViewProps } from '../view-props'
import { AvatarCard, TagCard, MessageBody, displayName, merge, timeOf } from './advisor-cards'
import { HandlingHistory, SERVICE_CATEGORY_MENU_COMPONENT, TransferDialog, holdsMenu, type TransferAgent } from './advisor-transfer'
import { CannedManager, CannedPicker, cannedMatches, cannedText, useCannedReplies } from './advisor-canned'
import { TYPING_INTERVAL_MS, type CannedReply } from '@contracts/helpdesk'
import { helpdeskAgents } from '../../api/helpdesk'
import { ConversationSearch } from './advisor-search'
import './advisor-view.scss'

export default function AdvisorView(_props: ViewProps) {
  const { t } = useTranslation()
  const [status, setStatus] = useState<AgentStatus>('offline')
  const [connected, setConnected] = useState(false)
  const [conversations, setConversations] = useState<ChatConversation[]>([])
  const [keyword, setKeyword] = useState('')
  const [selected, setSelected] = useState<string | null>(null)
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [hasMore, setHasMore] = useState(false)
  const [loadingHistory, setLoadingHistory] = useState(false)
  const [text, setText] = useState('')
  const [transferOpen, setTransferOpen] = useState(false)
  const [transferBusy, setTransferBusy] = useState(false)
  const [agents, setAgents] = useState<TransferAgent[]>([])
  const [me, setMe] = useState<string | null>(null)
  const [searchOpen, setSearchOpen] = useState(false)
  const [historyOpen, setHistoryOpen] = useState(false)
  const [historyEvents, setHistoryEvents] = useState<ChatHandlingEvent[] | null>(null)
  /** conversations handed to this agent: who from, with the private note */
  const [transfers, setTransfers] = useState<Record<string, ChatTransferInfo>>({})
  const canned = useCannedReplies()
  const [cannedOpen, setCannedOpen] = useState(false)
  const [pickIndex, setPickIndex] = useState(0)
  /** the conversation whose visitor is typing now */
  const [typingOf, setTypingOf] = useState<string | null>(null)
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const lastTypingSent = useRef(0)
  const socketRef = useRef<SocketClient | null>(null)
  const selectedRef = useRef<string | null>(null)
  const listRef = useRef<HTMLDivElement | null>(null)
  const stickBottom = useRef(true)
  selectedRef.current = selected

  const loadConversations = useCallback(async (kw = keyword) => {
    const env = await listByKeFu(1, 100, kw || undefined).catch(() => null)
    if (env?.code === 200) {
      setConversations(env.result.list)
      setStatus(env.result.status ?? (env.result.online ? 'online' : 'offline'))
    }
  }, [keyword])

  const markRead = useCallback((customerId: string) => {
    void readMessages(customerId).catch(() => undefined)
    setConversations((list) => list.map((c) => (c.customerId === customerId ? { ...c, unread: 0, tags: c.tags.filter((x) => x !== 'unread') } : c)))
  }, [])

  /** one frame from the chat socket (the socket effect below calls the latest version through a ref) */
  const onFrame = (data: any) => {
    if (!data || typeof data !== 'object') return
    if (data.type === 'connected') {
      setConnected(true)
      setMe(data.identity?.sendId ?? null)
      setStatus(data.status ?? (data.online ? 'online' : 'offline'))
      void loadConversations()
    } else if (data.type === 'kefu_state') {
      setStatus(data.status ?? (data.online ? 'online' : 'offline'))
    } else if (data.type === 'assigned') {
      const conv = data.conversation as ChatConversation
      setConversations((list) => [conv, ...list.filter((c) => c.customerId !== conv.customerId)])
      const transfer = data.transfer as ChatTransferInfo | undefined
      if (transfer) {
        setTransfers((m) => ({ ...m, [conv.customerId]: transfer }))
        feedback().info(t('adm.helpdesk.transfer.received', { from: transfer.fromName, name: displayName(conv, t) }))
      } else feedback().info(t('chat.admin.assigned', { name: displayName(conv, t) }))
    } else if (data.type === 'transferred') {
      setTransferBusy(false)
      setTransferOpen(false)
      setConversations((list) => list.filter((c) => c.customerId !== data.customerId))
      if (selectedRef.current === data.customerId) setSelected(null)
      feedback().success(t('adm.helpdesk.transfer.done', { name: data.name }))
    } else if (data.type === 'closed') {
      setConversations((list) => list.map((c) => (c.customerId === data.customerId ? { ...c, status: 'closed' } : c)))
    } else if (data.type === 'rated') {
      const conv = conversations.find((c) => c.customerId === data.customerId)
      feedback().info(t('adm.helpdesk.close.rated', { name: conv ? displayName(conv, t) : data.customerId, score: data.score }))
    } else if (data.type === 'typing') {
      if (data.from === 'kefu') return
      setTypingOf(data.customerId)
      if (typingTimer.current) clearTimeout(typingTimer.current)
      typingTimer.current = setTimeout(() => setTypingOf(null), TYPING_INTERVAL_MS * 2)
    } else if (data.type === 'history') {
      if (selectedRef.current === data.customerId) setHistoryEvents(data.events)
    } else if (data.type === 'unassigned') {
      setConversations((list) => list.filter((c) => c.customerId !== data.customerId))
      if (selectedRef.current === data.customerId) setSelected(null)
    } else if (data.type === 'presence') {
      setConversations((list) =>
        list.map((c) => (c.customerId === data.customerId ? { ...c, online: data.online, tags: c.tags.map((x) => (x === 'online' || x === 'offline' ? (data.online ? 'online' : 'offline') : x)) } : c)),
      )
    } else if (data.kefu_chat || data.type === 'ack') {
      const m = (data.kefu_chat || data.message) as ChatMessage
      const open = selectedRef.current === m.customerId
      if (m.sendType !== 'kefu') setTypingOf((x) => (x === m.customerId ? null : x))
      if (open) {
        stickBottom.current = true
        setMessages((list) => merge(list, [m]))
        if (m.sendType !== 'kefu') markRead(m.customerId)
      }
      setConversations((list) => {
        const found = list.find((c) => c.customerId === m.customerId)
        if (!found) {
          void loadConversations()
          return list
        }
        const unread = !open && m.sendType !== 'kefu' && data.kefu_chat ? found.unread + 1 : found.unread
        const tags = unread && !found.tags.includes('unread') ? [...found.tags, 'unread'] : found.tags
        return [{ ...found, lastMessage: m, lastTime: m.sendTime, unread, tags }, ...list.filter((c) => c !== found)]
      })
    } else if (data.type === 'read' && data.readerType !== 'kefu') {
      if (selectedRef.current === data.customerId) {
        setMessages((list) => list.map((m) => (m.sendType === 'kefu' && m.id <= data.upToId && !m.readTime ? { ...m, readTime: new Date().toISOString() } : m)))
      }
    } else if (data.type === 'error') {
      // a refused transfer (436 / 618 / 433 / 422) leaves the dialog open to pick another target
      setTransferBusy(false)
      feedback().warning(t(`request.${data.code}`, { defaultValue: data.message }))
    }
  }
  const onFrameRef = useRef(onFrame)
  useEffect(() => {
    onFrameRef.current = onFrame
  })

  // the socket lives as long as the view
  useEffect(() => {
    const token = getToken()
    if (!token) return
    const { protocol, host } = window.location
    const socket = new SocketClient({
      url: () => `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${CHAT_PATH}`,
      // the token travels in the first frame, never the URL (server logs keep URLs)
      auth: (): ChatAuthFrame => ({ auth: { token: getToken() || '', role: 'kefu' } }),
      heartbeatMs: CHAT_HEARTBEAT_MS,
      heartbeat: { type: 'heartbeat' },
      onClose: () => setConnected(false),
      onMessage: (data: unknown) => onFrameRef.current(data),
    })
    socketRef.current = socket
    socket.connect()
    return () => {
      socket.close()
      socketRef.current = null
    }
  }, [])

  // who a conversation can go to (the server refuses one who is not online: 436)
  useEffect(() => {
    if (!holdsMenu(SERVICE_CATEGORY_MENU_COMPONENT)) return
    void helpdeskAgents()
      .then((list) => setAgents(list.map((a) => ({ id: a.userId, name: a.nickName || a.email }))))
      .catch(() => undefined)
  }, [])

  // open a conversation: its newest page, then read receipts
  useEffect(() => {
    setMessages([])
    setHasMore(false)
    if (!selected) return
    let live = true
    stickBottom.current = true
    listMessages(selected, 1, 20)
      .then((env) => {
        if (!live || env.code !== 200) return
        setMessages(env.result.list)
        setHasMore(env.result.total > env.result.list.length)
        markRead(selected)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [selected, markRead])

  // keep the newest message in view unless the agent is reading history
  useEffect(() => {
    const el = listRef.current
    if (el && stickBottom.current) el.scrollTop = el.scrollHeight
  }, [messages])

  const loadHistory = async () => {
    if (!selected || !hasMore || loadingHistory || !messages.length) return
    setLoadingHistory(true)
    const el = listRef.current
    const before = el ? el.scrollHeight - el.scrollTop : 0
    try {
      const env = await historyMessages(messages[0].id, selected)
      if (env.code === 200) {
        stickBottom.current = false
        setMessages((list) => merge(list, env.result.list))
        setHasMore(env.result.total > env.result.list.length)
        // keep the reading position after prepending
        requestAnimationFrame(() => {
          if (el) el.scrollTop = el.scrollHeight - before
        })
      }
    } finally {
      setLoadingHistory(false)
    }
  }

  const changeStatus = (value: AgentStatus) => {
    setStatus(value)
    socketRef.current?.send({ kefu_status: { status: value } })
  }

  const sendFrame = (msgType: ChatMessage['msgType'], msgContent: string, url: string | null) => {
    if (!selected) return
    socketRef.current?.send({
      kefu_chat: { isConnected: 1, sendType: 'kefu', customerId: selected, msgType, msgContent, url, clientMsgId: `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}` },
    })
  }

  const sendText = () => {
    // empty text sends nothing
    if (!text.trim()) return
    sendFrame('text', text, null)
    setText('')
  }

  const current = conversations.find((c) => c.customerId === selected) || null
  const matches = current ? cannedMatches(canned.items, text) : null

  /** a canned reply goes into the box in the visitor's language; the agent may edit it before sending */
  const pickCanned = (r: CannedReply) => {
    setText(cannedText(r, current?.lang))
    setPickIndex(0)
  }

  const changeText = (value: string) => {
    setText(value)
    setPickIndex(0)
    // the visitor sees "typing…"; at most one frame per interval, none while picking a canned reply
    const now = Date.now()
    if (selected && value && !value.startsWith('/') && now - lastTypingSent.current > TYPING_INTERVAL_MS) {
      lastTypingSent.current = now
      socketRef.current?.send({ kefu_typing: { customerId: selected } })
    }
  }

  const closeConversation = () => {
    if (selected) socketRef.current?.send({ kefu_close: { customerId: selected } })
  }

  const sendTransfer = (frame: KefuTransferOut) => {
    setTransferBusy(true)
    socketRef.current?.send(frame)
  }

  const openHistory = () => {
    if (!selected) return
    setHistoryEvents(null)
    setHistoryOpen(true)
    socketRef.current?.send({ kefu_history: { customerId: selected } })
  }

  return (
    <Card
      className="hj-adv"
      data-testid="advisor-view"
      title={t('chat.admin.title')}
      extra={
        <Space>
          <Button size="small" data-testid="advisor-search-open" onClick={() => setSearchOpen(true)}>
            {t('adm.helpdesk.search.title')}
          </Button>
          <Button size="small" data-testid="advisor-canned-manage" onClick={() => setCannedOpen(true)}>
            {t('adm.helpdesk.canned.title')}
          </Button>
          <Badge status={connected ? 'success' : 'default'} />
          <div data-testid="advisor-status" data-status={status} title={t(`chat.admin.statusHint.${status}`)}>
            <Segmented<AgentStatus>
              value={status}
              disabled={!connected}
              onChange={changeStatus}
              options={AGENT_STATUSES.map((s) => ({
                value: s,
                label: (
                  <span data-testid={`advisor-status-${s}`}>
                    <Badge status={s === 'online' ? 'success' : s === 'away' ? 'warning' : 'default'} /> {t(`chat.admin.${s}`)}
                  </span>
                ),
              }))}
            />
          </div>
        </Space>
      }
    >
      <div className="hj-adv__body">
        <div className="hj-adv__list" data-testid="advisor-list">
          <Input.Search
            placeholder={t('chat.admin.search')}
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => void loadConversations(v)}
            style={{ marginBottom: 8 }}
          />
          <div className="hj-adv__cards">
            {conversations.length ? (
              conversations.map((c) => <AvatarCard key={c.customerId} c={c} active={c.customerId === selected} onClick={() => setSelected(c.customerId)} />)
            ) : (
              <Empty description={t('chat.admin.empty')} />
            )}
          </div>
        </div>
        <div className="hj-adv__dialog" data-testid="advisor-dialog">
          {current ? (
            <>
              <div className="hj-adv__dialog-head">
                <Typography.Text strong data-testid="advisor-dialog-name">
                  {displayName(current, t)}
                </Typography.Text>
                {current.email ? <Typography.Text type="secondary">{current.email}</Typography.Text> : null}
                <TagCard tags={current.tags.filter((x) => x !== 'unread')} />
                {current.status === 'closed' ? (
                  <Tag color="default" data-testid="advisor-closed-tag">
                    {t('adm.helpdesk.close.closed')}
                  </Tag>
                ) : null}
                <Space className="hj-adv__actions">
                  <Button size="small" data-testid="advisor-history-open" onClick={openHistory}>
                    {t('adm.helpdesk.actions.history')}
                  </Button>
                  <Button size="small" data-testid="advisor-transfer" disabled={!connected || current.status === 'closed'} onClick={() => setTransferOpen(true)}>
                    {t('adm.helpdesk.actions.transfer')}
                  </Button>
                  <Popconfirm title={t('adm.helpdesk.close.confirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={closeConversation} okButtonProps={{ 'data-testid': 'advisor-close-ok' } as never}>
                    <Button size="small" danger data-testid="advisor-close" disabled={!connected || current.status === 'closed'}>
                      {t('adm.helpdesk.actions.close')}
                    </Button>
                  </Popconfirm>
                </Space>
              </div>
              {transfers[current.customerId] ? (
                <Alert
                  className="hj-adv__handed"
                  type="warning"
                  showIcon
                  data-testid="advisor-transfer-note-received"
                  message={
                    transfers[current.customerId].note
                      ? t('adm.helpdesk.transfer.fromNote', { from: transfers[current.customerId].fromName, note: transfers[current.customerId].note })
                      : t('adm.helpdesk.transfer.fromNoNote', { from: transfers[current.customerId].fromName })
                  }
                />
              ) : null}
              <div
                className="hj-adv__messages"
                ref={listRef}
                data-testid="advisor-messages"
                onScroll={(e) => {
                  const el = e.currentTarget
                  stickBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40
                  if (el.scrollTop < 10) void loadHistory()
                }}
              >
                <div className="hj-adv__more">{hasMore ? (loadingHistory ? '…' : t('chat.admin.history')) : messages.length ? t('chat.admin.noMore') : ''}</div>
                {messages.map((m) => (
                  <div key={m.id} className={`hj-adv__msg${m.sendType === 'kefu' ? ' is-mine' : ''}`} data-testid="advisor-message">
                    <div className="hj-adv__bubble">
                      <MessageBody m={m} />
                      <div className="hj-adv__meta">
                        {timeOf(m.sendTime)}
                        {m.sendType === 'kefu' && m.readTime ? ` · ${t('chat.admin.read')}` : ''}
                      </div>
                    </div>
                  </div>
                ))}
                {typingOf === current.customerId ? (
                  <div className="hj-adv__typing" data-testid="advisor-typing">
                    {t('adm.helpdesk.typing')}
                  </div>
                ) : null}
              </div>
              <div className="hj-adv__composer">
                <Upload
                  multiple
                  showUploadList={false}
                  maxCount={CHAT_MAX_FILES}
                  beforeUpload={(file, list) => {
                    if (list.length > CHAT_MAX_FILES) {
                      if (file === list[0]) feedback().warning(t('chat.tooManyFiles'))
                      return Upload.LIST_IGNORE
                    }
                    if (file.size >= CHAT_MAX_FILE_BYTES) {
                      feedback().warning(t('chat.fileTooLarge'))
                      return Upload.LIST_IGNORE
                    }
                    return true
                  }}
                  customRequest={async ({ file, onSuccess, onError }) => {
                    const f = file as File
                    try {
                      const url = await uploadChatFile(f)
                      sendFrame(msgTypeOfFile(f.name, f.type), f.name, url)
                      onSuccess?.(url)
                    } catch (e) {
                      feedback().error(t('chat.uploadFailed'))
                      onError?.(e as Error)
                    }
                  }}
                >
                  <Button data-testid="advisor-upload">{t('chat.admin.upload')}</Button>
                </Upload>
                <div className="hj-adv__input">
                  {matches ? <CannedPicker items={matches} active={pickIndex} lang={current.lang} onPick={pickCanned} onHover={setPickIndex} /> : null}
                  <Input.TextArea
                    data-testid="advisor-input"
                    value={text}
                    autoSize={{ minRows: 1, maxRows: 4 }}
                    placeholder={t('adm.helpdesk.placeholder')}
                    onChange={(e) => changeText(e.target.value)}
                    onKeyDown={(e) => {
                      if (!matches?.length) return
                      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                        e.preventDefault()
                        const step = e.key === 'ArrowDown' ? 1 : -1
                        setPickIndex((i) => (i + step + matches.length) % matches.length)
                      } else if (e.key === 'Escape') setText('')
                    }}
                    onPressEnter={(e) => {
                      if (e.shiftKey) return
                      e.preventDefault()
                      // Enter on "/code" picks the highlighted reply instead of sending "/code"
                      if (matches?.length) pickCanned(matches[Math.min(pickIndex, matches.length - 1)])
                      else sendText()
                    }}
                  />
                </div>
                <Button type="primary" data-testid="advisor-send" onClick={sendText}>
                  {t('chat.admin.send')}
                </Button>
              </div>
            </>
          ) : (
            <Empty description={t('chat.admin.pick')} style={{ marginTop: 120 }} />
          )}
        </div>
      </div>
      <TransferDialog open={transferOpen} customerId={selected || ''} agents={agents.filter((a) => String(a.id) !== me)} busy={transferBusy} onSend={sendTransfer} onCancel={() => setTransferOpen(false)} />
      <HandlingHistory open={historyOpen} events={historyEvents} onClose={() => setHistoryOpen(false)} />
      <ConversationSearch open={searchOpen} agents={agents} me={me} onClose={() => setSearchOpen(false)} />
      <CannedManager open={cannedOpen} items={canned.items} reload={canned.reload} onClose={() => setCannedOpen(false)} />
    </Card>
  )
}
