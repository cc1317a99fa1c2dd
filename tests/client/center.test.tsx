/**
 * Personal centre pages and the engage buttons in jsdom with the Taro mock: what a
 * person sees for each server answer and which calls their clicks make.
 */
import React from 'react'
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import CenterPage from '../../src/pages/center/index'
import CenterUserinfoPage from '../../src/pages/center-userinfo/index'
import CenterTalentPage from '../../src/pages/center-talent/index'
import FavoriteButton from '../../src/components/engage/favorite-button'
import FollowButton from '../../src/components/engage/follow-button'
import ProfileCard from '../../src/components/center/profile-card'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetRequestState } from '../../src/shared/api/request'
import { useAuth } from '../../src/shared/stores/auth-store'
import type { CurrentUser } from '@contracts/api'
import { QUIET_CENTRE, USER, callsTo, inboxItem, pageOf, serve } from './support/center-server'
import { typeInto, fieldValue } from './support/fields'
import { toastTitles } from './support/toasts'
import { answerFilePicker } from './support/file-picker'

const T = Taro as any
const activity = (id: number, titleZh: string, titleEn: string) => ({
  id, titleZh, titleEn, summaryZh: '', summaryEn: '', type: 'offline', posterUrl: null, startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-01T05:00:00.000Z',
  timeZone: 'UTC+08:00', country: 'CN', cityZh: '北京', cityEn: 'Beijing', organizerId: 1, organizerNameZh: '主办', organizerNameEn: 'Org', peopleCount: 10,
  enrolledCount: 1, isHot: false, status: 'upcoming', categories: [], tagsZh: [], tagsEn: [], viewCount: 0,
})
const topic = (id: number, titleZh: string, titleEn: string) => ({ id, titleZh, titleEn, summaryZh: '', summaryEn: '', coverUrl: null, tagsZh: [], tagsEn: [], publishedAt: '2026-11-01T00:00:00.000Z', viewCount: 0 })
const org = { id: 5, nameZh: '全球留学生联合会', nameEn: 'Global Chinese Students Alliance', logoUrl: null, kind: 'organizer', isPremium: false, cityZh: '伦敦', cityEn: 'London', introZh: '', introEn: '', activityCount: 3, followerCount: 4411, followedAt: '2026-11-20T00:00:00.000Z' }

/** types into a field and presses the button that saves (or sends) it */
function typeAndSave(field: string, value: string, button: string) {
  typeInto(field, value)
  fireEvent.click(screen.getByTestId(button))
}

function logIn(user: CurrentUser = USER) {
  act(() => useAuth.getState().login({ token: 'tok', userInfo: user }))
}

beforeAll(() => initI18n())
beforeEach(() => {
  T.__reset()
  resetRequestState()
  setLang('en')
  window.history.replaceState({}, '', '/')
  act(() => useAuth.getState().logout())
})

describe('/center', () => {
  test('a visitor is sent to login with a redirect back to the centre and sees the login prompt', async () => {
    window.history.replaceState({}, '', '/center')
    serve({})
    render(<CenterPage />)
    expect(screen.getByTestId('center-login-prompt').textContent).toContain('Log in to see your enrolments')
    await waitFor(() => expect(T.navigateTo).toHaveBeenCalledWith({ url: `/pages/login/index?redirect=${encodeURIComponent('/center')}` }))
    expect(callsTo('/favorite/info/list/my')).toHaveLength(0)
  })

  test('logged in: profile, my activities per segment, favourites per type with removal, follows with unfollow', async () => {
    logIn()
    const pendingRow = { enrollmentId: 2, status: 'pending', createdAt: '2026-11-02T00:00:00.000Z', activity: activity(12, '待审核活动', 'Awaiting approval') }
    const enrolledRow = { enrollmentId: 1, status: 'approved', createdAt: '2026-11-01T00:00:00.000Z', activity: activity(13, '已报名活动', 'Enrolled one') }
    let favorites = [{ type: 'activity', itemId: 11, createdAt: '2026-11-20T00:00:00.000Z', activity: activity(11, '北京创业大赛', 'Beijing Startup Contest') }]
    serve({
      '/system/user/current/user': USER,
      '/activity/enroll/my': (q: any) =>
        pageOf(
          q.segment === 'pending'
            ? [pendingRow]
            : q.segment === 'all'
              ? [pendingRow, { enrollmentId: 3, status: 'rejected', createdAt: '2026-11-01T12:00:00.000Z', activity: activity(14, '未通过活动', 'Not this time') }, enrolledRow]
              : [enrolledRow],
        ),
      '/favorite/info/list/my': (q: any) => pageOf(q.type === 'topic' ? [{ type: 'topic', itemId: 21, createdAt: '2026-11-19T00:00:00.000Z', topic: topic(21, '回国专题', 'Homecoming topic') }] : favorites),
      '/favorite/info/remove': (b: any) => {
        favorites = favorites.filter((f) => !(f.type === b.type && f.itemId === b.id))
        return null
      },
      '/follow/info/list/my': pageOf([org]),
      '/follow/info/remove': { followed: false, followerCount: 4410 },
      '/system/user/promoter/info': { isPromoter: false, realName: null, email: USER.email, promoterCode: null, talentCount: 0 },
      '/notification/my/list': { ...pageOf([inboxItem(5, 'notice', 13, false)]), unread: 1 },
      '/notification/my/settings': { emailReminders: true, emailNotices: true, wechat: true, timeZone: null },
    })
    render(<CenterPage />)
    expect(screen.getByTestId('center-nickname').textContent).toBe('小海')
    expect(screen.getByTestId('center-email').textContent).toBe('xiaohai@example.com')
    // the first tab holds every enrolment with its state: the one waiting for approval is there at once
    await waitFor(() => expect(screen.getAllByTestId('center-activity-title').map((e) => e.textContent)).toEqual(['Awaiting approval', 'Not this time', 'Enrolled one']))
    expect(screen.getAllByTestId('center-activity').map((e) => e.textContent)).toEqual([expect.stringContaining('Waiting for approval'), expect.stringContaining('Not approved'), expect.stringContaining('Registered')])
    fireEvent.click(screen.getByTestId('center-activities-tab-enrolled'))
    await waitFor(() => expect(screen.getAllByTestId('center-activity-title').map((e) => e.textContent)).toEqual(['Enrolled one']))
    expect(screen.getAllByTestId('center-activity')[0].textContent).toContain('Registered')
    // the group notices of my activities are messages in my inbox
    await waitFor(() => expect(screen.getByTestId('inbox-item').textContent).toContain('Venue changed'))
    expect(screen.getByTestId('inbox-item').textContent).toContain('Hall B instead of Hall A.')
    fireEvent.click(screen.getByTestId('center-activities-tab-pending'))
    await waitFor(() => expect(screen.getAllByTestId('center-activity-title').map((e) => e.textContent)).toEqual(['Awaiting approval']))
    expect(screen.getAllByTestId('center-activity')[0].textContent).toContain('Waiting for approval')
    expect(callsTo('/activity/enroll/my').map((c: any) => c.data.segment)).toEqual(expect.arrayContaining(['all', 'enrolled', 'pending']))

    await waitFor(() => expect(screen.getAllByTestId('center-favorite-title').map((e) => e.textContent)).toEqual(['Beijing Startup Contest']))
    fireEvent.click(screen.getByTestId('center-favorite-title'))
    await waitFor(() => expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/activity-detail/index?id=11' }))
    fireEvent.click(screen.getByTestId('center-favorite-remove'))
    await waitFor(() => expect(callsTo('/favorite/info/remove')[0].data).toEqual({ type: 'activity', id: 11 }))
    await waitFor(() => expect(screen.getByTestId('center-favorites-empty')).toBeTruthy())
    fireEvent.click(screen.getByTestId('center-favorites-tab-topic'))
    await waitFor(() => expect(screen.getAllByTestId('center-favorite-title').map((e) => e.textContent)).toEqual(['Homecoming topic']))

    await waitFor(() => expect(screen.getAllByTestId('center-follow-title').map((e) => e.textContent)).toEqual(['Global Chinese Students Alliance']))
    expect(screen.getByTestId('center-follow').textContent).toContain('4411')
    act(() => setLang('zh'))
    expect(screen.getAllByTestId('center-follow-title')[0].textContent).toBe('全球留学生联合会')
    expect(screen.getByTestId('center-favorites-tab-topic').textContent).toBe('专题')
    fireEvent.click(screen.getByTestId('center-unfollow'))
    await waitFor(() => expect(callsTo('/follow/info/remove')[0].data).toEqual({ organizationId: 5 }))
    // the organizer entry of the sponsor section: a consumer may register as an organizer
    expect(screen.getByTestId('center-organizer-link').textContent).toBe('注册成为主办方')
  })

  test('becoming a promoter: a real name is required, then the share code and the talent link show', async () => {
    logIn()
    let promoter = false
    serve({
      '/system/user/current/user': () => ({ ...USER, isPromoter: promoter }),
      '/activity/enroll/my': pageOf([]),
      '/favorite/info/list/my': pageOf([]),
      '/follow/info/list/my': pageOf([]),
      '/activity/info/list': { list: [activity(42, '示例活动', 'Example')], total: 1, page: 1, pageSize: 1 },
      '/system/user/promoter/info': { isPromoter: false, realName: null, email: USER.email, promoterCode: null, talentCount: 0 },
      '/system/user/promoter/apply': (b: any) => {
        promoter = true
        return { isPromoter: true, realName: b.realName, email: b.email, promoterCode: 'ABCD2345', talentCount: 0, unconfirmedTalentCount: 2 }
      },
    })
    render(<CenterPage />)
    await waitFor(() => expect(screen.getByTestId('promoter-submit')).toBeTruthy())
    expect(fieldValue('promoter-email')).toBe(USER.email)
    fireEvent.click(screen.getByTestId('promoter-submit'))
    expect(screen.getByTestId('promoter-error').textContent).toBe('Please enter your real name')
    expect(callsTo('/system/user/promoter/apply')).toHaveLength(0)
    typeAndSave('promoter-real-name', ' 王五 ', 'promoter-submit')
    await waitFor(() => expect(screen.getByTestId('promoter-code').textContent).toBe('ABCD2345'))
    expect(callsTo('/system/user/promoter/apply')[0].data).toEqual({ realName: '王五', email: USER.email })
    await waitFor(() => expect(screen.getByTestId('promoter-share-link').textContent).toBe('/activityDetail?id=42&promoter=ABCD2345'))
    // visitors' enrolments with unconfirmed e-mails are shown apart from the count
    expect(screen.getByTestId('promoter-talent-count').textContent).toBe('0 enrolments through you')
    expect(screen.getByTestId('promoter-talent-unconfirmed').textContent).toBe('and 2 by visitors whose e-mail is not confirmed yet')
    await waitFor(() => expect(useAuth.getState().user?.isPromoter).toBe(true))
    fireEvent.click(screen.getByTestId('promoter-talent-link'))
    await waitFor(() => expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/center-talent/index' }))
  })
})

describe('log out from the centre and the profile page', () => {
  test.each([
    ['/center', () => <CenterPage />, 'en', 'Log out of Haijiao on this device?'],
    ['/center/userinfo', () => <CenterUserinfoPage />, 'zh', '确定在本设备上退出登录吗？'],
  ] as const)('%s: a tap asks, cancel keeps the login, confirm logs out and goes home', async (_path, page, lang, question) => {
    setLang(lang)
    logIn()
    serve({ ...QUIET_CENTRE, '/notification/my/list': { ...pageOf([]), unread: 0 }, '/notification/my/settings': { emailReminders: true, emailNotices: true, wechat: true, timeZone: null } })
    render(page())
    fireEvent.click(await screen.findByTestId('center-logout'))
    expect(screen.getByTestId('center-logout-box').textContent).toContain(question)
    fireEvent.click(screen.getByTestId('center-logout-cancel'))
    expect(useAuth.getState().token).toBe('tok')
    fireEvent.click(screen.getByTestId('center-logout'))
    fireEvent.click(screen.getByTestId('center-logout-confirm'))
    expect(useAuth.getState().token).toBeFalsy()
    await waitFor(() => expect([...T.switchTab.mock.calls, ...T.reLaunch.mock.calls, ...T.redirectTo.mock.calls].map((c: any) => c[0].url)).toContain('/pages/index/index'))
  })
})

describe('/center shown as a tab', () => {
  test('the first show loads each list once; showing the tab again re-reads them', async () => {
    // Taro calls a page's didShow once it is shown (right after the first render), then on every return to it
    const shown = new Set<{ current: () => void }>()
    T.useDidShow.mockImplementation((cb: () => void) => {
      const ref = React.useRef(cb)
      ref.current = cb
      React.useEffect(() => {
        shown.add(ref)
        ref.current()
        return () => void shown.delete(ref)
      }, [])
    })
    logIn()
    serve({ ...QUIET_CENTRE, '/notification/my/list': { ...pageOf([]), unread: 0 } })
    render(<CenterPage />)
    await waitFor(() => expect(callsTo('/follow/info/list/my').length).toBeGreaterThan(0))
    await act(async () => new Promise((r) => setTimeout(r, 50)))
    const first = { enrolments: callsTo('/activity/enroll/my').length, favourites: callsTo('/favorite/info/list/my').length, follows: callsTo('/follow/info/list/my').length }
    expect(first).toEqual({ enrolments: 1, favourites: 1, follows: 1 })
    act(() => shown.forEach((s) => s.current()))
    await waitFor(() => expect(callsTo('/follow/info/list/my')).toHaveLength(2))
    expect(callsTo('/activity/enroll/my')).toHaveLength(2)
    expect(callsTo('/favorite/info/list/my')).toHaveLength(2)
  })
})

describe('engage buttons', () => {
  test('favourite: a visitor goes to login and back; logged in it toggles, and 430 shows the favourite state', async () => {
    window.history.replaceState({}, '', '/topicDetail?id=21')
    serve({})
    const { unmount } = render(<FavoriteButton type='topic' id={21} />)
    fireEvent.click(screen.getByTestId('favorite-button'))
    await waitFor(() => expect(T.navigateTo).toHaveBeenCalledWith({ url: `/pages/login/index?redirect=${encodeURIComponent('/topicDetail?id=21')}` }))
    unmount()

    logIn()
    let added = 0
    serve({
      '/favorite/info/status': { favorite: false },
      '/favorite/info/add': () => (++added > 1 ? [430, null] : null),
      '/favorite/info/remove': null,
    })
    render(<FavoriteButton type='topic' id={21} />)
    await waitFor(() => expect(callsTo('/favorite/info/status')[0].data).toEqual({ type: 'topic', id: 21 }))
    const btn = () => screen.getByTestId('favorite-button')
    expect(btn().getAttribute('data-favorite')).toBe('false')
    fireEvent.click(btn())
    await waitFor(() => expect(btn().getAttribute('data-favorite')).toBe('true'))
    expect(btn().textContent).toContain('Favourited')
    expect(callsTo('/favorite/info/add')[0].data).toEqual({ type: 'topic', id: 21 })
    fireEvent.click(btn())
    await waitFor(() => expect(btn().getAttribute('data-favorite')).toBe('false'))
    fireEvent.click(btn())
    // already a favourite (e.g. added in another tab): the warning shows and so does the state
    await waitFor(() => expect(btn().getAttribute('data-favorite')).toBe('true'))
    expect(toastTitles()).toContain('Interested activity already exists')
  })

  test('follow: logged in it follows and unfollows an organizer', async () => {
    logIn()
    serve({
      '/follow/info/status': { followed: false, followerCount: 10 },
      '/follow/info/add': { followed: true, followerCount: 11 },
      '/follow/info/remove': { followed: false, followerCount: 10 },
    })
    const changes: unknown[] = []
    render(<FollowButton id={5} followed={false} onChange={(s) => changes.push(s)} />)
    const btn = () => screen.getByTestId('sponsor-follow')
    fireEvent.click(btn())
    await waitFor(() => expect(btn().getAttribute('data-followed')).toBe('true'))
    expect(btn().textContent).toContain('Following')
    expect(callsTo('/follow/info/add')[0].data).toEqual({ organizationId: 5 })
    fireEvent.click(btn())
    await waitFor(() => expect(btn().getAttribute('data-followed')).toBe('false'))
    expect(changes).toEqual([{ followed: true, followerCount: 11 }, { followed: false, followerCount: 10 }])
  })
})

describe('/center/userinfo', () => {
  test('nickname and phone saves update the stored user; bad input is caught before any call', async () => {
    logIn()
    let current = { ...USER }
    serve({
      '/system/user/current/user': () => current,
      '/system/user/update/info': (b: any) => (current = { ...current, nickName: b.nickName }),
      '/system/user/update/phone': (b: any) => (current = { ...current, phone: b.phone || null }),
      '/system/user/send/modify/verify/code': null,
      '/system/user/update/email': (b: any) => (b.code === '123456' ? (current = { ...current, email: b.email }) : [410, null]),
    })
    render(<CenterUserinfoPage />)
    await waitFor(() => expect(screen.getByTestId('userinfo-current-email').textContent).toBe(USER.email))
    typeAndSave('userinfo-nickname', '', 'userinfo-nickname-save')
    expect(screen.getByTestId('userinfo-error-nickName').textContent).toBe('Please enter a nickname')
    typeAndSave('userinfo-nickname', '大海', 'userinfo-nickname-save')
    await waitFor(() => expect(useAuth.getState().user?.nickName).toBe('大海'))
    expect(callsTo('/system/user/update/info')[0].data).toEqual({ nickName: '大海' })

    typeAndSave('userinfo-phone-input', 'abc', 'userinfo-phone-save')
    expect(screen.getByTestId('userinfo-error-phone').textContent).toBe('Incorrect phone number')
    typeAndSave('userinfo-phone-input', '+44 7700 900123', 'userinfo-phone-save')
    await waitFor(() => expect(useAuth.getState().user?.phone).toBe('+44 7700 900123'))

    // e-mail: the same address is refused locally; the code goes to the new one
    typeAndSave('userinfo-new-email', USER.email, 'userinfo-send-code')
    expect(screen.getByTestId('userinfo-error-email').textContent).toBe('That is already your e-mail')
    typeAndSave('userinfo-new-email', 'new@example.com', 'userinfo-send-code')
    await waitFor(() => expect(callsTo('/system/user/send/modify/verify/code')[0].data).toEqual({ email: 'new@example.com' }))
    await waitFor(() => expect(screen.getByTestId('userinfo-send-code').textContent).toMatch(/Resend in \d+s/))
    typeAndSave('userinfo-code', '000000', 'userinfo-email-save')
    await waitFor(() => expect(toastTitles()).toContain('Verification code expired or wrong'))
    expect(screen.getByTestId('userinfo-current-email').textContent).toBe(USER.email)
    typeAndSave('userinfo-code', '123456', 'userinfo-email-save')
    await waitFor(() => expect(screen.getByTestId('userinfo-current-email').textContent).toBe('new@example.com'))
    expect(useAuth.getState().user?.email).toBe('new@example.com')
  })

  test('an avatar over 400 KB is refused before uploading; a smaller one is uploaded as kind avatar and saved', async () => {
    logIn()
    serve({ '/system/user/current/user': USER, '/system/user/update/info': (b: any) => ({ ...USER, avatarUrl: b.avatarUrl }) })
    const picker = answerFilePicker({ name: 'big.png', size: 400 * 1024 + 1 }, { name: 'small.png', size: 2048 }, { name: 'odd.png', size: 100 }, { name: 'huge.png', size: 68 })
    T.uploadFile = jest.fn().mockResolvedValueOnce({ statusCode: 200, data: JSON.stringify({ code: 200, result: '/uploads/2026-11/' + 'a'.repeat(32) + '.png', message: '' }) })
    render(<CenterUserinfoPage />)
    fireEvent.click(screen.getByTestId('userinfo-avatar-change'))
    await waitFor(() => expect(toastTitles()).toContain('The avatar must be 400 KB or smaller'))
    expect(T.uploadFile).not.toHaveBeenCalled()

    fireEvent.click(screen.getByTestId('userinfo-avatar-change'))
    await waitFor(() => expect(useAuth.getState().user?.avatarUrl).toBe('/uploads/2026-11/' + 'a'.repeat(32) + '.png'))
    const upload = T.uploadFile.mock.calls[0][0]
    expect(upload.url).toMatch(/\/api\/v1\/file\/info\/single\/upload\?kind=avatar$/)
    expect(upload).toMatchObject({ filePath: 'blob:test/2', name: 'file', header: expect.objectContaining({ Authorization: 'Bearer tok' }) })
    expect(picker.opened).toEqual([{ accept: 'image/*', inDocument: true }, { accept: 'image/*', inDocument: true }])
    // a file the server refuses as not a picture: said in the person's language; the avatar stays
    await waitFor(() => expect(screen.getByTestId('userinfo-avatar-change').className).not.toContain('is-disabled'))
    T.uploadFile.mockResolvedValueOnce({ statusCode: 200, data: JSON.stringify({ code: 301, result: { field: 'file', reason: 'type' }, message: 'Parameter error: file' }) })
    fireEvent.click(screen.getByTestId('userinfo-avatar-change'))
    await waitFor(() => expect(toastTitles()).toContain('Only JPG, PNG, GIF or WebP pictures can be uploaded'))
    expect(T.uploadFile.mock.calls[1][0].header).toMatchObject({ 'Accept-Language': 'en' })
    expect(useAuth.getState().user?.avatarUrl).toBe('/uploads/2026-11/' + 'a'.repeat(32) + '.png')
    // a picture declaring more pixels than the server takes: said in the person's language too
    await waitFor(() => expect(screen.getByTestId('userinfo-avatar-change').className).not.toContain('is-disabled'))
    T.uploadFile.mockResolvedValueOnce({ statusCode: 200, data: JSON.stringify({ code: 301, result: { field: 'file', reason: 'dimensions', maxSide: 8000 }, message: 'Parameter error: file' }) })
    fireEvent.click(screen.getByTestId('userinfo-avatar-change'))
    await waitFor(() => expect(toastTitles()).toContain('Pictures may be at most 8000 pixels wide and high'))
    expect(useAuth.getState().user?.avatarUrl).toBe('/uploads/2026-11/' + 'a'.repeat(32) + '.png')
    // each picker's input is gone once answered
    expect(document.querySelectorAll('input[type=file]')).toHaveLength(0)
    picker.restore()
    delete T.uploadFile
  })
})

describe('/center/talent', () => {
  test('a non-promoter is sent to the centre', async () => {
    logIn()
    serve({ '/system/user/current/user': USER })
    render(<CenterTalentPage />)
    await waitFor(() => expect(T.reLaunch).toHaveBeenCalledWith({ url: '/pages/center/index' }))
    expect(callsTo('/system/user/promoter/talent/list')).toHaveLength(0)
  })

  test('a promoter sees each attributed person with the activity and the labelled answers', async () => {
    const promoter = { ...USER, isPromoter: true }
    logIn(promoter)
    serve({
      '/system/user/current/user': promoter,
      '/system/user/promoter/talent/list': pageOf([
        {
          enrollmentId: 9, status: 'pending', createdAt: '2026-11-10T02:00:00.000Z',
          person: { id: 3, nickName: '示例用户', avatarUrl: null, guestEmail: null, confirmed: true },
          activity: { id: 11, titleZh: '北京创业大赛', titleEn: 'Beijing Startup Contest', startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-01T05:00:00.000Z', timeZone: 'UTC+08:00' },
          answers: { name: '张三', degree: 'phd', extra: 'x' },
          fields: [{ key: 'name', labelZh: '姓名', labelEn: 'Full name' }, { key: 'degree', labelZh: '最高学历', labelEn: 'Highest degree' }],
        },
        {
          enrollmentId: 8, status: 'approved', createdAt: '2026-11-09T02:00:00.000Z',
          person: { id: null, nickName: null, avatarUrl: null, guestEmail: 'guest@example.com', confirmed: false },
          activity: { id: 12, titleZh: '伦敦宣讲会', titleEn: '', startTime: '2026-12-02T01:00:00.000Z', endTime: '2026-12-02T05:00:00.000Z', timeZone: 'UTC+00:00' },
          answers: { name: '李四' },
          fields: [],
        },
      ]),
    })
    render(<CenterTalentPage />)
    await waitFor(() => expect(screen.getAllByTestId('talent-item')).toHaveLength(2))
    expect(screen.getAllByTestId('talent-name').map((e) => e.textContent)).toEqual(['示例用户', 'guest@example.com'])
    expect(screen.getAllByTestId('talent-activity').map((e) => e.textContent)).toEqual(['Beijing Startup Contest', '伦敦宣讲会'])
    const answers = screen.getAllByTestId('talent-answers')[0].textContent
    expect(answers).toContain('Full name张三')
    expect(answers).toContain('Highest degreephd')
    expect(answers).toContain('extrax')
    expect(screen.getAllByTestId('talent-item')[0].textContent).toContain('Waiting for approval')
    // the visitor's e-mail is not confirmed: marked so, the user's is not
    expect(screen.getAllByTestId('talent-unconfirmed')).toHaveLength(1)
    expect(screen.getAllByTestId('talent-item')[1].textContent).toContain('E-mail not confirmed')
    expect(screen.getByTestId('talent-total').textContent).toBe('2 enrolments')
    act(() => setLang('zh'))
    expect(screen.getAllByTestId('talent-answers')[0].textContent).toContain('姓名张三')
  })
})

describe('a WeChat-created account', () => {
  test('shows "no e-mail bound yet" instead of its placeholder address, in both languages', () => {
    const user = { id: 9, nickName: '微信用户 ab12', avatarUrl: null, email: 'wx-ab12cd@wechat.invalid', isPromoter: false } as unknown as CurrentUser
    act(() => setLang('en'))
    const r = render(<ProfileCard user={user} />)
    expect(screen.getByTestId('center-email').textContent).toBe('No e-mail bound yet')
    expect(screen.queryByText(/wechat\.invalid/)).toBeNull()
    r.unmount()
    act(() => setLang('zh'))
    render(<ProfileCard user={{ ...user, email: 'me@example.com' } as CurrentUser} />)
    expect(screen.getByTestId('center-email').textContent).toBe('me@example.com')
  })
})
