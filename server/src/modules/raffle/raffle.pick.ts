/**
 * The weighted pick of one draw: each gift with stock left weighs its weight, "no prize" weighs its own,
 * and one integer is drawn uniformly from [0, total) by the operating system's cryptographic source
 * (crypto.randomInt rejects biased values, so no modulo bias). Pure apart from the random source, so the
 * fairness test can run it 100,000 times without the database.
 */
import crypto from 'node:crypto'

export interface PickCandidate {
  id: number
  weight: number
}

export type RandomInt = (maxExclusive: number) => number

export const cryptoRandomInt: RandomInt = (max) => crypto.randomInt(max)

/** the id of the gift won, or null for "no prize" (also when every weight is 0) */
export function pickGift(candidates: readonly PickCandidate[], noPrizeWeight: number, random: RandomInt = cryptoRandomInt): number | null {
  const live = candidates.filter((c) => c.weight > 0)
  const total = live.reduce((sum, c) => sum + c.weight, 0) + Math.max(0, noPrizeWeight)
  if (total <= 0) return null
  let ticket = random(total)
  for (const c of live) {
    if (ticket < c.weight) return c.id
    ticket -= c.weight
  }
  return null
}
