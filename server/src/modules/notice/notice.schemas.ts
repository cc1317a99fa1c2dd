/** The request schemas the message menu's notice routes and the activity manager's share. */
import { pageQuerySchema } from '../../lib/paging'

const STATUSES = ['pending', 'approved', 'rejected']

export const sendBodySchema = {
  type: 'object',
  required: ['activityId', 'title', 'content', 'sendMode'],
  properties: {
    activityId: { type: 'integer', minimum: 1 },
    title: { type: 'string', maxLength: 200 },
    content: { type: 'string', maxLength: 5000 },
    statuses: { type: 'array', items: { type: 'string', enum: STATUSES }, maxItems: 3 },
    sendMode: { type: 'string', enum: ['now', 'fixed'] },
    sendAt: { type: ['string', 'null'], maxLength: 40 },
  },
} as const

export const historyQuerySchema = {
  type: 'object',
  required: ['noticeId'],
  properties: {
    ...pageQuerySchema,
    noticeId: { type: 'integer', minimum: 1 },
    keyword: { type: 'string', maxLength: 100 },
    status: { type: 'string', enum: ['', 'pending', 'sending', 'sent', 'failed', 'skipped'] },
  },
} as const

export const previewQuerySchema = {
  type: 'object',
  required: ['activityId'],
  properties: { activityId: { type: 'integer', minimum: 1 }, statuses: { type: 'string', maxLength: 60 } },
} as const

export type HistoryQuery = { page?: number; pageSize?: number; noticeId: number; keyword?: string; status?: string }
export type PreviewQuery = { activityId: number; statuses?: string }
export const statusList = (raw?: string) => raw?.split(',').filter(Boolean)
