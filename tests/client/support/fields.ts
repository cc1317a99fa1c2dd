import { screen, fireEvent } from '@testing-library/react'

/**
 * The box a user types into. ui/field (AtInput) and ui/textarea (AtTextarea) put the test id on their
 * wrapper, because taro-ui passes no data-* attribute through; the box is the one input inside it
 * (in jsdom Taro's textarea stays its custom element, `taro-textarea-core`, which holds the value).
 * A field that lost its box, or grew a second one, fails here.
 */
export function fieldBox(testId: string): HTMLInputElement {
  const host = screen.getByTestId(testId)
  if (host.matches('input, textarea')) return host as HTMLInputElement
  const boxes = host.querySelectorAll('input, textarea, taro-textarea-core')
  if (boxes.length !== 1) throw new Error(`[data-testid="${testId}"] holds ${boxes.length} input boxes, expected 1`)
  return boxes[0] as HTMLInputElement
}

/** Types `value` into the field, as components-react's Input hears it (the native input event). */
export function typeInto(testId: string, value: string): void {
  fireEvent.input(fieldBox(testId), { target: { value } })
}

/** What the field's box shows. */
export function fieldValue(testId: string): string {
  return fieldBox(testId).value
}
