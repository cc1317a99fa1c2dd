/**
 * Mini-program build of ./footer.tsx: the mini-program always draws the phone frame (useIsMobile), so the
 * desktop footer never renders there; this keeps its code out of the main package.
 */
export default function Footer(_props: Record<string, never>): null {
  return null
}
