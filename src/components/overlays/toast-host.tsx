/**
 * Draws the current toast (src/shared/stores/toast-store.ts) with taro-ui's AtToast, for the time it has
 * left; a tap hides it. AtToast drops data-*: the test id sits on our wrapper. Rendered inside the host's
 * live region, so screen readers read it (Taro's own H5 toast is a bare div they do not announce).
 */
import { View } from '@tarojs/components'
import AtToast from 'taro-ui/lib/components/toast'
import { hideToast, useToast } from '../../shared/stores/toast-store'
import '../ui/at/toast.scss'
import './toast-host.scss'

export default function ToastHost() {
  const current = useToast((s) => s.current)
  if (!current) return null
  const left = Math.max(1, current.until - Date.now())
  return (
    <View className='hj-toast' data-testid='toast' data-icon={current.icon}>
      <AtToast key={current.id} isOpened text={current.title} status={current.icon === 'success' ? 'success' : ''} duration={left} customStyle={{}} onClose={() => hideToast(current.id)} />
    </View>
  )
}
