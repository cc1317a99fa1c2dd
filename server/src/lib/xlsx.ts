/** The admin's Excel exports: one sheet with a bold header row that stays in view, then one row per record. */
import ExcelJS from 'exceljs'

export interface XlsxColumn {
  header: string
  key: string
  width: number
}
export type XlsxRow = Record<string, string | number | null>

export async function xlsxOf(created: Date, sheet: string, columns: XlsxColumn[], rows: XlsxRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  wb.creator = 'Haijiao'
  wb.created = created
  const ws = wb.addWorksheet(sheet)
  ws.columns = columns
  ws.getRow(1).font = { bold: true }
  ws.views = [{ state: 'frozen', ySplit: 1 }]
  for (const row of rows) ws.addRow(row)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

/** a title as a download's file name: what file systems refuse becomes a space, at most 80 characters */
export const fileNameOf = (title: string) => title.replace(/[\\/:*?"<>|\r\n\t]+/g, ' ').trim().slice(0, 80)
