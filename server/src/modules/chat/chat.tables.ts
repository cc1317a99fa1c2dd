/**
 * Row types of the chat tables (migration 2026-11-22-0006-chat). Kept in the module and attached with
 * `db.withTables<ChatTables>()`, so the shared schema.ts needs no edit.
 */
import type { Generated, Kysely } from 'kysely'
import type { Database } from '../../db/database'
import type { DB } from '../../db/schema'

export interface ChatConversationsTable {
  id: Generated<number>
  customer_id: string
  customer_type: 'customer' | 'tourist'
  user_id: number | null
  kefu_id: number | null
  status: 'open' | 'queued' | 'closed'
  last_message_id: number | null
  last_message_at: string | null
  created_at: string
  updated_at: string
}

export interface ChatMessagesTable {
  id: Generated<number>
  conversation_id: number
  customer_id: string
  send_id: string
  send_type: 'customer' | 'tourist' | 'kefu'
  msg_type: 'text' | 'image' | 'video' | 'audio' | 'file'
  msg_content: string
  url: string | null
  client_msg_id: string | null
  send_time: string
  read_at: string | null
}

export interface ChatAgentsTable {
  user_id: number
  online: number
  updated_at: string
}

export interface ChatPresenceTable {
  instance_id: string
  party: string
  seen_at: string
}

export type ChatTables = {
  chat_conversations: ChatConversationsTable
  chat_messages: ChatMessagesTable
  chat_agents: ChatAgentsTable
  chat_presence: ChatPresenceTable
}

export type ChatDb = Kysely<DB & ChatTables>

export function chatDb(db: Database): ChatDb {
  return db.withTables<ChatTables>()
}
