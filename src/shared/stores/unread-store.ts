/**
 * The unread count of the person's inbox, shared by the tab bar, the desktop header and the centre.
 * Read when a page shows (not polled), at most every REFRESH_MS unless forced (after marking read);
 * zero without a login. The mini-program's native tab bar shows it as the "me" tab's badge.
 */
import { create } from 'zustand'
import { inboxUnread } from '../api/notification'
import { getToken } from '../storage'
import { setCenterBadge } from '../platform/tab-bar'
import { useAuth } from './auth-store'

const REFRESH_MS = 15_000

interface UnreadState {
  count: number
  readAt: number
  /** re-read the count (when `force` or older than REFRESH_MS) */
  refresh(force?: boolean): Promise<void>
  set(count: number): void
}

export const useUnread = create<UnreadState>((set, get) => ({
  count: 0,
  readAt: 0,
  async refresh(force = false) {
    if (!getToken()) return get().set(0)
    // a recent count is shown again: the mini-program's native badge may not have taken on a page outside the tab bar
    if (!force && Date.now() - get().readAt < REFRESH_MS) return setCenterBadge(get().count)
    set({ readAt: Date.now() })
    try {
      const env = await inboxUnread()
      if (env.code === 200) get().set(env.result.count)
    } catch {
      // offline: keep the last count
    }
  },
  set(count) {
    set({ count })
    setCenterBadge(count)
  },
}))

// another login (or none): the badges clear at once, and the next page shown reads the new person's count
useAuth.subscribe((s, prev) => {
  if (s.token === prev.token) return
  useUnread.setState({ readAt: 0 })
  useUnread.getState().set(0)
})
