/**
 * The "send code" / "resend in 60 s" button beside a code field, on taro-ui's AtButton. The test id sits
 * on our wrapper (AtButton drops data-*), with `is-disabled` while it counts down or sends, and the wrapper
 * takes the tap (a tap on the button bubbles to it), only while enabled; the caller still guards against
 * a second send.
 */
import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import AtButton from 'taro-ui/lib/components/button'
import './at/loading.scss' // AtButton's loading state
import './at/button.scss'
import './form.scss'

export default function CodeButton({ testId, disabled, onClick, children }: { testId: string; disabled: boolean; onClick(): void; children: ReactNode }) {
  return (
    <View className={`hj-code-btn${disabled ? ' is-disabled' : ''}`} data-testid={testId} onClick={() => !disabled && onClick()}>
      <AtButton type='secondary' size='small' disabled={disabled} customStyle={{}}>
        {children}
      </AtButton>
    </View>
  )
}
