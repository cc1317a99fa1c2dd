/** The chat: conversations, messages, agents' on/off switch and the presence leases of server instances. */
import type { Generated } from 'kysely'

export interface ChatConversationsTable {
  id: Generated<number>
  customer_id: string
  customer_type: 'customer' | 'tourist'
  user_id: number | null
  kefu_id: number | null
  status: 'open' | 'queued' | 'closed'
  last_message_id: number | null
  last_message_at: string | null
  /** the service category the chat was opened from (migration 0035); null = general */
  category_id: Generated<number | null>
  /** the visitor's language (migration 0040): canned replies are sent in it */
  lang: Generated<'zh' | 'en'>
  /** since when a visitor's message waits for an agent's answer (null = answered / nothing waiting) */
  waiting_since: Generated<string | null>
  /** the last time an agent closed it, and who (the visitor rates that closing once) */
  closed_at: Generated<string | null>
  closed_by: Generated<number | null>
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
  /** 1 only while status is 'online': the column routing reads */
  online: number
  /** online | away | offline (migration 0035) */
  status: Generated<'online' | 'away' | 'offline'>
  updated_at: string
}

/** who handled a conversation when (migration 0035): routed, queued, transferred */
export interface ChatConversationEventsTable {
  id: Generated<number>
  conversation_id: number
  kind: 'routed' | 'queued' | 'transferred' | 'closed'
  from_kefu_id: number | null
  to_kefu_id: number | null
  category_id: number | null
  actor_id: number | null
  /** the agents' private note (transfer); never sent to the visitor */
  note: string | null
  created_at: string
}

export interface ChatPresenceTable {
  instance_id: string
  party: string
  seen_at: string
}

/** chat files and who uploaded them (migration 0022): "user:<id>" or "tourist:<public id>" */
export interface ChatUploadsTable {
  url: string
  uploader: string
  created_at: string
}

/** canned replies (migration 0040): the owner's own, or shared with every agent */
export interface ChatCannedRepliesTable {
  id: Generated<number>
  owner_id: number
  code: string
  text_zh: string
  text_en: string
  shared: number
  created_at: string
  updated_at: string
}

/** one rating per agent's closing of a conversation (migration 0040) */
export interface ChatRatingsTable {
  id: Generated<number>
  conversation_id: number
  customer_id: string
  closed_at: string
  kefu_id: number | null
  category_id: number | null
  score: number
  comment: string | null
  created_at: string
}

/** an unanswered wait that agents were e-mailed about (migration 0040): once per (kind, subject, since) */
export interface HelpdeskAlertsTable {
  id: Generated<number>
  kind: 'chat' | 'feedback'
  subject_id: number
  since: string
  recipients: number
  created_at: string
}

export interface ChatTables {
  chat_conversations: ChatConversationsTable
  chat_messages: ChatMessagesTable
  chat_agents: ChatAgentsTable
  chat_presence: ChatPresenceTable
  chat_uploads: ChatUploadsTable
  chat_conversation_events: ChatConversationEventsTable
  chat_canned_replies: ChatCannedRepliesTable
  chat_ratings: ChatRatingsTable
  helpdesk_alerts: HelpdeskAlertsTable
}
