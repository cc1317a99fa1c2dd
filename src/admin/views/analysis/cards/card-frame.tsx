/**
 * The frame every analysis card draws in: a small antd card with its title and, on the right, the CSV
 * export of the rows the card shows (`analysis-<card>-<from>_<to>.csv`, for holders of the export button).
 */
import React, { type ReactNode } from 'react'
import { Button, Card, message } from 'antd'
import { useTranslation } from 'react-i18next'
import { Permission } from '../../../core/permission'
import { recordCsvExport, saveCsv } from '../../../api/analysis'

export interface CardFrameProps {
  /** the card's name in its export button's test id and its file name */
  card: string
  title: ReactNode
  testId?: string
  /** the filter's range, `<from>_<to>`, in the file name */
  range: string
  head: string[]
  /** the export's rows; null while the card has no data (the button is disabled) */
  rows: unknown[][] | null
  children: ReactNode
}

export function CardFrame({ card, title, testId, range, head, rows, children }: CardFrameProps) {
  const { t } = useTranslation()
  const exportRows = async () => {
    if (!rows) return
    const filename = `analysis-${card}-${range}.csv`
    // recorded in the audit log first: no record, no file
    const recorded = await recordCsvExport(card, range, rows.length)
    if (recorded.code !== 200) return
    saveCsv(filename, head, rows)
    void message.success(t('adm.analysis.exported', { name: filename }))
  }
  return (
    <Card
      title={title}
      size="small"
      data-testid={testId}
      extra={
        <Permission name="export">
          <Button size="small" data-testid={`analysis-export-${card}`} disabled={!rows} onClick={() => void exportRows()}>
            {t('adm.analysis.export')}
          </Button>
        </Permission>
      }
    >
      {children}
    </Card>
  )
}

/** What the dashboard hands each card: its answer (null until it arrives or when it failed) and the range. */
export interface CardProps<T> {
  data: T | null
  range: string
}
