/** Helpdesk (contracts/helpdesk.ts): canned replies and conversation search for agents; settings and ratings for operations. */
import {
  HELPDESK_API as H,
  type CannedReply,
  type CannedReplyBody,
  type HelpdeskRatingReport,
  type HelpdeskSearchBody,
  type HelpdeskSearchPage,
  type HelpdeskSettings,
} from '@contracts/helpdesk'
import { ADMIN_DICTIONARY_API as DICT, type ServiceAgent, type ServiceCategoryNode } from '@contracts/admin-dictionary'
import { get, post, type Envelope } from './client'

export const cannedList = (keyword?: string): Promise<Envelope<CannedReply[]>> => get<CannedReply[]>(H.cannedList, keyword ? { keyword } : {}, true)
export const cannedSave = (body: CannedReplyBody, id?: number): Promise<Envelope<CannedReply>> =>
  id ? post<CannedReply>(H.cannedEdit, { ...body, id }) : post<CannedReply>(H.cannedAdd, body)
export const cannedDelete = (id: number): Promise<Envelope<{ id: number }>> => post<{ id: number }>(H.cannedDelete, { id })

/** a GET (searching leaves no audit rows): the filters travel as query parameters */
export const searchConversations = (body: HelpdeskSearchBody): Promise<Envelope<HelpdeskSearchPage>> => get<HelpdeskSearchPage>(H.search, body)

export const getHelpdeskSettings = (): Promise<Envelope<HelpdeskSettings>> => get<HelpdeskSettings>(H.settings)
export const saveHelpdeskSettings = (body: Partial<HelpdeskSettings>): Promise<Envelope<HelpdeskSettings>> => post<HelpdeskSettings>(H.settingsSave, body)
export const getRatingReport = (from: string, to: string, tz: string): Promise<Envelope<HelpdeskRatingReport>> => get<HelpdeskRatingReport>(H.ratings, { from, to, tz })

/**
 * The people who may answer chats and the service-category tree, for the transfer and search pickers.
 * Silent, and empty when refused: they need the service-category menu, which not every agent's role
 * holds (the views ask only when the menu holds it; see views/chat/advisor-transfer.tsx holdsMenu).
 */
export const helpdeskAgents = async (): Promise<ServiceAgent[]> => {
  const env = await get<ServiceAgent[]>(DICT.categoryAgents, {}, true)
  return env.code === 200 ? env.result : []
}
export const helpdeskCategories = async (): Promise<ServiceCategoryNode[]> => {
  const env = await get<{ list: ServiceCategoryNode[] }>(DICT.categoryTree, {}, true)
  return env.code === 200 ? env.result.list : []
}
