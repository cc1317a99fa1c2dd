import { useEffect, useRef } from 'react'
import { isH5 } from '../../shared/env'

/**
 * A taro-ui box without a visible label (AtSearchBar, a title-less AtInput) renders an <input> that has
 * no accessible name and takes no aria-label prop: on H5 the input inside the returned ref's element is
 * named `name` (its placeholder text, usually). A mini-program reads the placeholder itself.
 */
export function useInputName(name: string) {
  const box = useRef<any>(null)
  useEffect(() => {
    if (!isH5()) return
    const input = (box.current as HTMLElement | null)?.querySelector('input')
    if (input) input.setAttribute('aria-label', name)
  }, [name])
  return box
}
