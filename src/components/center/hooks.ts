/**
 * Data hooks of the personal centre: a paged list (no scroll-to-top on page change: sections sit one
 * under the other) and the login requirement of the centre pages.
 */
import { useEffect, useRef } from 'react'
import { useAuth } from '../../shared/stores/auth-store'
import { goLogin } from '../../shared/router/navigate'
import type { Page } from '../../shared/contracts/api'
import { usePagedList, type PagedList } from '../content/hooks'

export type CenterList<T> = PagedList<T>

/** The content pages' paged list, without the scroll to the top on page change (sections sit one under the other). */
export function useCenterList<T>(load: (page: number, pageSize: number) => Promise<Page<T>>, key: string, pageSize = 5, enabled = true): CenterList<T> {
  return usePagedList<T, { key: string }>((q) => load(q.page, q.pageSize), { key }, pageSize, enabled, { scrollToTop: false })
}

/**
 * The centre pages need a login: without a token the person is sent to /login with a redirect back
 * (once per mount, so backing out of the login page shows the prompt instead of looping).
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
