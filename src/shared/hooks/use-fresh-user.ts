import { useEffect, useRef } from 'react'
import { useAuth } from '../stores/auth-store'
import { getCurrentUser } from '../api/participation'
import type { CurrentUser } from '@contracts/api'
import { useRequireLogin } from './use-require-login'

/**
 * Pages of the logged-in person (the personal centre): a login is required (useRequireLogin), the
 * stored user shows at once and the server's copy replaces it (a profile edited on another device) —
 * again whenever `refresh` changes. `onFresh` sees the server's copy.
 */
export function useFreshUser(refresh: unknown = 0, onFresh?: (user: CurrentUser) => void): { token: string | null; user: CurrentUser | null } {
  const token = useRequireLogin()
  const user = useAuth((s) => s.user)
  const setUser = useAuth((s) => s.setUser)
  const onFreshRef = useRef(onFresh)
  onFreshRef.current = onFresh
  useEffect(() => {
    if (!token) return
    getCurrentUser()
      .then((u) => {
        setUser(u)
        onFreshRef.current?.(u)
      })
      .catch(() => undefined)
  }, [token, refresh, setUser])
  return { token, user }
}
