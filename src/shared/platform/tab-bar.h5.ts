/** H5 variant of ./tab-bar.ts: H5 draws its own tab bar (components/layout/tab-bar.tsx), already translated. */
export function setTabBarTexts(_texts: string[]): void {
  // nothing to do
}

/** H5 draws the unread badge in its own tab bar and header (they read the unread store) */
export function setCenterBadge(_count: number): void {
  // nothing to do
}
