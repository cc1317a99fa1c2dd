/**
 * A list the user puts in order: each item numbered, with up / down and remove buttons (a topic's
 * connected items, a competition's linked activities).
 */
import React from 'react'
import { Button, List, Space, Tag } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons'

/** move one item of a list by delta (no change at the ends) */
export function moveItem<T>(list: T[], index: number, delta: number): T[] {
  const to = index + delta
  if (to < 0 || to >= list.length) return list
  const next = [...list]
  const [x] = next.splice(index, 1)
  next.splice(to, 0, x)
  return next
}

/** the up and down buttons of item `index` of `count` (disabled at the ends); `move` gets -1 or 1 */
export function moveButtons(index: number, count: number, move: (delta: -1 | 1) => void) {
  return [
    <Button key="up" size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(-1)} aria-label="up" />,
    <Button key="down" size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => move(1)} aria-label="down" />,
  ]
}

export interface OrderedListProps<T> {
  items: T[]
  /** the items in their new order after an up / down */
  onReorder(next: T[]): void
  onRemove(item: T): void
  /** what an item shows after its number */
  label(item: T): React.ReactNode
  header: React.ReactNode
  empty: React.ReactNode
  removeLabel?: string
  removeTestId?(item: T): string
  testId?: string
}

export function OrderedList<T>({ items, onReorder, onRemove, label, header, empty, removeLabel = 'remove', removeTestId, testId }: OrderedListProps<T>) {
  return (
    <List
      size="small"
      bordered
      header={header}
      dataSource={items}
      locale={{ emptyText: empty }}
      data-testid={testId}
      renderItem={(item, i) => (
        <List.Item
          actions={[
            ...moveButtons(i, items.length, (delta) => onReorder(moveItem(items, i, delta))),
            <Button key="rm" size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onRemove(item)} aria-label={removeLabel} data-testid={removeTestId?.(item)} />,
          ]}
        >
          <Space>
            <Tag>{i + 1}</Tag>
            {label(item)}
          </Space>
        </List.Item>
      )}
    />
  )
}
