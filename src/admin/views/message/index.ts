/** Message area (notices, the leave-message inbox, subscribers): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import NoticeView from './notice-view'
import FeedbackView from './feedback-view'
import SubscriberView from './subscriber-view'

export const MESSAGE_VIEWS: Record<string, ComponentType<ViewProps>> = {
  'message/notice/list': NoticeView,
  'message/feedback/list': FeedbackView,
  'message/subscribe/list': SubscriberView,
}
