import { useState } from 'react'

/**
 * For a page whose first render already shows an early answer (shared/api/content.ts: asked for as the
 * app started): the returned function answers true once, on the first call, when `shownEarly`; the
 * effect that loads the page's data then skips its first run (it would ask for that same answer again)
 * and runs as usual after. The function is the same on every render (safe in an effect's dependencies).
 */
export function useSkipFirstLoad(shownEarly: boolean): () => boolean {
  const [skip] = useState(() => {
    let pending = shownEarly
    return () => {
      const now = pending
      pending = false
      return now
    }
  })
  return skip
}
