/**
 * WeChat's privacy authorization in the mini-program. Every privacy API (album, camera,
 * files, clipboard, calendar: see README "WeChat privacy guide") waits, pending, until the person agrees to
 * the mini-program's privacy guide. WeChat tells us through `wx.onNeedPrivacyAuthorization(resolve)`
 * (registered in src/shared/platform/privacy.ts); this store keeps that `resolve` while our own sheet
 * (components/account/privacy-sheet.tsx) asks. Agreeing resumes the original call —
 * `resolve({ buttonId, event: 'agree' })` after the tap on the sheet's `open-type="agreePrivacyAuthorization"`
 * button, whose id WeChat checks — and declining cancels it (`resolve({ event: 'disagree' })`: the call
 * fails with "privacy permission is not authorized") with a message saying why.
 */
import { create } from 'zustand'
import { toast } from './toast-store'
import { t } from '../i18n'

/** the id of the sheet's agree button: WeChat checks that the button with this id was tapped */
export const PRIVACY_AGREE_BUTTON_ID = 'hj-privacy-agree'

export type PrivacyResolve = (r: { event: 'agree' | 'disagree' | 'exposureAuthorization'; buttonId?: string }) => void

interface PrivacyState {
  /** the pending privacy call's resolve and the API that asked (eventInfo.referrer), or null */
  pending: { resolve: PrivacyResolve; referrer: string } | null
}

export const usePrivacy = create<PrivacyState>(() => ({ pending: null }))

/** WeChat needs the person's agreement before `referrer` can go on: show the sheet */
export function askPrivacy(resolve: PrivacyResolve, referrer = ''): void {
  usePrivacy.setState({ pending: { resolve, referrer } })
  // tells WeChat our own sheet is showing
  try {
    resolve({ event: 'exposureAuthorization' })
  } catch {
    /* older base libraries: nothing to report */
  }
}

/** the sheet's agree button was tapped (its agreeprivacyauthorization event): the original call goes on */
export function agreePrivacy(): void {
  const p = usePrivacy.getState().pending
  usePrivacy.setState({ pending: null })
  p?.resolve({ buttonId: PRIVACY_AGREE_BUTTON_ID, event: 'agree' })
}

/** declined: the original call fails, and the person is told why */
export function refusePrivacy(): void {
  const p = usePrivacy.getState().pending
  usePrivacy.setState({ pending: null })
  p?.resolve({ event: 'disagree' })
  toast(t('privacy.refused'), { duration: 2500 })
}
