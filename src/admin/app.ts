/**
 * Desktop admin (H5 only, served at /admin/). Set-up runs once at module load, before any page renders:
 * shared i18n with the admin keys merged in, and the shared request client told it is the admin
 * (Basic credential 'admin', login page /admin/admLogin, antd messages).
 */
// first: holds the start until the texts of the language in use have arrived (one language per load)
import './core/texts-ready'
import { createElement, type PropsWithChildren } from 'react'
import { setupAdmin } from './core/setup'
import { AdminRoot } from './core/admin-root'
// antd's styles, prebuilt (zero-runtime mode, core/admin-root.tsx): the part the login page, the shell and
// the home view draw (config/admin.ts); the rest comes with the lazy views' code (views/lazy-view.tsx).
// Before the admin's own, which adjust them.
import 'antd/dist/antd.css?part=first'
import './app.scss'

setupAdmin()

function App({ children }: PropsWithChildren) {
  return createElement(AdminRoot, null, children)
}

export default App
