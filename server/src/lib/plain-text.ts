/**
 * Invisible controls that change how text is shown, not what it says: the bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069, U+061C) and the zero-width characters and
 * marks (U+200B–U+200F, U+2060, U+FEFF). In a name or title they make "‮gpj.exe" read as "exe.jpg",
 * in an export's file name too, so they are taken out of every plain-text field as a request arrives.
 */
const CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060\uFEFF\u061C]/g

export function stripControls(s: string): string {
  return s.replace(CONTROLS, '')
}

/**
 * Fields that keep their text as sent: rich-text bodies (an emoji's zero-width joiner, a right-to-left
 * paragraph's marks belong there; the sanitizer handles markup) and passwords (a secret is compared
 * as typed).
 */
const KEEP = /^(content|detail|intro)(Zh|En)?$|password$/i

/** strips the controls from every string of a parsed request part in place, except under KEEP fields */
export function stripControlsDeep(value: unknown, limit = 100_000): void {
  const stack: unknown[] = [value]
  let visits = 0
  while (stack.length && ++visits <= limit) {
    const v = stack.pop()
    if (!v || typeof v !== 'object') continue
    const obj = v as Record<string, unknown>
    for (const key of Object.keys(obj)) {
      const child = obj[key]
      if (typeof child === 'string') {
        if (!KEEP.test(key)) obj[key] = stripControls(child)
      } else if (child && typeof child === 'object' && !KEEP.test(key)) stack.push(child)
    }
  }
}
