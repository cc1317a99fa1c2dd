/**
 * What the assignment and the views use of the hub, in a file of its own: the hub builds both of them,
 * so their naming the hub itself would tie the three files into one import circle.
 */
import type { ChatServerFrame } from '@contracts/chat'
import type { ChatRepository } from './chat.repository'
import type { HelpdeskSettingsStore } from './helpdesk.settings'

export interface ChatHubCore {
  readonly repo: ChatRepository
  /** alert delay, concurrent-conversation limit, business hours */
  readonly settings: HelpdeskSettingsStore
  nowIso(): string
  /** presence rows seen since then belong to live instances */
  leaseStart(): string
  publish(party: string, frame: ChatServerFrame): Promise<void>
}
