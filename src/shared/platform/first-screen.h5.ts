/**
 * Web: some pages arrive with their first screen drawn by the server (server/src/plugins/first-screen.ts),
 * an element beside the app's container with the same markup the page renders, so the page's largest
 * picture shows before the app has started. The app removes it in the commit in which the page draws
 * its own content (or its not-found state), so the swap happens within one frame: nothing is shown
 * twice and nothing is blank. A page mounted for another path (a redirect) removes it at once.
 */
import { useLayoutEffect } from 'react'

/** the element's id (server/src/plugins/first-screen.ts FIRST_SCREEN_ID) */
const FIRST_SCREEN_ID = 'hj-first'

export function releaseServerFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove()
}

/** the page path the server drew a first screen for, while it is shown */
export function serverFirstScreenPath(): string | null {
  return document.getElementById(FIRST_SCREEN_ID)?.getAttribute('data-path') ?? null
}

/** removes the server's first screen once `ready` (the page has drawn its own first screen) */
export function useReleaseServerFirstScreen(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) releaseServerFirstScreen()
  }, [ready])
}
