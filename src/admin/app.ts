/**
 * Desktop admin (H5 only, served at /admin/). Set-up runs once at module load, before any page renders:
 * shared i18n with the admin keys merged in, and the shared request client told it is the admin
 * (Basic credential 'admin', login page /admin/admLogin, antd messages).
 */
import { createElement, type PropsWithChildren } from 'react'
import { setupAdmin } from './core/setup'
import { AdminRoot } from './core/admin-root'
// antd's styles, prebuilt (zero-runtime mode, core/admin-root.tsx); before the admin's own, which adjust them
import 'antd/dist/antd.css'
import './app.scss'

setupAdmin()

function App({ children }: PropsWithChildren) {
  return createElement(AdminRoot, null, children)
}

export default App
