/** The generic content card (cover, title, summary, meta, tags) and row (thumbnail, title, summary, meta). */
import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import { Cover, Tags } from './media'
import './ui.scss'

export function ContentCard({
  cover,
  title,
  summary,
  meta,
  tags,
  badge,
  onClick,
  testid,
}: {
  cover?: string | null
  title: string
  summary?: string
  meta?: (string | null | undefined | false)[]
  tags?: string[]
  badge?: string
  onClick?: () => void
  testid: string
}) {
  const lines = (meta || []).filter(Boolean) as string[]
  return (
    <View className='hj-c-card' data-testid={testid} onClick={onClick}>
      <View className='hj-c-card__cover'>
        <Cover src={cover} title={title} />
        {badge && <Text className='hj-c-card__badge'>{badge}</Text>}
      </View>
      <View className='hj-c-card__body'>
        <Text className='hj-c-card__title'>{title}</Text>
        {summary && <Text className='hj-c-card__summary'>{summary}</Text>}
        {lines.map((m, i) => (
          <Text key={`${i}-${m}`} className='hj-c-card__meta'>
            {m}
          </Text>
        ))}
        <Tags tags={tags} />
      </View>
    </View>
  )
}

/** Horizontal row: optional thumbnail, title, summary, meta line. */
export function ContentRow({
  cover,
  title,
  summary,
  meta,
  badge,
  onClick,
  testid,
  children,
}: {
  cover?: string | null | false
  title: string
  summary?: string
  meta?: (string | null | undefined | false)[]
  badge?: string
  onClick?: () => void
  testid: string
  children?: ReactNode
}) {
  const lines = (meta || []).filter(Boolean) as string[]
  return (
    <View className='hj-c-row' data-testid={testid} onClick={onClick}>
      {cover !== false && cover !== undefined && (
        <View className='hj-c-row__thumb'>
          <Cover src={cover} title={title} />
        </View>
      )}
      <View className='hj-c-row__body'>
        <View className='hj-c-row__head'>
          {badge && <Text className='hj-c-badge'>{badge}</Text>}
          <Text className='hj-c-row__title'>{title}</Text>
        </View>
        {summary && <Text className='hj-c-row__summary'>{summary}</Text>}
        {lines.length > 0 && (
          <View className='hj-c-row__meta'>
            {lines.map((m, i) => (
              <Text key={`${i}-${m}`} className='hj-c-row__meta-item'>
                {m}
              </Text>
            ))}
          </View>
        )}
        {children}
      </View>
    </View>
  )
}
