/** Message area (notices, the leave-message inbox, subscribers): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { lazyView } from '../lazy-view'

// each view is fetched when its route first opens (views/lazy-view.tsx)
const NoticeView = lazyView(() => import('./notice-view'))
const FeedbackView = lazyView(() => import('./feedback-view'))
const SubscriberView = lazyView(() => import('./subscriber-view'))

export const MESSAGE_VIEWS: Record<string, ComponentType<ViewProps>> = {
  'message/notice/list': NoticeView,
  'message/feedback/list': FeedbackView,
  'message/subscribe/list': SubscriberView,
}
