/**
 * Login state shared by every mounted page (H5 keeps several pages alive in its stack, so the headers
 * must agree). Storage stays the source of truth across reloads.
 */
import { create } from 'zustand'
import type { CurrentUser, LoginResult } from '@contracts/api'
import { STORAGE_KEYS, clearAuth, getToken, getUserInfo, setItem, setToken } from '../storage'

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
    setToken(result.token)
    setItem(STORAGE_KEYS.userInfo, result.userInfo)
    set({ token: result.token, user: result.userInfo })
  },
  setUser(user) {
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
