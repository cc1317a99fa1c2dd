/** The enrolment button, activity detail times, the activity list, search and policy match pages. */
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import EnrollButton, { ENROLL_STATES } from '../../src/components/activity/enroll-button'
import { ActivityTimes } from '../../src/pages/activity-detail/index'
import ActivityDetailPage from '../../src/pages/activity-detail/index'
import ActivityListPage from '../../src/pages/activity/index'
import SearchPage from '../../src/pages/search/index'
import MatchPage, { MatchResultList, bestPerPolicy, missingField } from '../../src/pages/match/index'
import { resetHotSearchCache } from '../../src/components/layout/hot-search'
import { resetSiteSettingsCache } from '../../src/shared/hooks/use-site-settings'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetRequestState } from '../../src/shared/api/request'
import { useAuth } from '../../src/shared/stores/auth-store'
import type { ActivityDetail, ActivityListItem } from '@contracts/activity'
import type { MatchResult, PolicyListItem } from '@contracts/policy'
import { typeInto } from './support/fields'

const T = Taro as any
const ok = (result: unknown) => ({ statusCode: 200, header: {}, data: { code: 200, result, message: '' } })
const calls = (path: string) => T.request.mock.calls.map((c: any[]) => c[0]).filter((o: any) => o.url === `/api/v1${path}`)

const item = (id: number, over: Partial<ActivityListItem> = {}): ActivityListItem => ({
  id, titleZh: `悉尼人才论坛${id}`, titleEn: `Sydney Talent Forum ${id}`, summaryZh: '海外人才交流', summaryEn: 'Talent exchange', type: 'offline',
  posterUrl: null, startTime: '2026-12-01T00:00:00.000Z', endTime: '2026-12-01T02:00:00.000Z', timeZone: 'UTC+10:00', country: 'AU',
  cityZh: '悉尼', cityEn: 'Sydney', organizerId: 7, organizerNameZh: '海归创新中心', organizerNameEn: 'Returnee Innovation Centre', peopleCount: 100,
  enrolledCount: 40, isHot: false, status: 'upcoming', categories: [{ code: 'forum', nameZh: '论坛峰会', nameEn: 'Forums' }], tagsZh: ['人工智能'], tagsEn: ['AI'], viewCount: 9,
  ...over,
})
const detail = (over: Partial<ActivityDetail> = {}): ActivityDetail => ({
  ...item(3), bannerUrl: null, liveUrl: 'https://live.example.com/3', liveQrUrl: '/static/posters/live.svg', wechatGroupQrUrl: null,
  highlightsZh: ['院士演讲'], highlightsEn: ['Keynote by an academician'], detailZh: '<p>详情</p>', detailEn: '<p>Details here</p>',
  addresses: [{ country: 'AU', countryNameZh: '澳大利亚', countryNameEn: 'Australia', timeZone: 'UTC+10:00', cityZh: '悉尼', cityEn: 'Sydney', addressZh: '悉尼会展中心', addressEn: 'ICC Sydney' }],
  enrollDeadline: null, isDeadlineEqualEnd: true, isOpen: true, isNeedLoginEnroll: true, signUpOnce: false, enrollNeedProcess: true,
  enrollNotesZh: '', enrollNotesEn: '', enrollState: 'register_now', myEnrollment: null, ...over,
})
const policy = (id: number, titleEn: string, titleZh: string): PolicyListItem => ({
  id, titleZh, titleEn, summaryZh: '', summaryEn: '', level: 'municipal', cityZh: '上海', cityEn: 'Shanghai', issuerZh: '人社局', issuerEn: 'HR Bureau',
  category: null, publishedAt: '2026-11-01T00:00:00.000Z', viewCount: 1,
})

beforeAll(() => initI18n())
beforeEach(() => {
  T.__reset()
  T.setClipboardData = jest.fn().mockResolvedValue({})
  resetRequestState()
  resetHotSearchCache()
  resetSiteSettingsCache()
  setLang('en')
  act(() => useAuth.getState().logout())
})

describe('enrolment button', () => {
  const TEXT = {
    en: ['Register now', 'Register again', 'Registered (click to view)', 'Activity ended', 'Enrolment closed', 'Join the waiting list', 'On the waiting list', 'Confirm your seat'],
    zh: ['立即报名', '再次报名', '已报名（点击查看）', '活动已结束', '报名已截止', '加入候补名单', '候补中', '确认名额'],
  }
  test.each(['en', 'zh'] as const)('text for each state (%s)', (lang) => {
    act(() => setLang(lang))
    ENROLL_STATES.forEach((state, i) => {
      const { unmount } = render(<EnrollButton activityId={3} state={state} loggedIn={false} />)
      expect(screen.getByTestId('enroll-button').textContent).toBe(TEXT[lang][i])
      expect(screen.getByTestId('enroll-button').getAttribute('data-state')).toBe(state)
      unmount()
    })
  })

  test('logged out "register now" goes to login with a redirect back', () => {
    render(<EnrollButton activityId={3} state='register_now' loggedIn={false} />)
    fireEvent.click(screen.getByTestId('enroll-button'))
    expect(T.navigateTo).toHaveBeenCalledWith({ url: `/pages/login/index?redirect=${encodeURIComponent('/activityDetail?id=3')}` })
  })

  test('an active state hands the click to the enrolment section; ended / closed do nothing', () => {
    const onEnroll = jest.fn()
    for (const state of ['register_now', 'register_again', 'registered'] as const) {
      const r = render(<EnrollButton activityId={3} state={state} loggedIn onEnroll={onEnroll} />)
      fireEvent.click(screen.getByTestId('enroll-button'))
      expect(onEnroll).toHaveBeenLastCalledWith(state)
      r.unmount()
    }
    onEnroll.mockClear()
    for (const state of ['ended', 'closed'] as const) {
      const x = render(<EnrollButton activityId={3} state={state} loggedIn onEnroll={onEnroll} />)
      fireEvent.click(screen.getByTestId('enroll-button'))
      expect(screen.getByTestId('enroll-button').getAttribute('aria-disabled')).toBe('true')
      x.unmount()
    }
    expect(onEnroll).not.toHaveBeenCalled()
    expect(T.navigateTo).not.toHaveBeenCalled()
  })

  test('without a handler (cards), a logged-in click opens the detail page', () => {
    render(<EnrollButton activityId={3} state='register_now' loggedIn />)
    fireEvent.click(screen.getByTestId('enroll-button'))
    expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/activity-detail/index?id=3' })
  })
})

describe('activity times', () => {
  test('UTC+10:00 activity for a viewer at UTC+08:00, both labelled', () => {
    render(<ActivityTimes start='2026-12-01T00:00:00.000Z' end='2026-12-01T02:00:00.000Z' timeZone='UTC+10:00' viewerMinutes={480} />)
    expect(screen.getByTestId('activity-time-own').textContent).toBe('Local time of the activity (UTC+10:00)2026-12-01 10:00 – 12:00')
    expect(screen.getByTestId('activity-time-viewer').textContent).toBe('Your local time (UTC+08:00)2026-12-01 08:00 – 10:00')
    act(() => setLang('zh'))
    expect(screen.getByTestId('activity-time-own').textContent).toContain('活动当地时间（UTC+10:00）')
  })
})

describe('activity detail page', () => {
  test('renders the detail, sets its title, organiser card links the sponsor page', async () => {
    T.useRouter.mockReturnValue({ path: '/pages/activity-detail/index', params: { id: '3' } })
    T.request.mockImplementation(async ({ url }: { url: string }) => (url.includes('/activity/info/detail') ? ok(detail({ enrollState: 'closed' })) : ok(null)))
    render(<ActivityDetailPage />)
    await waitFor(() => expect(screen.getByTestId('activity-title').textContent).toBe('Sydney Talent Forum 3'))
    expect(calls('/activity/info/detail')[0].data).toEqual({ id: 3 })
    expect(screen.getByTestId('enroll-button').textContent).toBe('Enrolment closed')
    expect(screen.getByTestId('activity-people').textContent).toBe('40 / 100')
    // the body under the poster and facts is drawn one frame later
    expect((await screen.findByTestId('activity-address')).textContent).toContain('Australia')
    expect(screen.getByTestId('activity-address').textContent).toContain('UTC+10:00')
    expect(screen.getByTestId('activity-time-own').textContent).toContain('2026-12-01 10:00 – 12:00')
    await waitFor(() => expect(T.setNavigationBarTitle).toHaveBeenCalledWith({ title: 'Sydney Talent Forum 3 - Haijiao' }))
    expect(document.title).toBe('Sydney Talent Forum 3 - Haijiao')
    fireEvent.click(screen.getByTestId('activity-organizer-card'))
    expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/sponsor/index?id=7' })
  })
})

describe('activity list page', () => {
  test('filters from the URL query go to the server; a chip changes them and resets the page', async () => {
    T.useRouter.mockReturnValue({ path: '/pages/activity/index', params: { type: 'online', status: 'upcoming' } })
    T.request.mockImplementation(async ({ url }: { url: string }) => {
      if (url.includes('/activity/info/list')) return ok({ list: [item(1), item(2)], total: 30, page: 1, pageSize: 12 })
      if (url.includes('/activity/category/list')) return ok([{ code: 'forum', nameZh: '论坛峰会', nameEn: 'Forums' }])
      if (url.includes('/activity/country/list')) return ok([{ code: 'AU', nameZh: '澳大利亚', nameEn: 'Australia' }])
      return ok(null)
    })
    render(<ActivityListPage />)
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(2))
    expect(calls('/activity/info/list')[0].data).toEqual({ type: 'online', status: 'upcoming', page: 1, pageSize: 12 })
    expect(screen.getByTestId('filter-type-online').className).toContain('is-active')
    await waitFor(() => expect(screen.getByTestId('filter-country-AU')).toBeTruthy())
    fireEvent.click(screen.getByTestId('filter-country-AU'))
    await waitFor(() => expect(calls('/activity/info/list')).toHaveLength(2))
    expect(calls('/activity/info/list')[1].data).toEqual({ type: 'online', status: 'upcoming', country: 'AU', page: 1, pageSize: 12 })
    // desktop pagination (jsdom width 1280)
    fireEvent.click(screen.getByTestId('activity-pagination-page-2'))
    await waitFor(() => expect(calls('/activity/info/list')).toHaveLength(3))
    expect(calls('/activity/info/list')[2].data).toMatchObject({ country: 'AU', page: 2 })
    expect(window.location.search).toContain('country=AU')
    expect(window.location.search).toContain('page=2')
  })
})

describe('search page', () => {
  test('a Chinese keyword in one module: highlighted results, other tabs', async () => {
    T.useRouter.mockReturnValue({ path: '/pages/search/index', params: { path: encodeURIComponent('/activity'), keywords: encodeURIComponent('人才') } })
    T.request.mockImplementation(async ({ url, data }: { url: string; data: any }) => {
      if (url.includes('/search/all') && data.module === 'activity') return ok({ keywords: '人才', activity: { list: [item(1)], total: 1, page: 1, pageSize: 10 } })
      if (url.includes('/search/all')) return ok({ keywords: '人才', topic: { list: [], total: 0, page: 1, pageSize: 10 } })
      return ok(null)
    })
    act(() => setLang('zh'))
    render(<SearchPage />)
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(1))
    expect(calls('/search/all')[0].data).toEqual({ keywords: '人才', module: 'activity', page: 1, pageSize: 10 })
    expect(screen.getByTestId('search-tab-activity').className).toContain('is-active')
    expect(screen.getAllByTestId('hl').map((e) => e.textContent)).toEqual(['人才', '人才'])
    fireEvent.click(screen.getByTestId('search-tab-topic'))
    await waitFor(() => expect(screen.getByTestId('search-empty').textContent).toBe('未找到与“人才”相关的结果'))
    expect(calls('/search/all')[1].data).toMatchObject({ module: 'topic' })
  })

  test('an English keyword over all modules, grouped, case-insensitive highlight', async () => {
    T.useRouter.mockReturnValue({ path: '/pages/search/index', params: { path: 'all', keywords: 'talent' } })
    T.request.mockImplementation(async ({ url }: { url: string }) =>
      url.includes('/search/all')
        ? ok({ keywords: 'talent', activity: { list: [item(1)], total: 1, page: 1, pageSize: 5 }, policy: { list: [policy(4, 'Talent Residence Policy', '人才落户政策')], total: 9, page: 1, pageSize: 5 } })
        : ok(null),
    )
    render(<SearchPage />)
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(2))
    expect(calls('/search/all')[0].data).toEqual({ keywords: 'talent', module: 'all', page: 1 })
    expect(screen.getByTestId('search-group-policy').textContent).toContain('Policies (9)')
    expect(screen.getAllByTestId('hl').map((e) => e.textContent)).toEqual(['Talent', 'Talent', 'Talent'])
    const policyRow = screen.getAllByTestId('search-result').find((e) => e.getAttribute('data-module') === 'policy')!
    fireEvent.click(policyRow)
    expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/policy-detail/index?id=4' })
    fireEvent.click(screen.getByTestId('search-more-policy'))
    await waitFor(() => expect(screen.getByTestId('search-tab-policy').className).toContain('is-active'))
  })
})

describe('policy match', () => {
  const RESULT: MatchResult = {
    list: [
      { policy: policy(1, 'Shanghai Residence Policy', '上海落户政策'), ruleId: 10, matched: true, matchedConditions: ['degree', 'age', 'city'], unmatchedConditions: [] },
      { policy: policy(2, 'Shenzhen Talent Award', '深圳人才奖励'), ruleId: 20, matched: false, matchedConditions: ['degree'], unmatchedConditions: ['age', 'foreignDescent'] },
    ],
  }

  test('result cards: ✓ matched and ✗ unmatched conditions, bilingual names, link to the policy', () => {
    render(<MatchResultList result={RESULT} lang='en' />)
    const cards = screen.getAllByTestId('match-result')
    expect(cards.map((c) => c.getAttribute('data-matched'))).toEqual(['true', 'false'])
    expect(cards[0].textContent).toContain('Full match')
    expect(cards[1].textContent).toContain('Partial match')
    expect(cards[1].textContent).toContain('1 of 3 conditions met')
    const conds = (i: number) => Array.from(cards[i].querySelectorAll('[data-testid="match-cond"]')).map((e) => e.textContent)
    expect(conds(0)).toEqual(['✓ Degree', '✓ Age', '✓ City'])
    expect(conds(1)).toEqual(['✓ Degree', '✗ Age', '✗ Nationality (foreign descent)'])
    fireEvent.click(screen.getAllByTestId('match-result-link')[1])
    expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/policy-detail/index?id=2' })
    act(() => setLang('zh'))
    expect(screen.getAllByTestId('match-result')[1].textContent).toContain('✗ 国籍（外籍）限制')
    expect(screen.getAllByTestId('match-result')[1].textContent).toContain('部分匹配')
  })

  test('one card per policy: its best rule', () => {
    const dup = { ...RESULT.list[1], policy: RESULT.list[0].policy, ruleId: 11 }
    expect(bestPerPolicy([RESULT.list[0], dup, RESULT.list[1]]).map((i) => i.ruleId)).toEqual([10, 20])
  })

  test('questionnaire: missing answers are named; a complete one is posted and rendered', async () => {
    const opt = (code: string) => [{ code, nameZh: code, nameEn: code }]
    T.request.mockImplementation(async ({ url }: { url: string }) => {
      if (url.includes('/policy/match/options'))
        return ok({ degrees: [{ code: 'master', nameZh: '硕士', nameEn: "Master's" }], cities: opt('shanghai'), titles: opt('senior'), platformNatures: opt('university'), professionalFields: opt('ai') })
      if (url.includes('/policy/match/run')) return ok(RESULT)
      return ok(null)
    })
    expect(missingField({ degree: 'master', age: 30 })).toBe('overseasYears')
    render(<MatchPage />)
    await waitFor(() => expect(screen.getByTestId('match-city-shanghai')).toBeTruthy())
    fireEvent.click(screen.getByTestId('match-submit'))
    expect(screen.getByTestId('match-error').textContent).toBe('Please answer every question: Highest degree')
    fireEvent.click(screen.getByTestId('match-degree-master'))
    typeInto('match-age', '35')
    typeInto('match-overseasYears', '4')
    typeInto('match-returnYears', '0')
    for (const f of ['city-shanghai', 'title-senior', 'platformNature-university', 'professionalField-ai', 'foreignNationality-yes']) fireEvent.click(screen.getByTestId(`match-${f}`))
    fireEvent.click(screen.getByTestId('match-submit'))
    await waitFor(() => expect(screen.getAllByTestId('match-result')).toHaveLength(2))
    expect(calls('/policy/match/run')[0]).toMatchObject({
      method: 'POST',
      data: { degree: 'master', age: 35, overseasYears: 4, returnYears: 0, city: 'shanghai', title: 'senior', platformNature: 'university', professionalField: 'ai', foreignNationality: true },
    })
    expect(screen.getByTestId('match-count').textContent).toBe('2 policies, 1 fully matched')
  })
})
