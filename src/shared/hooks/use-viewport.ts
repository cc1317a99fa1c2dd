import { useEffect, useState } from 'react'
import { isWeapp } from '../env'
import { onResize, windowWidth } from '../platform/browser'

/** Mobile layout under 768 px (spec section 9); the mini-program is always mobile. */
export const MOBILE_MAX_WIDTH = 768

export function useIsMobile(): boolean {
  const [width, setWidth] = useState(() => windowWidth())
  useEffect(() => onResize(setWidth), [])
  return isWeapp() || width < MOBILE_MAX_WIDTH
}
