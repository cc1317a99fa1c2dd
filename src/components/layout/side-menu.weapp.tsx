/**
 * Mini-program build of ./side-menu.tsx: the mini-program always draws the phone frame (useIsMobile), so the
 * desktop floating side menu never renders there; this keeps its code out of the main package.
 */
export default function SideMenu(_props: Record<string, never>): null {
  return null
}
