/**
 * A list page: the card with its title, the toolbar (the Add button behind the route's 'add' button and
 * any other `actions` on the left, the `filters` on the right) and the table of a useTableList list;
 * `children` are the page's drawers and dialogs.
 */
import React from 'react'
import { Button, Card } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { Permission } from '../../core/permission'
import { ListTable, type ListTableProps } from './list-table'
import { ListToolbar } from './list-toolbar'

/** a list's Add button (route button 'add') */
export function AddButton({ label, onClick, testId }: { label: string; onClick(): void; testId: string }) {
  return (
    <Permission name="add">
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {label}
      </Button>
    </Permission>
  )
}

export interface ListCardProps<T> {
  title?: React.ReactNode
  testId?: string
  add: { label: string; onClick(): void; testId: string }
  /** more actions after Add */
  actions?: React.ReactNode
  filters: React.ReactNode
  table: ListTableProps<T>
  children?: React.ReactNode
}

export function ListCard<T extends object>({ title, testId, add, actions, filters, table, children }: ListCardProps<T>) {
  return (
    <Card title={title} data-testid={testId}>
      <ListToolbar
        actions={
          <>
            <AddButton {...add} />
            {actions}
          </>
        }
      >
        {filters}
      </ListToolbar>
      <ListTable<T> {...table} />
      {children}
    </Card>
  )
}
