import { formatAtOffset, parseUtcOffset } from '../../shared/format'
import type { RaffleBrief } from '@contracts/raffle'

/** the draw window in the raffle's own zone: '2026-11-24 09:00 – 2027-01-23 09:00 (UTC+08:00)' */
export function raffleWindow(r: Pick<RaffleBrief, 'startTime' | 'endTime' | 'timeZone'>): string {
  const offset = parseUtcOffset(r.timeZone) ?? 0
  return `${formatAtOffset(r.startTime, offset)} – ${formatAtOffset(r.endTime, offset)} (${r.timeZone})`
}

export type RafflePhase = 'closed' | 'upcoming' | 'running' | 'ended'

export function rafflePhase(r: Pick<RaffleBrief, 'startTime' | 'endTime' | 'status'>, now: number = Date.now()): RafflePhase {
  if (r.status === 'closed') return 'closed'
  if (now < Date.parse(r.startTime)) return 'upcoming'
  if (now >= Date.parse(r.endTime)) return 'ended'
  return 'running'
}
