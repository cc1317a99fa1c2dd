/**
 * The app's toasts: `toast(title)` from anywhere (shared code too); the overlay host of the page on top
 * (components/overlays) draws the current one with taro-ui's AtToast, on H5 and in the mini-program. A new
 * toast replaces the one showing, as Taro.showToast does. The toast keeps its end time, so a navigation
 * right after it (log in, then home) shows it on the next page for the time it has left.
 */
import { create } from 'zustand'

export interface ToastOptions {
  /** 'success': taro-ui's success picture above the text; default: the text alone */
  icon?: 'none' | 'success'
  /** ms; default 1500 like Taro.showToast */
  duration?: number
}

export interface ToastItem {
  id: number
  title: string
  icon: 'none' | 'success'
  /** Date.now() at which it goes */
  until: number
}

export const useToast = create<{ current: ToastItem | null }>(() => ({ current: null }))

let nextId = 0

/** Shows `title`; answers its id (for hideToast once what it says no longer holds), or 0 for an empty title. */
export function toast(title: string, { icon = 'none', duration = 1500 }: ToastOptions = {}): number {
  if (!title) return 0
  useToast.setState({ current: { id: ++nextId, title, icon, until: Date.now() + duration } })
  return nextId
}

/** Hides the toast `id` (the host, when its time is up or it is tapped), or whichever shows. */
export function hideToast(id?: number): void {
  const current = useToast.getState().current
  if (current && (id === undefined || current.id === id)) useToast.setState({ current: null })
}
