/**
 * Mini-program: our own sheet answers WeChat's privacy authorization (src/shared/stores/privacy-store.ts).
 * H5 twin (./privacy.h5.ts): nothing to do — a browser has no such step.
 */
import Taro from '@tarojs/taro'
import { askPrivacy, type PrivacyResolve } from '../stores/privacy-store'

let registered = false

/** once, at start-up (src/app.ts): WeChat calls the listener whenever a privacy API needs the agreement */
export function registerPrivacyAuthorization(): void {
  if (registered || typeof Taro.onNeedPrivacyAuthorization !== 'function') return
  registered = true
  Taro.onNeedPrivacyAuthorization((resolve, info) => askPrivacy(resolve as PrivacyResolve, info?.referrer ?? ''))
}

/** WeChat's page of the mini-program's privacy guide (as filled in the WeChat admin) */
export function openPrivacyGuide(): void {
  if (typeof Taro.openPrivacyContract === 'function') Taro.openPrivacyContract({})
}
