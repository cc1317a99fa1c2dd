/**
 * Mini-program build of ./header.tsx: the mini-program always draws the phone frame (useIsMobile), so the
 * desktop header (menu, search box, hot searches, organizer entry) never renders there; this keeps its code out of the main package.
 */
export { LangToggle } from './lang-toggle'

export default function Header(_props: { path: string; hideSearch?: boolean; searchPath?: string; keywords?: string }): null {
  return null
}
