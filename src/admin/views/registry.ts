/**
 * Menu `component` keys → view components: the one map the shell reads. Each area lists its views in
 * views/<area>/index.ts; a key with no entry renders the admin 404 view.
 * Every area's views are lazy (views/lazy-view.tsx): a view's code, and the antd components only it uses,
 * are fetched when its route first opens (config/admin.ts splits chunks by use). The home view is imported
 * eagerly: the first screen after login needs it at once. The 404 view is lazy too (antd's Result, with
 * its pictures, is not on the first screen).
 * The shell starts fetching the opened view's code as soon as its own code runs (preloadView, from the
 * stored menu), and once the first view has settled fetches the other views' code while the browser is
 * idle (prefetchViews), so a menu click waits only for the view's data (tests/bench/admin-speed.mjs).
 */
import type { View } from './view-props'
import HomeView from './home/home-view'
import { lazyView } from './lazy-view'
import { SYSTEM_VIEWS } from './system'
import { DICTIONARY_VIEWS } from './dictionary'
import { CMS_VIEWS } from './cms'
import { SITE_VIEWS } from './site'
import { ACTIVITY_VIEWS } from './activity'
import { ENROLLMENT_VIEWS } from './enrollment'
import { MESSAGE_VIEWS } from './message'
import { CHAT_VIEWS } from './chat'
import { CONTENT_VIEWS } from './content'
import { ANALYSIS_VIEWS } from './analysis'
import { RAFFLE_VIEWS } from './raffle'
import { COMPETITION_VIEWS } from './competition'
import { CHECKIN_VIEWS } from './checkin'

export const VIEWS: Record<string, View> = {
  'home/index': HomeView,
  ...SYSTEM_VIEWS,
  ...DICTIONARY_VIEWS,
  ...CMS_VIEWS,
  ...SITE_VIEWS,
  ...ACTIVITY_VIEWS,
  ...ENROLLMENT_VIEWS,
  ...MESSAGE_VIEWS,
  ...CHAT_VIEWS,
  ...CONTENT_VIEWS,
  ...ANALYSIS_VIEWS,
  ...RAFFLE_VIEWS,
  ...COMPETITION_VIEWS,
  ...CHECKIN_VIEWS,
}

export const NotFoundView: View = lazyView(() => import('./common/not-found-view'))

export function viewFor(component: string | null | undefined): View {
  return (component && VIEWS[component.trim()]) || NotFoundView
}

/** starts fetching a view's code (no-op for eager views and unknown keys) */
export function preloadView(component: string | null | undefined): Promise<unknown> {
  const view = component ? (VIEWS[component.trim()] as View & { preload?: () => Promise<unknown> }) : undefined
  return view?.preload ? view.preload().catch(() => undefined) : Promise.resolve()
}

/**
 * After the first view is usable, the code of the other views the menu offers is fetched one at a time
 * while the browser is idle, so a menu click only waits for the view's data.
 */
export function prefetchViews(components: Array<string | null | undefined>): () => void {
  let stopped = false
  const queue = [...new Set(components.filter((c): c is string => !!c))]
  const idle = (fn: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(fn, { timeout: 2000 }) : window.setTimeout(fn, 200)
  const next = () => {
    if (stopped) return
    const c = queue.shift()
    if (!c) return
    void preloadView(c).then(() => idle(next))
  }
  idle(next)
  return () => {
    stopped = true
  }
}
