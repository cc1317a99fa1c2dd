/**
 * Props that make one of our clickable views reachable by Tab with a role (spread them on the View). Taro's
 * ViewProps has no tabIndex; H5's View hands it to its div, the mini-program ignores it.
 */
export function pressable(role: 'button' | 'checkbox' = 'button'): { role: string } {
  return { role, tabIndex: 0 } as { role: string }
}
