import { configureRequest } from '../api/client'
import { initI18n, refreshLocales } from '../../shared/i18n'
import { feedback } from './feedback'
import { goPage } from './navigation'

let done = false

export function setupAdmin(): void {
  if (done) return
  done = true
  // the admin's own texts and the language in use were loaded first (core/texts-ready.ts)
  initI18n()
  // Shared texts (login.unlogin, request.*) may be fixed on the server without a rebuild.
  void refreshLocales()
  configureRequest({
    clientId: 'admin',
    loginPath: '/admin/admLogin',
    navigate: (url) => goPage(url),
    showWarning: (text) => void feedback().warning(text),
    showInfo: (text) => void feedback().info(text),
    showSuccess: (text) => void feedback().success(text),
    currentPath: () => `${window.location.pathname}${window.location.search}`,
    reload: () => window.location.reload(),
  })
}
