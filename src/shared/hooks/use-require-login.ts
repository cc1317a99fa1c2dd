import { useEffect, useRef } from 'react'
import { useAuth } from '../stores/auth-store'
import { goLogin } from '../router/navigate'

/**
 * Pages that need a login: without a token the person is sent to /login with a redirect back (once
 * per mount, so backing out of the login page shows the page's prompt instead of looping). Returns
 * the token. A page that had a login and loses it (the person logged out from it, or from another page
 * while it stays alive in the tab stack) shows its prompt instead: logging out leads home, not to login.
 */
export function useRequireLogin(): string | null {
  const token = useAuth((s) => s.token)
  const sent = useRef(false)
  const hadToken = useRef(!!token)
  useEffect(() => {
    if (token) hadToken.current = true
    else if (!sent.current && !hadToken.current) {
      sent.current = true
      void goLogin()
    }
  }, [token])
  return token
}
