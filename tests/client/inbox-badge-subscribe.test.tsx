/**
 * The unread badge (H5 tab bar and desktop header read one store; the mini-program's native tab bar gets
 * setTabBarBadge) and the mini-program's subscription request at enrolment (weapp file, asked within the tap).
 */
import React from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import TabBar from '../../src/components/layout/tab-bar'
import Header from '../../src/components/layout/header'
import EnrollSection from '../../src/components/enrollment/enroll-section'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetClient } from './support/reset'
import { useAuth } from '../../src/shared/stores/auth-store'
import { useUnread } from '../../src/shared/stores/unread-store'
import { USER, callsTo, serve } from './support/center-server'
import { typeInto } from './support/fields'
import type { ActivityDetail } from '@contracts/activity'
// the mini-program variants (jest resolves the .h5 files first; these are named with their extension);
// the enrolment panel gets the mini-program's subscribe-message too
jest.mock('../../src/shared/platform/subscribe-message', () => jest.requireActual('../../src/shared/platform/subscribe-message.ts'))
const weappTabBar: typeof import('../../src/shared/platform/tab-bar') = require('../../src/shared/platform/tab-bar.ts')
const weappSubscribe: typeof import('../../src/shared/platform/subscribe-message') = require('../../src/shared/platform/subscribe-message.ts')

const T = Taro as any

beforeAll(() => initI18n())
beforeEach(() => {
  resetClient()
  act(() => useAuth.getState().logout())
  useUnread.setState({ count: 0, readAt: 0 })
})

test('the tab bar shows the unread count on "me" once the store has read it, and none without a login', async () => {
  serve({ '/notification/my/unread': { count: 3 } })
  render(<TabBar path='/' />)
  await act(() => useUnread.getState().refresh(true))
  expect(screen.queryByTestId('inbox-unread-badge')).toBeNull() // logged out: no call, no badge
  expect(callsTo('/notification/my/unread')).toHaveLength(0)
  act(() => useAuth.getState().login({ token: 'tok', userInfo: USER }))
  await act(() => useUnread.getState().refresh(true))
  expect(screen.getByTestId('inbox-unread-badge').textContent).toBe('3')
  expect(screen.getByTestId('inbox-unread-badge').getAttribute('aria-label')).toBe('3 unread messages')
  // a show within the refresh interval asks nothing more
  await act(() => useUnread.getState().refresh())
  expect(callsTo('/notification/my/unread')).toHaveLength(1)
  // logging out clears it at once
  act(() => useAuth.getState().logout())
  expect(screen.queryByTestId('inbox-unread-badge')).toBeNull()
})

test.each([
  ['en', 120, '99+', '120 unread messages'],
  ['zh', 4, '4', '4 条未读消息'],
] as const)('the desktop header shows the count by the user entry (%s)', async (lang, count, text, label) => {
  act(() => setLang(lang))
  act(() => useAuth.getState().login({ token: 'tok', userInfo: USER }))
  serve({ '/notification/my/unread': { count } })
  render(<Header path='/' />)
  expect(screen.queryByTestId('header-unread-badge')).toBeNull()
  await act(() => useUnread.getState().refresh())
  expect(screen.getByTestId('header-unread-badge').textContent).toBe(text)
  expect(screen.getByTestId('header-unread-badge').getAttribute('aria-label')).toBe(label)
  expect(screen.getByTestId('header-user').textContent).toContain(USER.nickName)
  // the badge sits in the entry that opens the user menu
  fireEvent.click(screen.getByTestId('header-unread-badge'))
  expect(screen.getByTestId('header-user').parentElement!.textContent).toMatch(lang === 'en' ? /Log ?out/i : /退出/)
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
  serve({ '/notification/wechat/templates': { templateIds: ['tpl-result', 'tpl-reminder', 'tpl-change', 'tpl-extra'] }, '/notification/wechat/subscribe': { accepted: 1 } })
  T.requestSubscribeMessage = jest.fn().mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', 'tpl-result': 'accept', 'tpl-reminder': 'reject', 'tpl-change': 'ban' })
  weappSubscribe.resetSubscribe()
  weappSubscribe.prepareSubscribe()
  await waitFor(() => expect(callsTo('/notification/wechat/templates')).toHaveLength(1))
  await act(async () => new Promise((r) => setTimeout(r, 0)))
  // a second form opening does not ask again
  weappSubscribe.prepareSubscribe()
  const asked = weappSubscribe.askSubscribe()
  // the request is made synchronously, within the tap, with at most the 3 templates WeChat takes at once
  expect(T.requestSubscribeMessage).toHaveBeenCalledWith({ tmplIds: ['tpl-result', 'tpl-reminder', 'tpl-change'] })
  await asked
  expect(callsTo('/notification/wechat/subscribe')[0].data).toEqual({ results: { 'tpl-result': 'accept', 'tpl-reminder': 'reject', 'tpl-change': 'ban' } })
  expect(callsTo('/notification/wechat/templates')).toHaveLength(1)

  // nothing accepted: nothing recorded; a refused dialog never blocks
  T.requestSubscribeMessage = jest.fn().mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', 'tpl-result': 'reject' })
  await weappSubscribe.askSubscribe()
  T.requestSubscribeMessage = jest.fn().mockRejectedValue(new Error('requestSubscribeMessage:fail cancel'))
  await weappSubscribe.askSubscribe()
  expect(callsTo('/notification/wechat/subscribe')).toHaveLength(1)
})

test('mini-program enrolment without templates (the channel is off): no dialog', async () => {
  serve({ '/notification/wechat/templates': { templateIds: [] } })
  T.requestSubscribeMessage = jest.fn()
  weappSubscribe.resetSubscribe()
  weappSubscribe.prepareSubscribe()
  await waitFor(() => expect(callsTo('/notification/wechat/templates')).toHaveLength(1))
  await act(async () => new Promise((r) => setTimeout(r, 0)))
  await weappSubscribe.askSubscribe()
  expect(T.requestSubscribeMessage).not.toHaveBeenCalled()
})

test('the enrolment panel asks within the submit tap, before its own request, and enrols whatever the answer', async () => {
  act(() => useAuth.getState().login({ token: 'tok', userInfo: USER }))
  weappSubscribe.resetSubscribe()
  serve({
    '/notification/wechat/templates': { templateIds: ['tpl-result'] },
    '/activity/enroll/form': {
      activityId: 3, titleZh: '悉尼人才论坛', titleEn: 'Sydney Talent Forum', enrollNotesZh: '', enrollNotesEn: '', isNeedLoginEnroll: true, signUpOnce: true, enrollNeedProcess: false,
      peopleCount: 0, enrolledCount: 0, enrollState: 'register_now', myEnrollment: null,
      fields: [{ key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Full name', required: true, maxLength: 50 }],
    },
    '/activity/enroll/submit': { enrollmentId: 11, status: 'approved' },
  })
  const submittedBeforeAsk: number[] = []
  T.requestSubscribeMessage = jest.fn(() => {
    submittedBeforeAsk.push(callsTo('/activity/enroll/submit').length)
    return Promise.reject(new Error('requestSubscribeMessage:fail cancel'))
  })
  const detail = { id: 3, titleZh: '悉尼人才论坛', titleEn: 'Sydney Talent Forum', isNeedLoginEnroll: true, enrollState: 'register_now', myEnrollment: null, peopleCount: 0, enrolledCount: 0 } as unknown as ActivityDetail
  const onChanged = jest.fn()
  render(<EnrollSection detail={detail} onChanged={onChanged} />)
  fireEvent.click(screen.getByTestId('enroll-button'))
  await waitFor(() => expect(callsTo('/notification/wechat/templates')).toHaveLength(1))
  await screen.findByTestId('enroll-input-name')
  // an answer missing: no request, and no dialog
  fireEvent.click(screen.getByTestId('enroll-submit'))
  expect(T.requestSubscribeMessage).not.toHaveBeenCalled()
  typeInto('enroll-input-name', 'Li Si')
  fireEvent.click(screen.getByTestId('enroll-submit'))
  // synchronously within the click, before the enrolment was sent
  expect(T.requestSubscribeMessage).toHaveBeenCalledWith({ tmplIds: ['tpl-result'] })
  expect(submittedBeforeAsk).toEqual([0])
  // the dialog was dismissed: the enrolment goes through all the same
  await waitFor(() => expect(onChanged).toHaveBeenCalled())
  expect(callsTo('/activity/enroll/submit')[0].data).toEqual({ activityId: 3, answers: { name: 'Li Si' } })
  expect(callsTo('/notification/wechat/subscribe')).toHaveLength(0)
})
