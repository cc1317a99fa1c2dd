/**
 * Mini-program build of ./toast-host.tsx: the same toast in AtToast's markup and styles (ui/at/toast.scss),
 * drawn here instead of by AtToast, whose status pictures are 21 KB of base64 PNG in the main package. The
 * success mark is our check icon (an SVG) in the picture's place; a tap or the time left hides it.
 */
import { useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import Icon from '../ui/icon'
import { hideToast, useToast } from '../../shared/stores/toast-store'
import '../ui/at/toast.scss'
import './toast-host.scss'

export default function ToastHost() {
  const current = useToast((s) => s.current)
  const id = current?.id
  const until = current?.until ?? 0
  useEffect(() => {
    if (id === undefined) return undefined
    const timer = setTimeout(() => hideToast(id), Math.max(1, until - Date.now()))
    return () => clearTimeout(timer)
  }, [id, until])
  if (!current) return null
  const success = current.icon === 'success'
  return (
    <View className='hj-toast' data-testid='toast' data-icon={current.icon}>
      <View className='at-toast'>
        <View className={`toast-body${success ? ' at-toast__body--success' : ' toast-body--text'}`} onClick={() => hideToast(current.id)}>
          <View className='toast-body-content'>
            {success && (
              <View className='toast-body-content__img'>
                <Icon name='check' color='#ffffff' className='toast-body-content__img-item' />
              </View>
            )}
            {current.title && (
              <View className='toast-body-content__info'>
                <Text>{current.title}</Text>
              </View>
            )}
          </View>
        </View>
      </View>
    </View>
  )
}
