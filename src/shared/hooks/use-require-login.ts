import { useEffect, useRef } from 'react'
import { useAuth } from '../stores/auth-store'
import { goLogin } from '../router/navigate'

/**
 * Pages that need a login: without a token the person is sent to /login with a redirect back (once
 * per mount, so backing out of the login page shows the page's prompt instead of looping). Returns
 * the token.
 */
export function useRequireLogin(): string | null {
  const token = useAuth((s) => s.token)
  const sent = useRef(false)
  useEffect(() => {
    if (!token && !sent.current) {
      sent.current = true
      void goLogin()
    }
  }, [token])
  return token
}
