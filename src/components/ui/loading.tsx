/**
 * List states: a loading line on taro-ui's AtActivityIndicator (spinner + text, themed), and our empty
 * line (taro-ui has no empty state). Apart from ui/list so that a page showing one list state (home's
 * partner wall) does not load the tabs, the load-more line and AtButton.
 */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import AtActivityIndicator from 'taro-ui/lib/components/activity-indicator'
import './at/loading.scss'
import './at/activity-indicator.scss'
import './ui.scss'
import Icon from './icon'

/**
 * The wrapper keeps the place's class (layout, and the e2e "still loading" check finds it by class and
 * text) and its test id, which taro-ui would not pass through.
 */
export function Loading({ text, className = 'hj-c-muted', testid }: { text: string; className?: string; testid?: string }) {
  return (
    <View className={`${className} hj-c-state`} data-testid={testid}>
      <AtActivityIndicator content={text} />
    </View>
  )
}

/** Loading / empty / failed line under a list or detail; renders nothing when there is content. */
export function ListState({ items, loading, failed, testid }: { items: unknown[] | null; loading: boolean; failed?: boolean; testid: string }) {
  const { t } = useTranslation()
  if (items === null || (loading && items.length === 0)) {
    return <Loading text={t('common.loading')} testid={`${testid}-loading`} />
  }
  // taro-ui has no empty state: ours
  if (items.length === 0) {
    return (
      <View className='hj-c-empty' data-testid={`${testid}-empty`}>
        <Icon name='empty' className='hj-c-empty__icon' color='#cccccc' />
        <Text className='hj-c-empty__text'>{failed ? t('common.networkError') : t('common.empty')}</Text>
      </View>
    )
  }
  return null
}
