/**
 * Typed client of the raffle API (RAFFLE_API in src/shared/contracts/raffle.ts). Reads resolve with
 * `result` on code 200 and reject with RaffleApiError otherwise. The draw answers the whole envelope
 * without the generic warning (the page shows 640–644 in place) and retries once with the same client key
 * when the network fails, so a lost answer never costs a second draw.
 */
import { http, request, HttpError, type Envelope } from './request'
import type { Page } from '@contracts/api'
import { RAFFLE_API, type MyPrize, type RaffleBrief, type RaffleDrawResult, type RaffleView } from '@contracts/raffle'

export class RaffleApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message || `code ${code}`)
    this.name = 'RaffleApiError'
  }
}

function unwrap<T>(env: Envelope<T>): T {
  if (env.code !== 200) throw new RaffleApiError(env.code, env.message)
  return env.result
}

export async function getRaffle(id: number): Promise<RaffleView> {
  return unwrap(await http.get<RaffleView>(RAFFLE_API.info, { id }))
}

export async function getActivityRaffles(activityId: number): Promise<RaffleBrief[]> {
  return unwrap(await request<RaffleBrief[]>({ url: RAFFLE_API.ofActivity, method: 'GET', data: { activityId }, silent: true }))
}

export async function getMyPrizes(page: number, pageSize: number): Promise<Page<MyPrize>> {
  return unwrap(await http.get<Page<MyPrize>>(RAFFLE_API.myPrizes, { page, pageSize }))
}

/** a fresh key per draw (not a secret: it only makes a retry idempotent) */
export function newClientKey(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}${Math.random().toString(36).slice(2, 8)}`.replace(/[^A-Za-z0-9]/g, '')
}

export async function drawRaffle(raffleId: number, clientKey: string = newClientKey()): Promise<Envelope<RaffleDrawResult>> {
  const send = () => request<RaffleDrawResult>({ url: RAFFLE_API.draw, method: 'POST', data: { raffleId, clientKey }, silent: true })
  try {
    return await send()
  } catch (e) {
    // only a lost answer (network, gateway) is retried; a 401 goes through the login flow
    if (!(e instanceof HttpError) || (e.status !== 0 && e.status < 500)) throw e
    return send()
  }
}
