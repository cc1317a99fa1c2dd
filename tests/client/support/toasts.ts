/**
 * The toasts the app showed since the last reset (the Taro mock's __reset clears them): the app calls
 * `toast()` (src/shared/stores/toast-store.ts), which the overlay host draws with AtToast; tests that do
 * not mount a host read what was asked for here.
 */
import { useToast, type ToastItem } from '../../../src/shared/stores/toast-store'

const shown: ToastItem[] = []
useToast.subscribe((s, prev) => {
  if (s.current && s.current !== prev.current) shown.push(s.current)
})

export function resetToasts(): void {
  shown.length = 0
  useToast.setState({ current: null })
}

/** titles in the order shown */
export function toastTitles(): string[] {
  return shown.map((t) => t.title)
}

export function lastToast(): ToastItem | undefined {
  return shown[shown.length - 1]
}
