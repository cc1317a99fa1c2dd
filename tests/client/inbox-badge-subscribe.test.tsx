/**
 * The unread badge (H5 tab bar and desktop header read one store; the mini-program's native tab bar gets
 * setTabBarBadge) and the mini-program's subscription request at enrolment (weapp file, asked within the tap).
 */
import React from 'react'
import { act, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import TabBar from '../../src/components/layout/tab-bar'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetRequestState } from '../../src/shared/api/request'
import { useAuth } from '../../src/shared/stores/auth-store'
import { useUnread } from '../../src/shared/stores/unread-store'
// the mini-program variants (jest resolves the .h5 files first; these are named with their extension)
const weappTabBar: typeof import('../../src/shared/platform/tab-bar') = require('../../src/shared/platform/tab-bar.ts')
const weappSubscribe: typeof import('../../src/shared/platform/subscribe-message') = require('../../src/shared/platform/subscribe-message.ts')

const T = Taro as any
const path = (url: string) => url.replace(/^.*\/api\/v1/, '')
const callsTo = (p: string) => T.request.mock.calls.map((c: any[]) => c[0]).filter((o: any) => path(o.url) === p)
const serve = (routes: Record<string, unknown>) =>
  T.request.mockImplementation(async ({ url }: { url: string }) => ({ statusCode: 200, header: {}, data: { code: 200, result: routes[path(url)] ?? null, message: '' } }))

beforeAll(() => initI18n())
beforeEach(() => {
  T.__reset()
  resetRequestState()
  setLang('en')
  act(() => useAuth.getState().logout())
  useUnread.setState({ count: 0, readAt: 0 })
})

test('the tab bar shows the unread count on "me" once the store has read it, and none without a login', async () => {
  serve({ '/notification/my/unread': { count: 3 } })
  render(<TabBar path='/' />)
  await act(() => useUnread.getState().refresh(true))
  expect(screen.queryByTestId('inbox-unread-badge')).toBeNull() // logged out: no call, no badge
  expect(callsTo('/notification/my/unread')).toHaveLength(0)
  act(() => useAuth.getState().login({ token: 'tok', userInfo: { id: 1 } as any }))
  await act(() => useUnread.getState().refresh(true))
  expect(screen.getByTestId('inbox-unread-badge').textContent).toBe('3')
  expect(screen.getByTestId('inbox-unread-badge').getAttribute('aria-label')).toBe('3 unread messages')
  // a show within the refresh interval asks nothing more
  await act(() => useUnread.getState().refresh())
  expect(callsTo('/notification/my/unread')).toHaveLength(1)
})

test('mini-program tab bar: a badge on the fifth tab, removed at zero', () => {
  T.setTabBarBadge = jest.fn().mockResolvedValue({})
  T.removeTabBarBadge = jest.fn().mockResolvedValue({})
  weappTabBar.setCenterBadge(120)
  expect(T.setTabBarBadge).toHaveBeenCalledWith({ index: 4, text: '99+' })
  weappTabBar.setCenterBadge(0)
  expect(T.removeTabBarBadge).toHaveBeenCalledWith({ index: 4 })
})

test('mini-program enrolment: the templates are fetched when the form opens, asked for in the tap, and what was accepted is recorded', async () => {
  serve({ '/notification/wechat/templates': { templateIds: ['tpl-result', 'tpl-reminder'] }, '/notification/wechat/subscribe': { accepted: 1 } })
  T.requestSubscribeMessage = jest.fn().mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', 'tpl-result': 'accept', 'tpl-reminder': 'reject' })
  weappSubscribe.resetSubscribe()
  weappSubscribe.prepareSubscribe()
  await waitFor(() => expect(callsTo('/notification/wechat/templates')).toHaveLength(1))
  await act(async () => new Promise((r) => setTimeout(r, 0)))
  const asked = weappSubscribe.askSubscribe()
  // the request is made synchronously, within the tap
  expect(T.requestSubscribeMessage).toHaveBeenCalledWith({ tmplIds: ['tpl-result', 'tpl-reminder'] })
  await asked
  expect(callsTo('/notification/wechat/subscribe')[0].data).toEqual({ results: { 'tpl-result': 'accept', 'tpl-reminder': 'reject' } })

  // nothing accepted: nothing recorded; a refused dialog never blocks
  T.requestSubscribeMessage = jest.fn().mockRejectedValue(new Error('requestSubscribeMessage:fail cancel'))
  await weappSubscribe.askSubscribe()
  expect(callsTo('/notification/wechat/subscribe')).toHaveLength(1)
})
