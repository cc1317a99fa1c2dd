/** H5 variant of ./image-preview.ts: the picture opens in a new tab, where the browser saves it. */
import { openInNewTab } from './browser'

export function previewImage(url: string): void {
  if (url) openInNewTab(url)
}
