/**
 * A view whose code is fetched the first time its route opens (with a spinner meanwhile): each area's
 * index lists its views through this, so the admin's first load after login carries the shell and the
 * home view, not every table and form of every area.
 */
import React, { Suspense, lazy, type ComponentType } from 'react'
import { Spin } from 'antd'
import type { ViewProps } from './view-props'
import { loadAdminAreaTexts, loadAntdLocales } from '../locales/load'

/** a lazy view that can also be fetched ahead of its first render */
export type PreloadableView = ComponentType<ViewProps> & { preload?: () => Promise<unknown> }

/**
 * antd's styles beyond the first view's components (config/admin.ts splits antd.css): one stylesheet
 * every lazy view waits for with its code, and with the texts of the admin's areas and antd's
 * (locales/load.ts), so no view draws before its components are styled and its texts are there.
 */
const antdRest = () => import('antd/dist/antd.css?part=rest')

export function lazyView(load: () => Promise<{ default: ComponentType<ViewProps> }>): PreloadableView {
  // one fetch whoever asks first: preload() ahead of time, or React when the route opens
  let loading: Promise<{ default: ComponentType<ViewProps> }> | null = null
  const withStyles = () => Promise.all([load(), antdRest(), loadAdminAreaTexts(), loadAntdLocales()]).then(([view]) => view)
  const once = () => (loading ??= withStyles().catch((e) => {
    loading = null
    throw e
  }))
  const View = lazy(once)
  function LazyView(props: ViewProps) {
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
        <View {...props} />
      </Suspense>
    )
  }
  LazyView.preload = once
  return LazyView
}
