/**
 * Keyboard handling of a dialog (focus kept inside, Escape, Enter/Space on our role='button' views:
 * ./pressable.ts). The mini-program has no keyboard focus to manage: this variant only hands back a ref
 * to attach; the H5 one (./dialog-focus.h5.ts) does the work.
 */
import { useRef } from 'react'

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function useDialogFocus(onEscape?: () => void) {
  return useRef<any>(null)
}
