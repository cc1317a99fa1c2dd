/**
 * Analysis area: menu component key → view. The dashboard (and ECharts with it) is a lazy chunk, so
 * only opening Analysis downloads the charts; the rest of the admin does not grow. Spread into
 * views/registry.ts.
 */
import React, { Suspense, lazy, type ComponentType } from 'react'
import { Spin } from 'antd'
import type { ViewProps } from '../registry'
import { ANALYSIS_MENU } from '@contracts/analysis'

const AnalysisView = lazy(() => import(/* webpackChunkName: "analysis" */ './analysis-view'))

function LazyAnalysisView(props: ViewProps) {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
      <AnalysisView {...props} />
    </Suspense>
  )
}

export const ANALYSIS_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [ANALYSIS_MENU]: LazyAnalysisView,
}
