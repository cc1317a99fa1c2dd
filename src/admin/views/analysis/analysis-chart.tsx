/**
 * One ECharts chart (line, bar, funnel, pie) through echarts-for-react's core build with only the
 * parts the dashboard draws registered, so the analysis chunk carries no unused chart types. Only the
 * lazily loaded analysis view imports this file: the rest of the admin never loads ECharts.
 */
import React, { useMemo } from 'react'
import ReactEChartsCore from 'echarts-for-react/lib/core'
import * as echarts from 'echarts/core'
import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts'
import { DatasetComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

echarts.use([BarChart, FunnelChart, LineChart, PieChart, DatasetComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

export interface ChartClick {
  /** the category (x-axis value or item name) clicked */
  name: string
  seriesIndex: number
  dataIndex: number
}

/** short animations: a redraw after a filter change should read at once */
const BASE = { animationDuration: 300, animationDurationUpdate: 300 }

export function Chart({ option, height = 280, onClick, testId }: { option: object; height?: number; onClick?: (e: ChartClick) => void; testId: string }) {
  const withBase = useMemo(() => ({ ...BASE, ...option }), [option])
  return (
    <div data-testid={testId} style={{ cursor: onClick ? 'pointer' : undefined }}>
      <ReactEChartsCore
        echarts={echarts}
        option={withBase}
        notMerge
        style={{ height }}
        onEvents={onClick ? { click: (e: { name: string; seriesIndex: number; dataIndex: number }) => onClick({ name: String(e.name), seriesIndex: e.seriesIndex, dataIndex: e.dataIndex }) } : undefined}
      />
    </div>
  )
}
