import { checkVersion } from '../../shared/api/request'
import { whenIdleAfterLoad } from '../../shared/platform/browser'

let shownBefore = false

/**
 * A page shows: ask whether a newer build is out (H5 reloads into it). The app's first page waits until
 * it has settled: its HTML was revalidated and its scripts fetched just now, and the check would be one
 * more request and task before that page's largest paint.
 */
export function checkVersionOnShow(): void {
  if (shownBefore) {
    void checkVersion()
    return
  }
  shownBefore = true
  whenIdleAfterLoad(() => void checkVersion())
}
