/**
 * Analysis area: menu component key → view. The dashboard (and ECharts with it) is a lazy chunk, so
 * only opening Analysis downloads the charts; the rest of the admin does not grow. Spread into
 * views/registry.ts.
 */
import type { View } from '../view-props'
import { lazyView } from '../lazy-view'
import { ANALYSIS_MENU } from '@contracts/analysis'

const AnalysisView = lazyView(() => import(/* webpackChunkName: "analysis" */ './analysis-view'))

export const ANALYSIS_VIEWS: Record<string, View> = {
  [ANALYSIS_MENU]: AnalysisView,
}
