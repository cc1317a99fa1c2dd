/**
 * "Messages" (the inbox) and the notification settings of the personal centre, in jsdom with the Taro
 * mock: what the person sees for each server answer and which calls their taps make.
 */
import React from 'react'
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import CenterPage from '../../src/pages/center/index'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetClient } from './support/reset'
import { useAuth } from '../../src/shared/stores/auth-store'
import { useUnread } from '../../src/shared/stores/unread-store'
import { QUIET_CENTRE, USER, callsTo, inboxItem, serve, type Route } from './support/center-server'

const T = Taro as any
const SETTINGS = { emailReminders: true, emailNotices: true, wechat: true, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }

beforeAll(() => initI18n())
beforeEach(() => {
  resetClient()
  act(() => useAuth.getState().login({ token: 'tok', userInfo: USER }))
})

/** the centre's other lists empty; the inbox pages through `items` (5 a page) and counts what is unread */
function serveInbox(items: ReturnType<typeof inboxItem>[], extra: Record<string, Route> = {}) {
  let unread = items.filter((i) => !i.read).length
  serve({
    ...QUIET_CENTRE,
    '/notification/my/list': (q: any) => ({ list: items.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: items.length, page: q.page, pageSize: q.pageSize, unread }),
    '/notification/my/unread': () => ({ count: unread }),
    '/notification/my/read': (b: any) => {
      unread = b.all ? 0 : Math.max(0, unread - b.ids.length)
      return { count: unread }
    },
    '/notification/my/settings': SETTINGS,
    '/notification/my/settings/save': (b: any) => ({ ...SETTINGS, ...b }),
    ...extra,
  })
}

describe('/center messages (the inbox)', () => {
  test.each(['en', 'zh'] as const)('newest first with unread marked, in %s; a tap marks it read and opens the activity; mark all read', async (lang) => {
    act(() => setLang(lang))
    serveInbox([inboxItem(2, 'approved', 41, false), inboxItem(1, 'notice', 13, false)])
    render(<CenterPage />)
    await waitFor(() => expect(screen.getAllByTestId('inbox-item')).toHaveLength(2))
    const titles = screen.getAllByTestId('inbox-item-title').map((e) => e.textContent)
    expect(titles).toEqual(lang === 'en' ? ['Enrolment approved: Activity 2', 'Venue changed'] : ['报名已通过：活动2', 'Venue changed'])
    expect(screen.getAllByTestId('inbox-item')[0].textContent).toContain(lang === 'en' ? 'The organizer approved your enrolment. · Time: 2026-12-01 09:00' : '主办方已通过您的报名。 · 时间：2026-12-01 09:00')
    expect(screen.getByTestId('center-inbox').textContent).toContain(lang === 'en' ? 'Messages (2)' : '消息 (2)')
    expect(screen.getAllByTestId('inbox-item')[0].textContent).toContain(lang === 'en' ? 'New' : '未读')
    expect(useUnread.getState().count).toBe(2)

    fireEvent.click(screen.getAllByTestId('inbox-item-title')[0])
    await waitFor(() => expect(callsTo('/notification/my/read')[0].data).toEqual({ ids: [2] }))
    await waitFor(() => expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/activity-detail/index?id=41' }))
    await waitFor(() => expect(screen.getByTestId('center-inbox').textContent).toContain(lang === 'en' ? 'Messages (1)' : '消息 (1)'))
    expect(screen.getAllByTestId('inbox-item')[0].textContent).not.toContain(lang === 'en' ? 'New' : '未读')
    expect(screen.getAllByTestId('inbox-item')[1].textContent).toContain(lang === 'en' ? 'New' : '未读')

    fireEvent.click(screen.getByTestId('inbox-mark-all'))
    await waitFor(() => expect(callsTo('/notification/my/read')[1].data).toEqual({ all: true }))
    await waitFor(() => expect(screen.queryByTestId('inbox-mark-all')).toBeNull())
    expect(screen.getAllByTestId('inbox-item').every((e) => !e.textContent!.includes(lang === 'en' ? 'New' : '未读'))).toBe(true)
    expect(useUnread.getState().count).toBe(0)
  })

  test('an item already read opens without a read call; a result without an activity page scrolls to "My activities"', async () => {
    serveInbox([inboxItem(3, 'approved', null, false), inboxItem(2, 'notice', 13, true)])
    render(<CenterPage />)
    await waitFor(() => expect(screen.getAllByTestId('inbox-item')).toHaveLength(2))
    fireEvent.click(screen.getAllByTestId('inbox-item-title')[1])
    await waitFor(() => expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/activity-detail/index?id=13' }))
    expect(callsTo('/notification/my/read')).toHaveLength(0)

    fireEvent.click(screen.getAllByTestId('inbox-item-title')[0])
    await waitFor(() => expect(callsTo('/notification/my/read').map((c: any) => c.data)).toEqual([{ ids: [3] }]))
    expect(T.pageScrollTo).toHaveBeenCalledWith({ selector: '#my-activities', duration: 300 })
    expect(document.getElementById('my-activities')?.getAttribute('data-testid')).toBe('center-activities')
    expect(T.navigateTo).toHaveBeenCalledTimes(1)
  })

  test('pages of 5 with the centre pager', async () => {
    const items = [7, 6, 5, 4, 3, 2, 1].map((id) => inboxItem(id, 'notice', 13, true))
    items.forEach((item, i) => (item.titleEn = `Notice ${7 - i}`))
    serveInbox(items)
    render(<CenterPage />)
    await waitFor(() => expect(screen.getAllByTestId('inbox-item')).toHaveLength(5))
    expect(screen.queryByTestId('inbox-mark-all')).toBeNull() // nothing unread
    expect(screen.getByTestId('center-inbox-pager').textContent).toContain('1 / 2')
    fireEvent.click(screen.getByTestId('center-inbox-next'))
    await waitFor(() => expect(screen.getAllByTestId('inbox-item-title').map((e) => e.textContent)).toEqual(['Notice 2', 'Notice 1']))
    expect(callsTo('/notification/my/list').map((c: any) => [c.data.page, c.data.pageSize])).toEqual([
      [1, 5],
      [2, 5],
    ])
  })

  test.each(['en', 'zh'] as const)('empty, and a failed load, as the other centre lists say it (%s)', async (lang) => {
    act(() => setLang(lang))
    serveInbox([])
    const first = render(<CenterPage />)
    await waitFor(() => expect(screen.getByTestId('center-inbox-empty').textContent).toBe(lang === 'en' ? 'No messages yet' : '暂无消息'))
    first.unmount()

    serveInbox([], { '/notification/my/list': [500, null] })
    render(<CenterPage />)
    await waitFor(() => expect(screen.getByTestId('center-inbox-empty').textContent).toBe(lang === 'en' ? 'Network error, please try again later' : '网络错误，请稍后重试'))
    expect(screen.queryByTestId('inbox-item')).toBeNull()
  })
})

describe('/center notification settings', () => {
  test('the switches save one at a time, and the device zone is sent once when it differs', async () => {
    serveInbox([], { '/notification/my/settings': { ...SETTINGS, timeZone: null } })
    render(<CenterPage />)
    await waitFor(() => expect(callsTo('/notification/my/settings/save')[0]?.data).toEqual({ timeZone: SETTINGS.timeZone }))
    const reminders = await screen.findByTestId('notify-settings-emailReminders')
    expect(reminders.getAttribute('aria-checked')).toBe('true')
    expect(screen.getByTestId('notify-settings-emailNotices').getAttribute('aria-checked')).toBe('true')
    // H5: no WeChat switch
    expect(screen.queryByTestId('notify-settings-wechat')).toBeNull()
    fireEvent.click(reminders)
    await waitFor(() => expect(callsTo('/notification/my/settings/save')[1].data).toEqual({ emailReminders: false }))
    await waitFor(() => expect(screen.getByTestId('notify-settings-emailReminders').getAttribute('aria-checked')).toBe('false'))
    expect(screen.getByTestId('notify-settings-emailReminders').querySelector('.hj-ct-switch')!.className).not.toContain('is-on')
    expect(screen.getByTestId('notify-settings-emailNotices').querySelector('.hj-ct-switch')!.className).toContain('is-on')
    // the keyboard presses it too (Space; Tab reaches it as a switch)
    const notices = screen.getByTestId('notify-settings-emailNotices')
    expect([notices.getAttribute('role'), notices.getAttribute('tabindex')]).toEqual(['switch', '0'])
    fireEvent.keyDown(notices, { key: ' ' })
    await waitFor(() => expect(callsTo('/notification/my/settings/save')[2]?.data).toEqual({ emailNotices: false }))
    fireEvent.keyDown(notices, { key: 'a' })
    expect(callsTo('/notification/my/settings/save')).toHaveLength(3)
  })

  test('the stored zone already is the device one: nothing is sent; a refused save puts the switch back (zh)', async () => {
    act(() => setLang('zh'))
    serveInbox([], { '/notification/my/settings/save': [500, null] })
    render(<CenterPage />)
    const notices = await screen.findByTestId('notify-settings-emailNotices')
    expect(screen.getByTestId('notify-settings').textContent).toContain('通知设置')
    expect(notices.textContent).toBe('主办方通知邮件')
    expect(notices.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(notices)
    await waitFor(() => expect(callsTo('/notification/my/settings/save').map((c: any) => c.data)).toEqual([{ emailNotices: false }]))
    await waitFor(() => expect(screen.getByTestId('notify-settings-emailNotices').getAttribute('aria-checked')).toBe('true'))
  })
})
