/** Raffle area: raffles, gifts, draw times, winners (claim, Excel export, close early). */
import {
  ADMIN_RAFFLE_API as R,
  type AdminRaffle,
  type AdminRaffleBody,
  type AdminRaffleCandidate,
  type AdminRaffleGift,
  type AdminRaffleGiftBody,
  type AdminRaffleGrantBody,
  type AdminRaffleTimes,
  type AdminRaffleWinner,
  type RaffleActivityOption,
} from '@contracts/raffle'
import type { Page } from '@contracts/api'
import { download, saveFile } from './transfer'
import { get, lister, post } from './client'

export const listRaffles = lister<AdminRaffle>(R.list)
export const raffleActivities = (keyword?: string) => get<Page<RaffleActivityOption>>(R.activities, { pageSize: 30, ...(keyword ? { keyword } : {}) })
/** silent: the form shows a 301 on the field it names */
export const addRaffle = (body: AdminRaffleBody) => post<AdminRaffle>(R.add, body, true)
export const updateRaffle = (id: number, body: AdminRaffleBody) => post<AdminRaffle>(R.update, { id, ...body }, true)
export const closeRaffle = (id: number) => post<AdminRaffle>(R.close, { id })

export const listRaffleGifts = (raffleId: number) => get<AdminRaffleGift[]>(R.gifts, { raffleId })
export const addRaffleGift = (body: AdminRaffleGiftBody) => post<AdminRaffleGift>(R.giftAdd, body)
export const updateRaffleGift = (id: number, body: AdminRaffleGiftBody) => post<AdminRaffleGift>(R.giftUpdate, { id, ...body })
export const deleteRaffleGift = (id: number) => post<null>(R.giftDelete, { id })

export const listRaffleTimes = lister<AdminRaffleTimes>(R.times)
export const raffleCandidates = (raffleId: number, keyword?: string) => get<AdminRaffleCandidate[]>(R.candidates, { raffleId, ...(keyword ? { keyword } : {}) })
export const grantRaffleTimes = (body: AdminRaffleGrantBody) => post<AdminRaffleTimes>(R.grant, body)

export const listRaffleWinners = lister<AdminRaffleWinner>(R.winners)
export const claimRafflePrize = (id: number, claimed: boolean) => post<AdminRaffleWinner>(R.claim, { id, claimed })

/** Download the filtered winners as .xlsx (labels in `lang`) and save it; resolves with the file name. */
export async function exportRaffleWinners(query: { raffleId: number; keyword?: string; giftId?: number; claimed?: string }, lang: 'zh' | 'en'): Promise<string> {
  const file = await download(R.export, query, { header: { lang }, filename: `raffle-winners-${query.raffleId}.xlsx` })
  if (!file.type.includes('spreadsheetml')) throw new Error(`export answered ${file.type}`)
  saveFile(file)
  return file.filename
}
