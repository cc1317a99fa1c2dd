import { act } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { setLang } from '../../../src/shared/i18n'
import { resetRequestState } from '../../../src/shared/api/request'
import { useAuth } from '../../../src/shared/stores/auth-store'

/** A page test's start: fresh Taro mocks and request state, English, the login as storage holds it. */
export function resetClient(): void {
  ;(Taro as any).__reset()
  resetRequestState()
  setLang('en')
  act(() => useAuth.getState().sync())
}
