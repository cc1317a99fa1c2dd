/**
 * Keyboard handling of a dialog (focus kept inside, Escape, Enter/Space on our role='button' views). The
 * mini-program has no keyboard focus to manage: this variant only hands back a ref to attach; the H5
 * one (./dialog-focus.h5.ts) does the work.
 */
import { useRef } from 'react'

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function useDialogFocus(onEscape?: () => void) {
  return useRef<any>(null)
}

/**
 * Props that make one of our clickable views reachable by Tab with a role (spread them on the View). Taro's
 * ViewProps has no tabIndex; H5's View hands it to its div, the mini-program ignores it.
 */
export function pressable(role: 'button' | 'checkbox' = 'button'): { role: string } {
  return { role, tabIndex: 0 } as { role: string }
}
