/**
 * Chips (a filter's choices) and tags (labels on cards and details) on taro-ui's AtTag: the look and the
 * picked state come from the theme (ui/theme.scss). Apart from ui/list so that a card's tags do not pull
 * the tabs and list states into the page that shows the card.
 */
import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import AtTag from 'taro-ui/lib/components/tag'
import './at/tag.scss'

/** One chip. The wrapper carries the test id and takes the tap (AtTag passes no data-* through). */
export function Chip({ active, onPick, testid, children, className = 'hj-c-chip' }: { active: boolean; onPick(): void; testid: string; children: ReactNode; className?: string }) {
  return (
    <View className={`${className}${active ? ' is-active' : ''}`} data-testid={testid} onClick={() => onPick()}>
      <AtTag type='primary' size='small' circle active={active} customStyle={{}}>
        {children}
      </AtTag>
    </View>
  )
}

/** A label; `className` keeps the place's colours (hj-c-tag: brand on light red, hj-tag: grey). */
export function Tag({ children, className = 'hj-c-tag', onClick }: { children: ReactNode; className?: string; onClick?(): void }) {
  return (
    <AtTag size='small' className={className} customStyle={{}} onClick={onClick ? () => onClick() : undefined}>
      {children}
    </AtTag>
  )
}
