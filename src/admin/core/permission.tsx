/**
 * Button permission (spec section 6): an element marked for permission is hidden unless the current
 * route's menu entry lists that button name. The shell provides the current route's button names; views
 * wrap actions in <Permission name="edit"> or ask usePermission('edit'). Hiding is convenience only —
 * the server refuses the hidden button's endpoint with HTTP 403 / code 402.
 */
import React, { createContext, useContext, type ReactNode } from 'react'

const RouteButtonsContext = createContext<readonly string[]>([])

export function RouteButtonsProvider({ buttons, children }: { buttons: readonly string[]; children?: ReactNode }) {
  return <RouteButtonsContext.Provider value={buttons}>{children}</RouteButtonsContext.Provider>
}

export function usePermission(name: string): boolean {
  const buttons = useContext(RouteButtonsContext)
  return buttons.includes(name)
}

export function Permission({ name, children }: { name: string; children?: ReactNode }) {
  return usePermission(name) ? <>{children}</> : null
}
