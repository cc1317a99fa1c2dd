/**
 * A dialog's keyboard behaviour on H5 (taro-ui's AtModal / AtFloatLayout have none): while it is open,
 * focus starts on the dialog itself (not its first field: that would pop a phone's keyboard), Tab and
 * Shift+Tab cycle inside, focus that escapes (a click behind) is brought back, Escape calls `onEscape`
 * (omit it where the dialog may not be dismissed that way), Enter and Space press our `role='button'` /
 * `'checkbox'` views; on close, focus returns to where it was. With two dialogs open only the newer one listens.
 */
import { useEffect, useRef } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** roles our clickable views take (a View is a div: the keyboard does not press it by itself) */
const PRESSABLE = ['button', 'checkbox', 'radio']

/** open dialogs, oldest first: keys go to the last */
const stack: HTMLElement[] = []

export function useDialogFocus(onEscape?: () => void) {
  const ref = useRef<any>(null)
  const escape = useRef(onEscape)
  escape.current = onEscape

  useEffect(() => {
    const root = ref.current as HTMLElement | null
    if (!root) return
    const before = document.activeElement as HTMLElement | null
    if (!root.hasAttribute('tabindex')) root.setAttribute('tabindex', '-1')
    stack.push(root)
    root.focus()
    const items = () => Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE))
    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== root) return
      if (e.key === 'Escape') {
        if (escape.current) {
          e.preventDefault()
          escape.current()
        }
        return
      }
      if (e.key === 'Tab') {
        const list = items()
        if (!list.length) {
          e.preventDefault()
          root.focus()
          return
        }
        const first = list[0]
        const last = list[list.length - 1]
        const at = document.activeElement
        if (e.shiftKey && (at === first || at === root || !root.contains(at))) {
          e.preventDefault()
          last.focus()
        } else if (!e.shiftKey && (at === last || !root.contains(at))) {
          e.preventDefault()
          first.focus()
        }
        return
      }
      const target = e.target as HTMLElement | null
      if ((e.key === 'Enter' || e.key === ' ') && target && root.contains(target) && PRESSABLE.includes(target.getAttribute('role') || '') && target.tagName !== 'BUTTON') {
        e.preventDefault()
        target.click()
      }
    }
    const onFocusIn = (e: FocusEvent) => {
      if (stack[stack.length - 1] === root && e.target instanceof Node && !root.contains(e.target)) root.focus()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('focusin', onFocusIn)
      const i = stack.indexOf(root)
      if (i >= 0) stack.splice(i, 1)
      if (before && before !== document.body && document.contains(before)) before.focus()
    }
  }, [])
  return ref
}
