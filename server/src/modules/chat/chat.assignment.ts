/**
 * Who answers whom: a customer's conversation goes to the least-loaded available agent; an agent going
 * offline hands its open conversations over (or back to the queue); an agent coming online takes the
 * queued conversations of connected customers. Every change is a conditional write (repo.assign), so two
 * instances never assign one conversation twice.
 */
import type { KefuResponse } from '@contracts/chat'
import type { ChatHubCore } from './chat.hub-core'
import type { ChatViews } from './chat.views'

export class ChatAssignment {
  constructor(
    private readonly hub: ChatHubCore,
    private readonly views: ChatViews,
  ) {}

  private async pickAgent(exclude?: number) {
    const agents = (await this.hub.repo.availableAgents(this.hub.leaseStart())).filter((a) => a.id !== exclude)
    if (!agents.length) return null
    const loads = await this.hub.repo.loads(agents.map((a) => a.id))
    agents.sort((a, b) => (loads.get(a.id) ?? 0) - (loads.get(b.id) ?? 0) || a.id - b.id)
    return agents[0]
  }

  private kefuUp(agent: { id: number; nick_name: string; avatar_url: string | null }, customerId: string): KefuResponse {
    return { status: 'kefu_up', keFuId: agent.id, name: agent.nick_name, url: agent.avatar_url, customerId }
  }

  /**
   * A customer announced itself: its conversation keeps its agent while that one is available, else goes
   * to the least-loaded available agent; false = nobody is available (the conversation waits, queued).
   */
  async announce(customerId: string, type: 'customer' | 'tourist', userId: number | null): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const conv = await this.hub.repo.ensureConversation(customerId, type, userId, this.hub.nowIso())
      const available = await this.hub.repo.availableAgents(this.hub.leaseStart())
      const current = conv.kefu_id != null ? available.find((a) => a.id === conv.kefu_id) : undefined
      if (current) {
        if (conv.status !== 'open') await this.hub.repo.setStatus(conv.id, 'open', this.hub.nowIso())
        await this.hub.publish(`c:${customerId}`, { kefu_response: this.kefuUp(current, customerId) })
        await this.notifyAssigned(current.id, customerId)
        return true
      }
      const agent = await this.pickAgent()
      if (!agent) {
        await this.hub.repo.setStatus(conv.id, 'queued', this.hub.nowIso(), null)
        return false
      }
      if (await this.hub.repo.assign(conv.id, conv.kefu_id, agent.id, this.hub.nowIso())) {
        await this.hub.publish(`c:${customerId}`, { kefu_response: this.kefuUp(agent, customerId) })
        await this.notifyAssigned(agent.id, customerId)
        return true
      }
      // another instance changed the assignment meanwhile: read again
    }
    return false
  }

  private async notifyAssigned(kefuId: number, customerId: string) {
    const conv = await this.views.conversationView(customerId)
    if (conv) await this.hub.publish(`k:${kefuId}`, { type: 'assigned', conversation: conv })
  }

  async setAgentOnline(userId: number, online: boolean) {
    await this.hub.repo.setAgentOnline(userId, online, this.hub.nowIso())
    await this.hub.publish(`k:${userId}`, { type: 'kefu_state', online })
    if (online) await this.claimQueued()
    else await this.handOver(userId)
  }

  /** Queued conversations whose customer is connected go to the least-loaded available agents. */
  async claimQueued() {
    const queued = await this.hub.repo.queuedConversations()
    if (!queued.length) return
    const live = await this.hub.repo.presentParties(queued.map((q) => `c:${q.customer_id}`), this.hub.leaseStart())
    for (const conv of queued) {
      if (!live.has(`c:${conv.customer_id}`)) continue
      const agent = await this.pickAgent()
      if (!agent) return
      if (await this.hub.repo.assign(conv.id, conv.kefu_id, agent.id, this.hub.nowIso())) {
        await this.hub.publish(`c:${conv.customer_id}`, { kefu_response: this.kefuUp(agent, conv.customer_id) })
        await this.notifyAssigned(agent.id, conv.customer_id)
      }
    }
  }

  /** An agent went offline: each open conversation goes to another agent, or back to the queue (kefu_down). */
  async handOver(kefuId: number) {
    const open = await this.hub.repo.openConversationsOf(kefuId)
    for (const conv of open) {
      const agent = await this.pickAgent(kefuId)
      await this.hub.publish(`k:${kefuId}`, { type: 'unassigned', customerId: conv.customer_id })
      if (agent && (await this.hub.repo.assign(conv.id, kefuId, agent.id, this.hub.nowIso()))) {
        await this.hub.publish(`c:${conv.customer_id}`, { kefu_response: this.kefuUp(agent, conv.customer_id) })
        await this.notifyAssigned(agent.id, conv.customer_id)
      } else {
        await this.hub.repo.setStatus(conv.id, 'queued', this.hub.nowIso(), null)
        await this.hub.publish(`c:${conv.customer_id}`, { kefu_response: { status: 'kefu_down', customerId: conv.customer_id } })
      }
    }
  }
}
