/** The actions of a table row: small link buttons, a confirmed (danger) one, an on/off pair, and their column. */
import React from 'react'
import { Button, Popconfirm, Space, type ButtonProps } from 'antd'
import type { ColumnType } from 'antd/es/table'

/** A row action (forwards its ref: tooltips and popconfirms anchor on it). */
export const RowLink = React.forwardRef<HTMLButtonElement, ButtonProps>(function RowLink(props, ref) {
  return <Button ref={ref} size="small" type="link" {...props} />
})

/** A destructive row action behind a confirmation (onConfirm may return a promise: the dialog waits). */
export function ConfirmLink({ confirm, onConfirm, okTestId, ...props }: ButtonProps & { confirm: React.ReactNode; onConfirm(): unknown; okTestId?: string }) {
  return (
    <Popconfirm title={confirm} onConfirm={onConfirm} okButtonProps={okTestId ? ({ 'data-testid': okTestId } as ButtonProps) : undefined}>
      <Button size="small" type="link" danger {...props} />
    </Popconfirm>
  )
}

/**
 * An on/off row action (forbid, lock, blacklist): switching it on asks first and is shown as danger,
 * switching it off is a plain click.
 */
export function ToggleLink({
  on,
  onChange,
  confirm,
  turnOn,
  turnOff,
  onTestId,
  offTestId,
}: {
  /** the current state (e.g. forbidden) */
  on: boolean
  onChange(next: boolean): unknown
  confirm: React.ReactNode
  turnOn: React.ReactNode
  turnOff: React.ReactNode
  onTestId?: string
  offTestId?: string
}) {
  return on ? (
    <RowLink onClick={() => void onChange(false)} data-testid={offTestId}>
      {turnOff}
    </RowLink>
  ) : (
    <ConfirmLink confirm={confirm} onConfirm={() => onChange(true)} data-testid={onTestId}>
      {turnOn}
    </ConfirmLink>
  )
}

/**
 * A table's last column, "Actions": the row's actions side by side (wrapping when the column is narrow),
 * fixed to the right edge so a wide table scrolls under it.
 */
export function actionsColumn<T>(title: string, width: number, render: (row: T) => React.ReactNode): ColumnType<T> {
  return {
    title,
    key: 'actions',
    width,
    fixed: 'right',
    render: (_, row) => (
      <Space size={0} wrap>
        {render(row)}
      </Space>
    ),
  }
}
