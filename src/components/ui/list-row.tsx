/**
 * Rows of a list on taro-ui's AtList / AtListItem (the personal centre's lists). Apart from ui/list so
 * that a page with rows loads neither the tabs nor the load-more line, and the reverse.
 * No chevron (`arrow`): it needs taro-ui's icon font (a 20 KB style with a base64 font).
 */
import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import AtList from 'taro-ui/lib/components/list'
import AtListItem from 'taro-ui/lib/components/list/item'
import './at/list.scss'

/** The list around rows; our class carries the layout (taro-ui's hairlines are off: rows draw theirs). */
export function ListGroup({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <AtList hasBorder={false} className={className}>
      {children}
    </AtList>
  )
}

/**
 * One row. AtListItem passes no data-* through: the wrapper carries the test id and the place's class.
 * `thumb` is a node (our picture with its alt text, or initials): AtListItem's own `thumb` is an image
 * without alt, stretched (scaleToFill). A tap on the row calls `onClick`; a tap on `extra` (an action
 * button) stays there and does not open the row.
 */
export function ListRow({
  className,
  testid,
  thumb,
  title,
  note,
  extra,
  onClick,
}: {
  className?: string
  testid: string
  thumb?: ReactNode
  title: ReactNode
  note?: ReactNode
  extra?: ReactNode
  onClick?: () => void
}) {
  return (
    <View className={className} data-testid={testid}>
      <AtListItem
        hasBorder={false}
        icon={thumb || undefined}
        title={title}
        note={note || undefined}
        extraText={extra ? <View onClick={(e) => e.stopPropagation()}>{extra}</View> : undefined}
        onClick={onClick ? () => onClick() : undefined}
      />
    </View>
  )
}
