/** Table cells the list views share. */
import React from 'react'
import { Space, Typography } from 'antd'

/** Two lines in one cell: the main text and a smaller, secondary one under it (left out when empty). */
export function TwoLines({ main, sub, subTestId }: { main: React.ReactNode; sub?: React.ReactNode; subTestId?: string }) {
  return (
    <Space direction="vertical" size={0}>
      {main}
      {sub ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={subTestId}>
          {sub}
        </Typography.Text>
      ) : null}
    </Space>
  )
}
