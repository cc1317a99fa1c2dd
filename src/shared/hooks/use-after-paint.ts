import { useEffect, useState } from 'react'
import { afterNextPaint } from '../platform/browser'

/**
 * False until `ready` has been true for one painted frame. A page renders its first screen (the part
 * with its largest picture) when its data arrives and what lies below that screen one frame later, so
 * the picture is drawn before the rest of the page is laid out. Once true it stays true.
 */
export function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!ready || painted) return undefined
    return afterNextPaint(() => setPainted(true))
  }, [ready, painted])
  return painted
}
