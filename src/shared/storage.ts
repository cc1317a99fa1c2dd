/**
 * Browser/mini-program storage (spec section 3). Persisted keys go through Taro storage (localStorage in
 * H5, wx storage in weapp); session keys (tagViewStore, touristId) live only for the session.
 */
import Taro from '@tarojs/taro'
import type { CurrentUser } from '@contracts/api'
import { sessionStore } from './platform/browser'

export const STORAGE_KEYS = {
  token: 'token',
  menu: 'menu',
  lang: 'lang',
  themeConfig: 'themeConfig',
  userInfo: 'userInfo',
  tagViewStore: 'tagViewStore',
  touristId: 'touristId',
  tokenRefreshedAt: 'tokenRefreshedAt',
  /** WeChat user info (headimgurl, nickname) from the H5 WeChat sign-in (spec section 4) */
  wxUserInfo: 'wxUserInfo',
} as const
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

const SESSION_KEYS: ReadonlySet<string> = new Set([STORAGE_KEYS.tagViewStore, STORAGE_KEYS.touristId])

export function getItem<T = unknown>(key: StorageKey): T | null {
  if (SESSION_KEYS.has(key)) {
    const raw = sessionStore.get(key)
    if (raw == null) return null
    try {
      return JSON.parse(raw) as T
    } catch {
      return raw as unknown as T
    }
  }
  try {
    const v = Taro.getStorageSync(key)
    return v === '' || v === undefined || v === null ? null : (v as T)
  } catch {
    return null
  }
}

export function setItem(key: StorageKey, value: unknown): void {
  if (SESSION_KEYS.has(key)) {
    sessionStore.set(key, JSON.stringify(value))
    return
  }
  Taro.setStorageSync(key, value)
}

export function removeItem(key: StorageKey): void {
  if (SESSION_KEYS.has(key)) {
    sessionStore.remove(key)
    return
  }
  Taro.removeStorageSync(key)
}

export function getToken(): string | null {
  return getItem<string>(STORAGE_KEYS.token)
}

/** Storing a token also stamps the refresh clock (the 30-minute refresh counts from here). */
export function setToken(token: string, now: number = Date.now()): void {
  setItem(STORAGE_KEYS.token, token)
  setItem(STORAGE_KEYS.tokenRefreshedAt, now)
}

export function getUserInfo(): CurrentUser | null {
  return getItem<CurrentUser>(STORAGE_KEYS.userInfo)
}

export function setUserInfo(user: CurrentUser): void {
  setItem(STORAGE_KEYS.userInfo, user)
}

/** Logout / 401: token, user info and menu go (spec section 4). */
export function clearAuth(): void {
  removeItem(STORAGE_KEYS.token)
  removeItem(STORAGE_KEYS.userInfo)
  removeItem(STORAGE_KEYS.menu)
  removeItem(STORAGE_KEYS.tokenRefreshedAt)
}
