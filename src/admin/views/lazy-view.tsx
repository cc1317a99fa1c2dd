/**
 * A view whose code is fetched the first time its route opens (with a spinner meanwhile): each area's
 * index lists its views through this, so the admin's first load after login carries the shell and the
 * home view, not every table and form of every area.
 */
import React, { Suspense, lazy, type ComponentType } from 'react'
import { Spin } from 'antd'
import type { ViewProps } from './view-props'

export function lazyView(load: () => Promise<{ default: ComponentType<ViewProps> }>): ComponentType<ViewProps> {
  const View = lazy(load)
  function LazyView(props: ViewProps) {
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
        <View {...props} />
      </Suspense>
    )
  }
  return LazyView
}
