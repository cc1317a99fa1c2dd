/**
 * Typed client of the chat REST calls (CHAT_API in src/shared/contracts/chat.ts) and of the
 * leave-message call (FEEDBACK_API, built by the feedback inbox). Tourists prove who they are with the
 * signed tourist id kept in session storage; logged-in users with their token (added by ./request).
 */
import Taro from '@tarojs/taro'
import { apiUrl, http, type Envelope } from './request'
import { assetUrl } from './asset-url'
import { STORAGE_KEYS, getItem, getToken, setItem } from '../storage'
import type { Page } from '@contracts/api'
import { CHAT_API, CHAT_PAGE_SIZE, type AgentStatus, type ChatConversation, type ChatHistoryResult, type ChatMessage } from '@contracts/chat'
import { FEEDBACK_API, type LeaveMessageBody, type LeaveMessageResult } from '@contracts/feedback'

/** The stored tourist id, or a new one from the server (null when the server fails: result -1). */
export async function touristId(): Promise<string | null> {
  const kept = getItem<string>(STORAGE_KEYS.touristId)
  if (kept && typeof kept === 'string') return kept
  const env = await http.get<string | number>(CHAT_API.newTouristId)
  if (env.code !== 200 || typeof env.result !== 'string') return null
  setItem(STORAGE_KEYS.touristId, env.result)
  return env.result
}

/** Who the REST calls speak for: the token's user, or the tourist. */
function who(extra: Record<string, unknown>): Record<string, unknown> {
  if (getToken()) return extra
  const tid = getItem<string>(STORAGE_KEYS.touristId)
  return tid ? { ...extra, touristId: tid } : extra
}

export function listMessages(customerId?: string, page = 1, pageSize = CHAT_PAGE_SIZE): Promise<Envelope<Page<ChatMessage>>> {
  return http.post<Page<ChatMessage>>(CHAT_API.list, who({ customerId, page, pageSize }))
}

export function historyMessages(beforeId: number, customerId?: string, pageSize = CHAT_PAGE_SIZE): Promise<Envelope<ChatHistoryResult>> {
  return http.post<ChatHistoryResult>(CHAT_API.history, who({ customerId, id: beforeId, pageSize }))
}

export function readMessages(customerId?: string, id?: number): Promise<Envelope<{ count: number; upToId: number }>> {
  return http.post<{ count: number; upToId: number }>(CHAT_API.read, who({ customerId, id }))
}

export function listByKeFu(page = 1, pageSize = CHAT_PAGE_SIZE, keyword?: string): Promise<Envelope<Page<ChatConversation> & { online: boolean; status?: AgentStatus }>> {
  return http.post(CHAT_API.listByKeFu, { page, pageSize, keyword })
}

export function leaveMessage(body: LeaveMessageBody): Promise<Envelope<LeaveMessageResult>> {
  return http.post<LeaveMessageResult>(FEEDBACK_API.add, body)
}

export type ChatUploadOutcome = { ok: true; url: string } | { ok: false; reason: 'tooLarge' | 'failed' }

/** Upload one chosen file (a temp path or a blob URL) to the chat upload (100 MB). */
export async function uploadChatFile(filePath: string, name: string): Promise<ChatUploadOutcome> {
  const token = getToken()
  const tid = token ? null : getItem<string>(STORAGE_KEYS.touristId)
  try {
    const res = await Taro.uploadFile({
      url: `${apiUrl(CHAT_API.upload)}${tid ? `?touristId=${encodeURIComponent(tid)}` : ''}`,
      filePath,
      name: 'file',
      fileName: name,
      header: token ? { Authorization: `Bearer ${token}` } : {},
    } as Taro.uploadFile.Option)
    const body = (typeof res.data === 'string' ? JSON.parse(res.data) : res.data) as Envelope<string>
    if (body && body.code === 200 && typeof body.result === 'string') return { ok: true, url: body.result }
    const reason = (body?.result as { reason?: string } | null)?.reason
    return { ok: false, reason: reason === 'tooLarge' ? 'tooLarge' : 'failed' }
  } catch {
    return { ok: false, reason: 'failed' }
  }
}

/** An uploaded chat file's absolute URL (uploads share the API's origin). */
export function chatFileUrl(url: string | null): string {
  return assetUrl(url)
}
