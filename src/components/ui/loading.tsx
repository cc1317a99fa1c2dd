/**
 * A loading line: taro-ui's AtActivityIndicator (spinner + text, themed). The wrapper keeps the place's
 * class (layout, and the e2e "still loading" check finds it by class and text) and its test id, which
 * taro-ui would not pass through.
 */
import { View } from '@tarojs/components'
import AtActivityIndicator from 'taro-ui/lib/components/activity-indicator'
import './at/loading.scss'
import './at/activity-indicator.scss'
import './ui.scss'

export function Loading({ text, className = 'hj-c-muted', testid }: { text: string; className?: string; testid?: string }) {
  return (
    <View className={`${className} hj-c-state`} data-testid={testid}>
      <AtActivityIndicator content={text} />
    </View>
  )
}
