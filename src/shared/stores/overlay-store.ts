/**
 * The frame's overlays — the live chat (which turns into the leave-message card when no agent is
 * online) and the subscription dialog — opened from anywhere without importing them: entry points
 * (footer, floating menu, pages) call requestChat / openSubscribe; one host per page
 * (components/overlays, mounted by the frame) renders them. H5 keeps earlier pages alive, hidden, in
 * its stack, so only the most recently mounted host draws.
 */
import { useEffect, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { create } from 'zustand'
import { isChatCategoryEntrance, type ChatCategoryEntrance } from '@contracts/chat'

export type SubscribeSource = 'footer' | 'widget'

export interface SubscribeRequest {
  /** 'footer': the footer box's e-mail is given; 'widget': the dialog asks for it */
  source: SubscribeSource
  email?: string
  /** told whether the subscription went through */
  onClose?(done: boolean): void
}

interface OverlayState {
  subscribe: SubscribeRequest | null
  /** the chat was asked for at least once: on H5 its code is loaded only from then on */
  chatWanted: boolean
  /** mounted hosts, oldest first */
  hosts: number[]
}

export const useOverlays = create<OverlayState>(() => ({ subscribe: null, chatWanted: false, hosts: [] }))

export function openSubscribe(request: SubscribeRequest): void {
  useOverlays.setState({ subscribe: request })
}

export function closeSubscribe(done: boolean): void {
  const request = useOverlays.getState().subscribe
  useOverlays.setState({ subscribe: null })
  request?.onClose?.(done)
}

type ChatOpener = (category: ChatCategoryEntrance | null) => void
const chatListeners = new Set<ChatOpener>()
/** asked for before the chat's code had loaded (with its category): delivered when it registers */
let pendingChat: { category: ChatCategoryEntrance | null } | null = null

/** The chat registers how it opens (once, when its module loads); returns the unregistration. */
export function onChatRequest(open: ChatOpener): () => void {
  chatListeners.add(open)
  if (pendingChat) {
    const { category } = pendingChat
    pendingChat = null
    open(category)
  }
  return () => chatListeners.delete(open)
}

/**
 * Open the chat (it connects, then shows the chat or the leave-message card), loading its code first if
 * need be; `category` = the entrance's service category (anything else, e.g. a click event, = general).
 */
export function requestChat(category?: unknown): void {
  const entrance = isChatCategoryEntrance(category) ? category : null
  if (!useOverlays.getState().chatWanted) useOverlays.setState({ chatWanted: true })
  if (!chatListeners.size) {
    pendingChat = { category: entrance }
    return
  }
  chatListeners.forEach((open) => open(entrance))
}

let nextHostId = 0

/**
 * Registers the calling host while it is mounted; true while it is the one that draws. A page shown again
 * (a tab switched back to keeps its earlier instance alive) puts its host back on top.
 */
export function useTopOverlayHost(): boolean {
  const [id] = useState(() => ++nextHostId)
  const top = useOverlays((s) => s.hosts[s.hosts.length - 1] === id)
  useEffect(() => {
    useOverlays.setState((s) => ({ hosts: [...s.hosts, id] }))
    return () => useOverlays.setState((s) => ({ hosts: s.hosts.filter((h) => h !== id) }))
  }, [id])
  useDidShow(() => {
    useOverlays.setState((s) => (s.hosts.includes(id) && s.hosts[s.hosts.length - 1] !== id ? { hosts: [...s.hosts.filter((h) => h !== id), id] } : s))
  })
  return top
}
