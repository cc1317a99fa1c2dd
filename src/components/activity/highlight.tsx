/** Text with the search keywords highlighted (parts from highlightParts in src/shared/format.ts). */
import { Text } from '@tarojs/components'
import './activity.scss'
import { highlightParts } from '../../shared/format'

export default function Highlight({ text, keywords, className }: { text: string; keywords?: string; className?: string }) {
  const parts = highlightParts(text, keywords)
  return (
    <Text className={className}>
      {parts.map((p, i) =>
        p.hit ? (
          <Text key={i} className='hj-hl' data-testid='hl'>
            {p.text}
          </Text>
        ) : (
          <Text key={i}>{p.text}</Text>
        ),
      )}
    </Text>
  )
}
