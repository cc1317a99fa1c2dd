/**
 * Login state shared by every mounted page (H5 keeps several pages alive in its stack, so the headers
 * must agree). Storage stays the source of truth across reloads.
 */
import { create } from 'zustand'
import type { CurrentUser, LoginResult } from '@contracts/api'
import { STORAGE_KEYS, clearAuth, getToken, getUserInfo, setItem, setToken } from '../storage'
import { toast } from './toast-store'
import { t } from '../i18n'

/** how long the "deletion cancelled" notice stays: long enough to read after the sign-in's navigation */
export const DELETION_CANCELLED_TOAST_MS = 5000

/**
 * The user info of a sign-in that cancelled the person's pending account deletion carries
 * `deletionCancelled: true` once (contracts/privacy.ts): say so, whichever way they signed in (e-mail,
 * WeChat in the mini-program or in WeChat's browser), and keep the user without the flag so a reload
 * does not say it again. The sign-in pages leave out their own "Signed in" toast then.
 */
function withoutDeletionFlag(user: CurrentUser): CurrentUser {
  if (!user || !user.deletionCancelled) return user
  toast(t('deletion.cancelled'), { duration: DELETION_CANCELLED_TOAST_MS })
  const { deletionCancelled: _flag, ...rest } = user
  return rest
}

interface AuthState {
  token: string | null
  user: CurrentUser | null
  login(result: LoginResult): void
  setUser(user: CurrentUser): void
  logout(): void
  /** re-read storage (after a 401 cleared it elsewhere, or on app show) */
  sync(): void
}

export const useAuth = create<AuthState>((set) => ({
  token: getToken(),
  user: getUserInfo(),
  login(result) {
    const user = withoutDeletionFlag(result.userInfo)
    setToken(result.token)
    setItem(STORAGE_KEYS.userInfo, user)
    set({ token: result.token, user })
  },
  setUser(next) {
    const user = withoutDeletionFlag(next)
    setItem(STORAGE_KEYS.userInfo, user)
    set({ user })
  },
  logout() {
    clearAuth()
    set({ token: null, user: null })
  },
  sync() {
    set({ token: getToken(), user: getUserInfo() })
  },
}))
