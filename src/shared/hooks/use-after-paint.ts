import { startTransition, useEffect, useState } from 'react'
import { afterNextPaint } from '../platform/browser'

/**
 * False until `ready` has been true for one painted frame. A page renders its first screen (the part
 * with its largest picture) when its data arrives and what lies below that screen one frame later, so
 * the picture is drawn before the rest of the page is laid out. Once true it stays true.
 *
 * The rest is rendered as a transition: React renders it in slices of a few milliseconds and lets the
 * browser handle input and paint between them, instead of one task as long as the whole page (on a slow
 * phone the sections under the home banner were one 100-500 ms task, most of the page's blocking time).
 * An update that matters more (a tap, new data) goes first, and the transition starts again after it.
 */
export function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!ready || painted) return undefined
    return afterNextPaint(() => startTransition(() => setPainted(true)))
  }, [ready, painted])
  return painted
}
