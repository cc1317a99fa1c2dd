/** H5 variant of ./tab-bar.ts: H5 draws its own tab bar (components/layout/tab-bar.tsx), already translated. */
export function setTabBarTexts(_texts: string[]): void {
  // nothing to do
}
