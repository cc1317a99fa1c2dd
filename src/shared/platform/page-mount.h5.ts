/**
 * Web: a page's first render runs as a React transition. Taro mounts a page by a `forceUpdate` of its
 * app wrapper (Current.app.mount), an ordinary update that React renders in one task as long as the
 * whole page: on a slow phone 250-400 ms, the longest task of a page load and most of its blocking
 * time. As a transition React renders it in slices of a few milliseconds and lets the browser paint
 * and answer input between them; the commit (the page appearing) is still one step.
 *
 * Taro sets Current.app once, as the entry creates the app, after this module's caller (app.ts) has
 * run: the mount is wrapped as it is assigned.
 */
import { startTransition } from 'react'
import { Current } from '@tarojs/runtime'
import { releaseServerFirstScreen, serverFirstScreenPath } from './first-screen'

type Mount = (component: unknown, id: string, cb: (...args: unknown[]) => void) => void
type TaroApp = { mount?: Mount } | null

const wrapped = new WeakSet<object>()

function wrap(app: TaroApp): TaroApp {
  if (!app || typeof app !== 'object' || wrapped.has(app) || typeof app.mount !== 'function') return app
  const mount = app.mount
  app.mount = function (this: unknown, component, id, cb) {
    startTransition(() =>
      mount.call(this, component, id, (...args: unknown[]) => {
        // Gone before its render committed: a redirect during a slow first render (the WeChat sign-in
        // replaces the page it lands on) unmounts the page at a higher priority than this transition.
        // Taro's callback would throw for the missing page element inside React's commit and take the
        // whole app down; the page is unloaded, so there is nothing left to start.
        if (!document.getElementById(String(id))) return undefined
        // the server drew another page's first screen (the address was redirected): not this page's
        const drawn = serverFirstScreenPath()
        if (drawn !== null && String(id).split('?')[0] !== drawn) releaseServerFirstScreen()
        return cb(...args)
      }),
    )
  }
  wrapped.add(app)
  return app
}

export function mountPagesAsTransitions(): void {
  const current = Current as unknown as { app: TaroApp }
  let app = wrap(current.app)
  Object.defineProperty(current, 'app', {
    configurable: true,
    enumerable: true,
    get: () => app,
    set: (next: TaroApp) => {
      app = wrap(next)
    },
  })
}
