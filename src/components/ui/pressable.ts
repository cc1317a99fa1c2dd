/**
 * Props that make one of our clickable views reachable by Tab with a role (spread them on the View). Taro's
 * ViewProps has no tabIndex; H5's View hands it to its div, the mini-program ignores it.
 */
export function pressable(role: 'button' | 'checkbox' | 'switch' = 'button'): { role: string } {
  return { role, tabIndex: 0 } as { role: string }
}

/**
 * Enter and Space press the view, for one outside a dialog (inside one, ui/dialog-focus.h5.ts does it).
 * H5 only: the mini-program has no keyboard, and its build drops the handler.
 */
export function pressKeys(onPress: () => void): Record<string, unknown> {
  if (process.env.TARO_ENV !== 'h5') return {}
  return {
    onKeyDown: (e: { key?: string; preventDefault?(): void }) => {
      if (e.key !== 'Enter' && e.key !== ' ') return
      e.preventDefault?.()
      onPress()
    },
  }
}
