/**
 * Who answers whom: a customer's conversation goes to the least-loaded online agent of its service
 * category (the category's and its sub-categories' service agents), else to the least-loaded online agent,
 * else waits queued (unanswered); an agent going offline hands its open conversations over (or back to
 * the queue); an agent coming online takes the queued conversations of connected customers. Away agents
 * keep what they hold and get nothing new. Every change is a conditional write (repo.assign), so two
 * instances never assign one conversation twice; each assignment is recorded in the handling history.
 */
import type { AgentStatus, ChatHandlingEvent, KefuResponse } from '@contracts/chat'
import type { ChatHubCore } from './chat.hub-core'
import type { ChatViews } from './chat.views'

type Agent = { id: number; nick_name: string; avatar_url: string | null }

export class ChatAssignment {
  constructor(
    private readonly hub: ChatHubCore,
    private readonly views: ChatViews,
  ) {}

  /**
   * the category's online agents with room (under the concurrent limit) if any, else every online agent
   * with room; least loaded first; null = nobody online has room
   */
  private async pickAgent(categoryId: number | null, exclude?: number): Promise<Agent | null> {
    let agents = (await this.hub.repo.availableAgents(this.hub.leaseStart())).filter((a) => a.id !== exclude)
    if (!agents.length) return null
    const limit = await this.limit()
    const loads = await this.hub.repo.loads(agents.map((a) => a.id))
    agents = agents.filter((a) => (loads.get(a.id) ?? 0) < limit)
    if (!agents.length) return null
    if (categoryId != null) {
      const ofCategory = await this.hub.repo.categoryAgentIds(categoryId)
      const mine = agents.filter((a) => ofCategory.has(a.id))
      if (mine.length) agents = mine
    }
    agents.sort((a, b) => (loads.get(a.id) ?? 0) - (loads.get(b.id) ?? 0) || a.id - b.id)
    return agents[0]
  }

  /** conversations one agent may hold at once (helpdesk settings) */
  private async limit(): Promise<number> {
    return (await this.hub.settings.get()).maxConcurrent
  }

  private kefuUp(agent: Agent, customerId: string): KefuResponse {
    return { status: 'kefu_up', keFuId: agent.id, name: agent.nick_name, url: agent.avatar_url, customerId }
  }

  /** the conditional write plus its history row; false = another instance changed it first */
  private async assign(convId: number, from: number | null, to: Agent, categoryId: number | null): Promise<boolean> {
    if (!(await this.hub.repo.assign(convId, from, to.id, this.hub.nowIso(), await this.limit()))) return false
    await this.hub.repo.addEvent({ conversation_id: convId, kind: 'routed', from_kefu_id: from, to_kefu_id: to.id, category_id: categoryId, actor_id: null, note: null, created_at: this.hub.nowIso() })
    return true
  }

  private async queue(convId: number, from: number | null, categoryId: number | null) {
    await this.hub.repo.setStatus(convId, 'queued', this.hub.nowIso(), null)
    await this.hub.repo.addEvent({ conversation_id: convId, kind: 'queued', from_kefu_id: from, to_kefu_id: null, category_id: categoryId, actor_id: null, note: null, created_at: this.hub.nowIso() })
  }

  /**
   * A customer announced itself (categoryId: the entrance's category, undefined = keep the one it has):
   * its conversation keeps its agent while that one is online (and of the category asked for), else goes
   * to the least-loaded online agent of the category, else of any; false = nobody is online (queued).
   */
  async announce(customerId: string, type: 'customer' | 'tourist', userId: number | null, categoryId?: number): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      let conv = await this.hub.repo.ensureConversation(customerId, type, userId, this.hub.nowIso())
      if (categoryId !== undefined && conv.category_id !== categoryId) {
        await this.hub.repo.setCategory(conv.id, categoryId)
        conv = { ...conv, category_id: categoryId }
      }
      const category = conv.category_id
      const available = await this.hub.repo.availableAgents(this.hub.leaseStart())
      let current = conv.kefu_id != null ? available.find((a) => a.id === conv.kefu_id) : undefined
      // a new entrance's category moves the conversation to that category's agents when one is online
      if (current && categoryId !== undefined && categoryId !== null) {
        const ofCategory = await this.hub.repo.categoryAgentIds(categoryId)
        if (!ofCategory.has(current.id) && available.some((a) => ofCategory.has(a.id))) current = undefined
      }
      if (current) {
        if (conv.status !== 'open') await this.hub.repo.setStatus(conv.id, 'open', this.hub.nowIso())
        await this.hub.publish(`c:${customerId}`, { kefu_response: this.kefuUp(current, customerId) })
        await this.notifyAssigned(current.id, customerId)
        return true
      }
      const agent = await this.pickAgent(category)
      if (!agent) {
        // one 'queued' row per wait, not one per reconnect of the waiting visitor
        if (conv.status !== 'queued' || conv.kefu_id != null || (await this.hub.repo.lastEventKind(conv.id)) !== 'queued') await this.queue(conv.id, conv.kefu_id, category)
        return false
      }
      const previous = conv.kefu_id
      if (await this.assign(conv.id, previous, agent, category)) {
        if (previous != null && previous !== agent.id) await this.hub.publish(`k:${previous}`, { type: 'unassigned', customerId })
        await this.hub.publish(`c:${customerId}`, { kefu_response: this.kefuUp(agent, customerId) })
        await this.notifyAssigned(agent.id, customerId)
        return true
      }
      // another instance changed the assignment meanwhile: read again
    }
    return false
  }

  private async notifyAssigned(kefuId: number, customerId: string, transfer?: { fromKefuId: number; fromName: string; note: string | null }) {
    const conv = await this.views.conversationView(customerId)
    if (conv) await this.hub.publish(`k:${kefuId}`, { type: 'assigned', conversation: conv, ...(transfer ? { transfer } : {}) })
  }

  /**
   * An agent hands a conversation it holds to another online agent, or to an online agent of a category
   * (least busy first); the note goes to the history and the receiving agent only. Returns an error code
   * (nothing changed) or the receiving agent.
   */
  async transfer(
    fromKefuId: number,
    customerId: string,
    target: { toKefuId?: number; categoryId?: number },
    note: string | null,
  ): Promise<{ code: number } | { agent: Agent }> {
    const conv = await this.hub.repo.conversation(customerId)
    if (!conv || conv.kefu_id !== fromKefuId || conv.status !== 'open') return { code: 422 }
    const available = await this.hub.repo.availableAgents(this.hub.leaseStart())
    const limit = await this.limit()
    let agent: Agent | undefined
    if (target.toKefuId !== undefined) {
      if (target.toKefuId === fromKefuId) return { code: 422 }
      agent = available.find((a) => a.id === target.toKefuId)
      if (agent && ((await this.hub.repo.loads([agent.id])).get(agent.id) ?? 0) >= limit) return { code: 686 }
    } else {
      const ofCategory = await this.hub.repo.categoryAgentIds(target.categoryId!)
      // a category nobody serves (no service agent configured) is 607, not "nobody online"
      if (![...ofCategory].some((id) => id !== fromKefuId)) return { code: 607 }
      const online = available.filter((a) => a.id !== fromKefuId && ofCategory.has(a.id))
      const loads = await this.hub.repo.loads(online.map((a) => a.id))
      const candidates = online.filter((a) => (loads.get(a.id) ?? 0) < limit)
      if (online.length && !candidates.length) return { code: 686 }
      agent = candidates.sort((a, b) => (loads.get(a.id) ?? 0) - (loads.get(b.id) ?? 0) || a.id - b.id)[0]
    }
    if (!agent) return { code: 436 }
    const now = this.hub.nowIso()
    // the conditional write: only while the sender still holds it (another instance may have moved it)
    // and the receiver has room
    if (!(await this.hub.repo.assign(conv.id, fromKefuId, agent.id, now, limit))) {
      const still = await this.hub.repo.conversation(customerId)
      return { code: still?.kefu_id === fromKefuId ? 686 : 422 }
    }
    if (target.categoryId !== undefined) await this.hub.repo.setCategory(conv.id, target.categoryId)
    await this.hub.repo.addEvent({ conversation_id: conv.id, kind: 'transferred', from_kefu_id: fromKefuId, to_kefu_id: agent.id, category_id: target.categoryId ?? conv.category_id, actor_id: fromKefuId, note, created_at: now })
    const from = await this.hub.repo.userProfile(fromKefuId)
    await this.hub.publish(`k:${fromKefuId}`, { type: 'unassigned', customerId })
    await this.hub.publish(`c:${customerId}`, { kefu_response: this.kefuUp(agent, customerId) })
    await this.notifyAssigned(agent.id, customerId, { fromKefuId, fromName: from?.nick_name ?? '', note })
    return { agent }
  }

  /** who handled the conversation when (agents only: the notes are private) */
  async history(conversationId: number): Promise<ChatHandlingEvent[]> {
    const rows = await this.hub.repo.events(conversationId)
    const ids = [...new Set(rows.flatMap((r) => [r.from_kefu_id, r.to_kefu_id]).filter((x): x is number => x != null))]
    const names = await this.hub.repo.nickNames(ids)
    return rows.map((r) => ({
      kind: r.kind,
      fromKefuId: r.from_kefu_id,
      fromName: r.from_kefu_id != null ? (names.get(r.from_kefu_id) ?? null) : null,
      toKefuId: r.to_kefu_id,
      toName: r.to_kefu_id != null ? (names.get(r.to_kefu_id) ?? null) : null,
      note: r.note,
      time: r.created_at,
    }))
  }

  /** online: takes queued conversations; away: keeps its own, gets none; offline: hands its own over */
  async setAgentStatus(userId: number, status: AgentStatus) {
    await this.hub.repo.setAgentStatus(userId, status, this.hub.nowIso())
    await this.hub.publish(`k:${userId}`, { type: 'kefu_state', online: status === 'online', status })
    if (status === 'online') await this.claimQueued()
    else if (status === 'offline') await this.handOver(userId)
  }

  /** Queued conversations whose customer is connected go to the least-loaded online agents (of their category first). */
  async claimQueued() {
    const queued = await this.hub.repo.queuedConversations()
    if (!queued.length) return
    const live = await this.hub.repo.presentParties(queued.map((q) => `c:${q.customer_id}`), this.hub.leaseStart())
    for (const conv of queued) {
      if (!live.has(`c:${conv.customer_id}`)) continue
      const agent = await this.pickAgent(conv.category_id)
      if (!agent) return
      if (await this.assign(conv.id, conv.kefu_id, agent, conv.category_id)) {
        await this.hub.publish(`c:${conv.customer_id}`, { kefu_response: this.kefuUp(agent, conv.customer_id) })
        await this.notifyAssigned(agent.id, conv.customer_id)
      }
    }
  }

  /** An agent went offline: each open conversation goes to another agent, or back to the queue (kefu_down). */
  async handOver(kefuId: number) {
    const open = await this.hub.repo.openConversationsOf(kefuId)
    for (const conv of open) {
      const agent = await this.pickAgent(conv.category_id, kefuId)
      await this.hub.publish(`k:${kefuId}`, { type: 'unassigned', customerId: conv.customer_id })
      if (agent && (await this.assign(conv.id, kefuId, agent, conv.category_id))) {
        await this.hub.publish(`c:${conv.customer_id}`, { kefu_response: this.kefuUp(agent, conv.customer_id) })
        await this.notifyAssigned(agent.id, conv.customer_id)
      } else {
        await this.queue(conv.id, kefuId, conv.category_id)
        await this.hub.publish(`c:${conv.customer_id}`, { kefu_response: { status: 'kefu_down', customerId: conv.customer_id } })
      }
    }
  }
}
