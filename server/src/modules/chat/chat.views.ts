/** The agent's view of conversations: name, unread count, presence, last message and tags. */
import type { ChatConversation } from '@contracts/chat'
import { toMessage, type ConversationRow } from './chat.repository'
import type { ChatHubCore } from './chat.hub-core'

export class ChatViews {
  constructor(private readonly hub: ChatHubCore) {}

  async conversationView(customerId: string): Promise<ChatConversation | null> {
    const conv = await this.hub.repo.conversation(customerId)
    if (!conv) return null
    const [view] = await this.conversationViews([
      { id: conv.id, customer_id: conv.customer_id, customer_type: conv.customer_type, status: conv.status, last_message_id: conv.last_message_id, last_message_at: conv.last_message_at, user_id: conv.user_id, lang: conv.lang, category_id: conv.category_id },
    ])
    return view
  }

  async conversationViews(
    rows: Array<{ id: number; customer_id: string; customer_type: 'customer' | 'tourist'; status: ConversationRow['status']; last_message_id: number | null; last_message_at: string | null; user_id?: number | null; nick_name?: string | null; avatar_url?: string | null; email?: string | null; lang?: 'zh' | 'en'; category_id?: number | null }>,
  ): Promise<ChatConversation[]> {
    const ids = rows.map((r) => r.customer_id)
    const [unread, live, last] = await Promise.all([
      this.hub.repo.unreadCounts(ids, 'kefu'),
      this.hub.repo.presentParties(ids.map((id) => `c:${id}`), this.hub.leaseStart()),
      this.hub.repo.messagesByIds(rows.map((r) => r.last_message_id).filter((x): x is number => x != null)),
    ])
    const lastById = new Map(last.map((m) => [m.id, toMessage(m)]))
    const out: ChatConversation[] = []
    for (const r of rows) {
      let name = r.nick_name ?? null
      let avatarUrl = r.avatar_url ?? null
      let email = r.email ?? null
      if (r.customer_type === 'customer' && name == null && r.user_id) {
        const u = await this.hub.repo.userProfile(r.user_id)
        name = u?.nick_name ?? null
        avatarUrl = u?.avatar_url ?? null
        email = u?.email ?? null
      }
      const online = live.has(`c:${r.customer_id}`)
      const unreadN = unread.get(r.customer_id) ?? 0
      const tags: string[] = [r.customer_type, online ? 'online' : 'offline']
      if (unreadN) tags.push('unread')
      out.push({
        customerId: r.customer_id,
        customerType: r.customer_type,
        name: name ?? r.customer_id,
        avatarUrl,
        email,
        status: r.status,
        online,
        unread: unreadN,
        lastMessage: r.last_message_id != null ? (lastById.get(r.last_message_id) ?? null) : null,
        lastTime: r.last_message_at,
        tags,
        ...(r.lang ? { lang: r.lang } : {}),
        ...(r.category_id !== undefined ? { categoryId: r.category_id } : {}),
      })
    }
    return out
  }
}
